/**
 * The README's "sign up over HTTP, then create a key from that session" lines, run as written
 * with the real curl against a listening server: only the address (the README's 127.0.0.1:8080)
 * and the key placeholder (`pmx_...`, the key the second line printed) are filled in. curl sends
 * neither Sec-Fetch-Site nor Origin, so it is no browser and needs no CSRF token.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

const run = promisify(execFile);
const README = readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8');

/** The shell block of the README that signs up with curl. */
function signupLines(): string[] {
  const blocks = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  const block = blocks.find((b) => b.includes('/auth/signup') && b.includes('curl'));
  if (!block) throw new Error('README has no curl block that signs up');
  return block.split('\n').filter((l) => l.trim().startsWith('curl'));
}

describe("the README's curl lines", () => {
  let t: TestApp;
  let base: string;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    dir = mkdtempSync(path.join(tmpdir(), 'quarry-readme-'));
    // curl's own config file adds the status line, so the README's lines stay exactly as written.
    writeFileSync(path.join(dir, '.curlrc'), 'write-out = "\\n%{http_code}"\n');
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sign up, create a key from the session cookie, and use the key', async () => {
    const lines = signupLines();
    expect(lines).toHaveLength(3);
    const outputs: string[] = [];
    let key = '';
    for (const line of lines) {
      const cmd = line.replaceAll('http://127.0.0.1:8080', base).replaceAll('pmx_...', key);
      // Asynchronously: the server answers from this very process.
      const { stdout: out } = await run('bash', ['-c', cmd], { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: dir } });
      outputs.push(out);
      const [body, status] = [out.slice(0, out.lastIndexOf('\n')), out.slice(out.lastIndexOf('\n') + 1)];
      expect(Number(status), `${line}\n${body}`).toBeLessThan(300);
      const parsed = JSON.parse(body) as { api_key?: string };
      if (parsed.api_key) key = parsed.api_key;
    }
    expect(key).toMatch(/^pmx_/);
    expect(JSON.parse(outputs[2].slice(0, outputs[2].lastIndexOf('\n')))).toMatchObject({ email: 'you@example.com', plan: 'free' });
  });
});
