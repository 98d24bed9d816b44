/** `usage --by-api`: calls, errors and credits per API over the last days. */
import type { Command } from '../io.js';
import { UsageError } from '../io.js';

export const usage: Command = {
  words: ['usage'],
  usage: 'usage --by-api [--days N] [--json]',
  summary: 'calls, errors and credits per API over the last N days (default 30)',
  options: { 'by-api': { type: 'boolean' }, days: { type: 'string' }, json: { type: 'boolean' } },
  async run(ctx, values, positionals) {
    if (positionals.length > 0) throw new UsageError('usage takes no arguments');
    if (!values['by-api']) throw new UsageError('say how to break usage down: --by-api');
    const days = values.days === undefined ? 30 : Number(values.days);
    if (!Number.isInteger(days) || days < 1 || days > 90) throw new UsageError('--days must be a whole number from 1 to 90');
    const apis = await ctx.client({ requireKey: true }).usageByApi({ days });
    if (values.json) ctx.out(JSON.stringify(apis, null, 2));
    else if (apis.length === 0) ctx.out(`No calls in the last ${days} days.`);
    else {
      for (const a of apis) {
        const errors = a.errors === 1 ? '1 error' : `${a.errors} errors`;
        ctx.out(`${a.scraper_id}  ${a.name ?? '(removed API)'}  ${a.calls === 1 ? '1 call' : `${a.calls} calls`}, ${errors}, ${a.credits} credits, last ${a.last_called_at ?? 'never'}`);
      }
    }
    return 0;
  },
};
