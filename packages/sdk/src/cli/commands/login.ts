/** `login`: check a key against GET /account, then store it with the service address. */
import type { Readable } from 'node:stream';
import { Quarry } from '../../client.js';
import type { Command } from '../io.js';
import { UsageError } from '../io.js';
import { writeStoredConfig } from '../settings.js';

export const login: Command = {
  words: ['login'],
  usage: 'login [--key KEY] [--base-url URL]',
  summary: 'check an API key and store it (read from stdin without --key)',
  options: { key: { type: 'string' } },
  async run(ctx, values) {
    const key = typeof values.key === 'string' ? values.key.trim() : await readKey(ctx.io.stdin, ctx.err);
    if (!key) throw new UsageError('no API key given: pass --key or pipe it on stdin');
    const baseUrl = ctx.settings.baseUrl;
    const account = await new Quarry({ apiKey: key, baseUrl }).account.get();
    await writeStoredConfig(ctx.settings.configPath, { baseUrl, apiKey: key });
    ctx.out(`Logged in to ${baseUrl} as ${account.email} (plan ${account.plan}, ${account.credits_remaining} credits left).`);
    ctx.out(`Saved to ${ctx.settings.configPath}`);
    return 0;
  },
};

/** The first line of stdin (a prompt is shown when it is a terminal). */
async function readKey(stdin: Readable & { isTTY?: boolean }, err: (t: string) => void): Promise<string> {
  if (stdin.isTTY) err('API key (pmx_...): ');
  let text = '';
  for await (const chunk of stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0].trim();
}
