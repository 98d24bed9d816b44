/**
 * Usage per UTC day for the dashboard's chart: endpoint calls (from the call log) and credits
 * spent (charges in the ledger). Days without activity are filled with zeros so the chart
 * has one bar per day.
 */
import type { Db } from '../db/index.js';
import type { Clock } from '../clock.js';

export interface UsageDay {
  date: string;
  calls: number;
  errors: number;
  credits: number;
}

export async function usagePerDay(db: Db, clock: Clock, userId: string, days: number): Promise<UsageDay[]> {
  const end = clock.now();
  const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate() - (days - 1)));
  const since = start.toISOString();
  const byDay = new Map<string, UsageDay>();
  for (let i = 0; i < days; i++) {
    const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    byDay.set(date, { date, calls: 0, errors: 0, credits: 0 });
  }
  // Rows are read and bucketed here: the same code on SQLite and PostgreSQL, and a user's month is small.
  const calls = await db.kysely
    .selectFrom('endpoint_calls')
    .select(['created_at', 'status_code'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .execute();
  for (const c of calls) {
    const day = byDay.get(c.created_at.slice(0, 10));
    if (!day) continue;
    day.calls++;
    if (c.status_code >= 400) day.errors++;
  }
  const charges = await db.kysely
    .selectFrom('credit_ledger')
    .select(['created_at', 'delta'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('delta', '<', 0)
    .execute();
  for (const c of charges) {
    const day = byDay.get(c.created_at.slice(0, 10));
    if (day) day.credits += -c.delta;
  }
  return [...byDay.values()];
}

/** The ledger reason of an execution's charge (services/execute.ts). */
const EXECUTION_CHARGE = 'endpoint_call';

/** One API's use over the window (the usage page's table, GET /account/usage/apis). */
export interface UsageByApi {
  scraper_id: string;
  /** The API's name; null when the API no longer exists. */
  name: string | null;
  calls: number;
  errors: number;
  credits: number;
  last_called_at: string | null;
}

/**
 * Calls, errors and credits per API over the last `days` UTC days (the same window as
 * usagePerDay), for every API called or charged in it, archived ones included: what was spent
 * stays spent. Credits are the execution charges, whose ledger ref is `<scraper_id>/<endpoint>`.
 */
export async function usagePerApi(db: Db, clock: Clock, userId: string, days: number): Promise<UsageByApi[]> {
  const end = clock.now();
  const since = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate() - (days - 1))).toISOString();
  const byApi = new Map<string, UsageByApi>();
  const entry = (scraperId: string): UsageByApi => {
    let e = byApi.get(scraperId);
    if (!e) byApi.set(scraperId, (e = { scraper_id: scraperId, name: null, calls: 0, errors: 0, credits: 0, last_called_at: null }));
    return e;
  };
  const calls = await db.kysely
    .selectFrom('endpoint_calls')
    .select(['scraper_id', 'created_at', 'status_code'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .execute();
  for (const c of calls) {
    const e = entry(c.scraper_id);
    e.calls++;
    if (c.status_code >= 400) e.errors++;
    if (e.last_called_at === null || c.created_at > e.last_called_at) e.last_called_at = c.created_at;
  }
  const charges = await db.kysely
    .selectFrom('credit_ledger')
    .select(['ref', 'delta'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('reason', '=', EXECUTION_CHARGE)
    .where('delta', '<', 0)
    .execute();
  for (const c of charges) {
    const scraperId = c.ref?.split('/')[0];
    if (scraperId) entry(scraperId).credits += -c.delta;
  }
  const ids = [...byApi.keys()];
  if (ids.length > 0) {
    // Names of the caller's own APIs and of canonicals it called; another account's name never shows.
    const rows = await db.kysely.selectFrom('scrapers').select(['id', 'name', 'user_id', 'source']).where('id', 'in', ids).execute();
    for (const r of rows) if (r.user_id === userId || r.source === 'canonical') byApi.get(r.id)!.name = r.name;
  }
  return [...byApi.values()].sort((a, b) => b.calls - a.calls || b.credits - a.credits || a.scraper_id.localeCompare(b.scraper_id));
}
