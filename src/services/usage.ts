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
