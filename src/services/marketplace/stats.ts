/**
 * Trust signals of a listing, beyond the contract: when its endpoints were last verified, how
 * many pass, median latency, success rate, calls and subscribers. Evidence per endpoint is the
 * newest of (a) the release that last changed it (its tests passed then) and (b) the newest real
 * call of it on the canonical or any copy that says something about the scraper: 200 is a pass;
 * 500/502/503 a failure; the caller's own mistakes (400, 402, 404, 422, 429) say nothing.
 */
import { iso } from '../../clock.js';
import type { ServiceDeps } from '../deps.js';
import { releaseRecipe } from './copies.js';
import { trustOf, type ListingRow, type MonitoredSignals, type Q, type TrustSignals } from './listings.js';
import { searchOf } from './search.js';
import { selfHealSignals } from '../revisions/health.js';

const WINDOW_MS = 30 * 24 * 3600 * 1000;
const MAX_CALLS_READ = 5_000;
const FAULTS = new Set([500, 502, 503]);
/**
 * A failed monitor run counts against the API only when its error class is one a call answers
 * with 500/502/503 (the same rule as calls); the owner's own causes (credits, a deleted API,
 * rate limits, bad inputs) say nothing about the scraper.
 */
const RUN_FAULTS = ['scraper_bug', 'upstream_error', 'blocked', 'unavailable', 'internal'];

export async function computeTrust(q: Q, listing: ListingRow, now: Date): Promise<TrustSignals> {
  const recipe = await releaseRecipe(q, listing.canonical_scraper_id, listing.latest_version);
  const names = recipe?.endpoints.map((e) => e.name) ?? [];
  const evidence = new Map<string, { at: string; pass: boolean }>();
  const note = (name: string, at: string, pass: boolean) => {
    const cur = evidence.get(name);
    if (!cur || at > cur.at) evidence.set(name, { at, pass });
  };

  const releases = await q
    .selectFrom('marketplace_releases')
    .select(['endpoints', 'created_at'])
    .where('canonical_scraper_id', '=', listing.canonical_scraper_id)
    .execute();
  for (const r of releases) for (const name of JSON.parse(r.endpoints) as string[]) note(name, r.created_at, true);

  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  const copies = q.selectFrom('scrapers').select('id').where('canonical_scraper_id', '=', listing.canonical_scraper_id);
  const calls = await q
    .selectFrom('endpoint_calls')
    .select(['endpoint_name', 'status_code', 'latency_ms', 'created_at'])
    .where((eb) => eb.or([eb('scraper_id', '=', listing.canonical_scraper_id), eb('scraper_id', 'in', copies)]))
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(MAX_CALLS_READ)
    .execute();
  const latencies: number[] = [];
  let faults = 0;
  for (const c of calls) {
    if (c.status_code === 200) {
      latencies.push(Number(c.latency_ms));
      note(c.endpoint_name, c.created_at, true);
    } else if (FAULTS.has(c.status_code)) {
      faults++;
      note(c.endpoint_name, c.created_at, false);
    }
  }

  const subscribers = await q
    .selectFrom('scrapers')
    .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
    .where('canonical_scraper_id', '=', listing.canonical_scraper_id)
    .where('source', 'in', ['subscribed', 'forked'])
    .executeTakeFirst();

  const current = names.map((n) => evidence.get(n)).filter((e): e is { at: string; pass: boolean } => !!e);
  const passing = current.filter((e) => e.pass);
  const judged = latencies.length + faults;
  return {
    last_verified_at: passing.reduce<string | null>((max, e) => (max === null || e.at > max ? e.at : max), null),
    endpoints_passing: passing.length,
    endpoint_count: names.length,
    median_latency_ms: median(latencies),
    success_rate: judged > 0 ? Math.round((latencies.length / judged) * 1000) / 1000 : null,
    calls_30d: calls.length,
    subscribers: Number(subscribers?.n ?? 0),
    self_healing: await selfHealSignals(q, listing.canonical_scraper_id, now),
    monitored: await monitoredSignals(q, listing.canonical_scraper_id, since),
    computed_at: now.toISOString(),
  };
}

/**
 * Scheduled runs of monitors on the canonical or any copy of it, whoever owns them: counts and
 * the newest success time only, so no account's monitors, inputs or records show through.
 */
async function monitoredSignals(q: Q, canonicalId: string, since: string): Promise<MonitoredSignals> {
  const copies = q.selectFrom('scrapers').select('id').where('canonical_scraper_id', '=', canonicalId);
  const rows = await q
    .selectFrom('monitor_runs')
    .innerJoin('monitors', 'monitors.id', 'monitor_runs.monitor_id')
    .select((eb) => [
      'monitor_runs.status',
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('monitor_runs.finished_at').as('last'),
    ])
    .where((eb) => eb.or([eb('monitors.scraper_id', '=', canonicalId), eb('monitors.scraper_id', 'in', copies)]))
    .where('monitor_runs.trigger', '=', 'schedule')
    .where('monitor_runs.finished_at', '>=', since)
    .where((eb) => eb.or([eb('monitor_runs.status', '=', 'succeeded'), eb.and([eb('monitor_runs.status', '=', 'failed'), eb('monitor_runs.error_code', 'in', RUN_FAULTS)])]))
    .groupBy('monitor_runs.status')
    .execute();
  const ok = rows.find((r) => r.status === 'succeeded');
  const succeeded = Number(ok?.n ?? 0);
  const failed = Number(rows.find((r) => r.status === 'failed')?.n ?? 0);
  const runs = succeeded + failed;
  return {
    runs_30d: runs,
    success_rate: runs > 0 ? Math.round((succeeded / runs) * 1000) / 1000 : null,
    last_success_at: (ok?.last as string | null | undefined) ?? null,
  };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : Math.round((s[mid - 1] + s[mid]) / 2);
}

/** Recompute and store a listing's trust signals; returns the row as stored. */
export async function refreshTrust(deps: Pick<ServiceDeps, 'db' | 'clock'>, listing: ListingRow): Promise<ListingRow> {
  const trust = await computeTrust(deps.db.kysely, listing, deps.clock.now());
  const before = trustOf(listing);
  const same = JSON.stringify({ ...before, computed_at: '' }) === JSON.stringify({ ...trust, computed_at: '' });
  if (same) return listing;
  const changed_at = iso(deps.clock);
  const text = JSON.stringify(trust);
  await deps.db.kysely.updateTable('marketplace_listings').set({ trust: text, changed_at }).where('id', '=', listing.id).execute();
  return { ...listing, trust: text, changed_at };
}

/**
 * After any change of a listing (release, subscription, fork): fresh trust signals, and the
 * search index brought up to date. Failures are logged: the change itself is already committed.
 */
export async function afterListingChange(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'logger' | 'marketplaceSearch'>,
  listingId: string,
): Promise<void> {
  try {
    const listing = await deps.db.kysely.selectFrom('marketplace_listings').selectAll().where('id', '=', listingId).executeTakeFirst();
    if (listing) await refreshTrust(deps, listing);
    await searchOf(deps).sync();
  } catch (err) {
    deps.logger.warn({ err, listingId }, 'marketplace: refreshing a listing failed');
  }
}
