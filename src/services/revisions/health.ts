/**
 * Endpoint health, as the self-heal sweep records it: one row per endpoint it looked at
 * (healthy, failing, repairing, repaired, unrepaired), read back for owners
 * (`GET /dispatch/scrapers/{id}/health`) and, summed over a canonical and its copies, for the
 * marketplace listing's trust signals.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { EndpointHealthTable } from '../../db/schema.js';
import { iso, type Clock } from '../../clock.js';

type Q = Kysely<Database> | Transaction<Database>;

export type HealthStatus = 'healthy' | 'failing' | 'repairing' | 'repaired' | 'unrepaired';
export type HealthRow = EndpointHealthTable;

export async function healthRows(q: Q, scraperId: string): Promise<HealthRow[]> {
  return q.selectFrom('endpoint_health').selectAll().where('scraper_id', '=', scraperId).orderBy('endpoint_name').execute();
}

export async function findHealth(q: Q, scraperId: string, endpointName: string): Promise<HealthRow | undefined> {
  return q.selectFrom('endpoint_health').selectAll().where('scraper_id', '=', scraperId).where('endpoint_name', '=', endpointName).executeTakeFirst();
}

/** Write the endpoint's new state; `failing_since` starts at the first failure and clears on health. */
export async function recordHealth(
  q: Q,
  clock: Clock,
  key: { scraper_id: string; endpoint_name: string },
  change: { status: HealthStatus; failure?: string | null; repair_task_id?: string | null; repaired?: boolean },
): Promise<void> {
  const now = iso(clock);
  const current = await findHealth(q, key.scraper_id, key.endpoint_name);
  const failing = change.status === 'failing' || change.status === 'repairing' || change.status === 'unrepaired';
  const row: HealthRow = {
    scraper_id: key.scraper_id,
    endpoint_name: key.endpoint_name,
    status: change.status,
    checked_at: now,
    failing_since: failing ? (current?.failing_since ?? now) : null,
    last_failure: change.failure !== undefined ? change.failure : (current?.last_failure ?? null),
    repair_task_id: change.repair_task_id !== undefined ? change.repair_task_id : (current?.repair_task_id ?? null),
    repaired_at: change.repaired ? now : (current?.repaired_at ?? null),
    repairs: (current?.repairs ?? 0) + (change.repaired ? 1 : 0),
  };
  if (current) {
    await q.updateTable('endpoint_health').set(row).where('scraper_id', '=', key.scraper_id).where('endpoint_name', '=', key.endpoint_name).execute();
  } else {
    await q.insertInto('endpoint_health').values(row).execute();
  }
}

export interface SelfHealSignals {
  /** Endpoints repaired by self-healing in the last 30 days. */
  repairs_30d: number;
  last_repaired_at: string | null;
  /** Endpoints found broken and not repaired (yet). */
  endpoints_failing: number;
  /** Endpoints being repaired now. */
  endpoints_repairing: number;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Self-healing over a canonical and every scraper following it, for the listing's trust
 * signals: a repair of any copy that passed its tests was released to the canonical.
 */
export async function selfHealSignals(q: Q, canonicalScraperId: string, now: Date): Promise<SelfHealSignals> {
  const followers = q.selectFrom('scrapers').select('id').where('canonical_scraper_id', '=', canonicalScraperId);
  const rows = await q
    .selectFrom('endpoint_health')
    .selectAll()
    .where((eb) => eb.or([eb('scraper_id', '=', canonicalScraperId), eb('scraper_id', 'in', followers)]))
    .execute();
  const since = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  const repaired = rows.filter((r) => r.repaired_at && r.repaired_at >= since);
  return {
    repairs_30d: repaired.length,
    last_repaired_at: repaired.reduce<string | null>((max, r) => (max === null || r.repaired_at! > max ? r.repaired_at : max), null),
    endpoints_failing: rows.filter((r) => r.status === 'failing' || r.status === 'unrepaired').length,
    endpoints_repairing: rows.filter((r) => r.status === 'repairing').length,
  };
}
