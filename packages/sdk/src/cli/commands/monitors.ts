/** `monitor create|list|changes|deliveries`: monitors of your API endpoints, their changes and webhook deliveries. */
import type { Command } from '../io.js';
import { UsageError } from '../io.js';
import { parseParams } from '../params.js';

const int = (v: unknown, name: string): number | undefined => {
  if (v === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(String(v))) throw new UsageError(`--${name} must be an integer of 1 or more`);
  return Number(v);
};

export const monitorCreate: Command = {
  words: ['monitor', 'create'],
  usage: 'monitor create SCRAPER ENDPOINT (--every SECONDS | --cron "EXPR") [--param k=v ...] [--webhook URL] [--key FIELD ...] [--name NAME] [--json]',
  summary: 'watch an endpoint on a schedule; prints the monitor and its webhook secret (shown once)',
  options: {
    every: { type: 'string' },
    cron: { type: 'string' },
    param: { type: 'string', multiple: true, short: 'p' },
    webhook: { type: 'string' },
    key: { type: 'string', multiple: true },
    name: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(ctx, values, positionals) {
    const [scraperId, endpointName] = positionals;
    if (!scraperId || !endpointName || positionals.length > 2) throw new UsageError('monitor create takes SCRAPER and ENDPOINT');
    if ((values.every === undefined) === (values.cron === undefined)) throw new UsageError('give exactly one of --every SECONDS and --cron "EXPR"');
    const quarry = ctx.client({ requireKey: true });
    const keys = values.key as string[] | undefined;
    const m = await quarry.monitors.create({
      scraper_id: scraperId,
      endpoint_name: endpointName,
      params: parseParams((values.param as string[] | undefined) ?? []),
      ...(values.every !== undefined ? { every_seconds: int(values.every, 'every') } : { cron: String(values.cron) }),
      ...(values.webhook !== undefined ? { webhook_url: String(values.webhook) } : {}),
      ...(keys?.length ? { key_fields: keys } : {}),
      ...(values.name !== undefined ? { name: String(values.name) } : {}),
    });
    if (values.json) ctx.out(JSON.stringify(m, null, 2));
    else {
      ctx.out(`${m.monitor_id}  ${m.endpoint_name}  ${m.every_seconds ? `every ${m.every_seconds} s` : `cron ${m.cron}`}  next run ${m.next_run_at ?? '-'}`);
      ctx.out(`webhook secret (shown once): ${m.webhook_secret}`);
    }
    return 0;
  },
};

export const monitorList: Command = {
  words: ['monitor', 'list'],
  usage: 'monitor list [--json]',
  summary: 'list your monitors',
  options: { json: { type: 'boolean' } },
  async run(ctx, values, positionals) {
    if (positionals.length > 0) throw new UsageError('monitor list takes no arguments');
    const quarry = ctx.client({ requireKey: true });
    const all = [];
    for (let cursor: string | undefined; ; ) {
      const page = await quarry.monitors.list({ limit: 100, ...(cursor ? { cursor } : {}) });
      all.push(...page.monitors);
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    if (values.json) ctx.out(JSON.stringify(all, null, 2));
    else if (all.length === 0) ctx.out('No monitors yet. Create one with: quarry monitor create SCRAPER ENDPOINT --every 3600');
    else
      for (const m of all) {
        const state = m.paused ? `paused${m.paused_reason ? ` (${m.paused_reason})` : ''}` : `next ${m.next_run_at}`;
        ctx.out(`${m.monitor_id}  ${m.name ?? m.endpoint_name}  ${m.every_seconds ? `every ${m.every_seconds} s` : `cron ${m.cron}`}  last ${m.last_run_status ?? '-'}  ${state}`);
      }
    return 0;
  },
};

export const monitorChanges: Command = {
  words: ['monitor', 'changes'],
  usage: 'monitor changes MONITOR [--limit N] [--json]',
  summary: 'the records a monitor saw added, removed and changed (field: from -> to), newest first',
  options: { limit: { type: 'string' }, json: { type: 'boolean' } },
  async run(ctx, values, positionals) {
    const [monitorId] = positionals;
    if (!monitorId || positionals.length > 1) throw new UsageError('monitor changes takes MONITOR');
    const quarry = ctx.client({ requireKey: true });
    const page = await quarry.monitors.changes(monitorId, { limit: int(values.limit, 'limit') ?? 20 });
    if (values.json) {
      ctx.out(JSON.stringify(page, null, 2));
      return 0;
    }
    if (page.changes.length === 0) ctx.out('No change yet (the first run sets the baseline).');
    for (const c of page.changes) {
      ctx.out(`${c.at}  change ${c.change_id}: ${c.added.length} added, ${c.removed.length} removed, ${c.changed.length} changed`);
      for (const r of c.added) ctx.out(`  + ${JSON.stringify(r)}`);
      for (const r of c.removed) ctx.out(`  - ${JSON.stringify(r)}`);
      for (const r of c.changed) {
        for (const [field, v] of Object.entries(r.fields)) ctx.out(`  ~ ${JSON.stringify(r.key)} ${field}: ${JSON.stringify(v.from)} -> ${JSON.stringify(v.to)}`);
      }
    }
    return 0;
  },
};

export const monitorDeliveries: Command = {
  words: ['monitor', 'deliveries'],
  usage: 'monitor deliveries MONITOR [--limit N] [--json]',
  summary: "a monitor's webhook deliveries: status, tries, the receiver's answer",
  options: { limit: { type: 'string' }, json: { type: 'boolean' } },
  async run(ctx, values, positionals) {
    const [monitorId] = positionals;
    if (!monitorId || positionals.length > 1) throw new UsageError('monitor deliveries takes MONITOR');
    const quarry = ctx.client({ requireKey: true });
    const page = await quarry.monitors.deliveries(monitorId, { limit: int(values.limit, 'limit') ?? 20 });
    if (values.json) ctx.out(JSON.stringify(page, null, 2));
    else if (page.deliveries.length === 0) ctx.out('No delivery yet.');
    else
      for (const d of page.deliveries) {
        const answer = d.last_status_code ? `HTTP ${d.last_status_code}` : (d.last_error ?? '-');
        ctx.out(`${d.delivery_id}  ${d.created_at}  ${d.status}  tries ${d.attempts}  ${answer}${d.last_latency_ms !== null ? ` ${d.last_latency_ms} ms` : ''}`);
      }
    return 0;
  },
};
