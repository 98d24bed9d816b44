/** `call SCRAPER ENDPOINT --param k=v ...`: run an endpoint and print its JSON answer. */
import type { Quarry } from '../../client.js';
import type { Command } from '../io.js';
import { UsageError } from '../io.js';
import { parseParams } from '../params.js';
import type { Limits } from '../../types/index.js';

export const call: Command = {
  words: ['call'],
  usage: 'call SCRAPER ENDPOINT [--param k=v ...] [--method GET|POST] [--version N] [--session-id ID --encryption-key K]',
  summary: 'run an endpoint and print its JSON (values are parsed as JSON when they parse)',
  options: {
    param: { type: 'string', multiple: true, short: 'p' },
    method: { type: 'string' },
    version: { type: 'string' },
    'session-id': { type: 'string' },
    'encryption-key': { type: 'string' },
  },
  async run(ctx, values, positionals) {
    const [scraperId, endpointName] = positionals;
    if (!scraperId || !endpointName || positionals.length > 2) throw new UsageError('call takes SCRAPER and ENDPOINT');
    const params = parseParams((values.param as string[] | undefined) ?? []);
    const method = methodOption(values.method);
    const version = versionOption(values.version);
    const session = sessionOption(values['session-id'], values['encryption-key']);
    const quarry = ctx.client({ requireKey: true });
    if (!method) await learnMethods(quarry, scraperId);
    const res = await quarry.callWithInfo(scraperId, endpointName, params, { method, version, session });
    ctx.out(JSON.stringify(res.body, null, 2));
    ctx.err(describeLimits(res.limits, res.requestId));
    return 0;
  },
};

function methodOption(v: unknown): 'GET' | 'POST' | undefined {
  if (v === undefined) return undefined;
  const m = String(v).toUpperCase();
  if (m !== 'GET' && m !== 'POST') throw new UsageError('--method must be GET or POST');
  return m;
}

function versionOption(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(String(v))) throw new UsageError('--version must be an integer of 1 or more');
  return Number(v);
}

function sessionOption(id: unknown, key: unknown) {
  if (id === undefined && key === undefined) return undefined;
  if (typeof id !== 'string' || typeof key !== 'string') throw new UsageError('--session-id and --encryption-key go together');
  return { session_id: id, encryption_key: key };
}

/**
 * GET endpoints take their parameters in the query string, so the method matters. Without
 * --method, read the caller's completed tasks (which teaches the client each endpoint's
 * method) until the scraper's is found; an unknown scraper falls back to POST.
 */
async function learnMethods(quarry: Quarry, scraperId: string): Promise<void> {
  const limit = 100;
  for (let offset = 0; ; offset += limit) {
    const page = await quarry.tasks.list({ status: 'completed', limit, offset });
    if (page.tasks.some((t) => t.result_scraper_id === scraperId) || offset + limit >= page.total || page.tasks.length === 0) return;
  }
}

function describeLimits(l: Limits, requestId: string | null): string {
  const parts = [`request ${requestId ?? '-'}`];
  if (l.creditsCharged !== null) parts.push(`${l.creditsCharged} credit(s) charged`);
  if (l.creditsRemaining !== null) parts.push(`${l.creditsRemaining} left`);
  if (l.remaining !== null) parts.push(`${l.remaining} calls left in the burst bucket`);
  if (l.dailyRemaining !== null) parts.push(`${l.dailyRemaining} today`);
  return parts.join(' · ');
}
