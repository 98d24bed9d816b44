/**
 * Self-healing: endpoints that start failing are found, checked, and repaired as `fix`
 * revisions without anyone asking.
 *
 * One sweep (`sweepOnce`), run on a schedule by the `self_heal` job:
 * 1. settle repairs that ended: `repaired` when the fix revision completed (its new version
 *    passed its tests), `unrepaired` when it failed;
 * 2. pick endpoints called in the window (24 h): those whose latest call was a 500 (a
 *    `scraper_bug`) newer than their last check, and those not checked for `recheckMs` (6 h):
 *    calls answering 200 with empty data leave no trace in the call log, so they are found by
 *    checking. Failing ones first, then the least sure: by the lowest field score the build
 *    recorded (`field_confidence`);
 * 3. check each (checkEndpoint: sample and example inputs through the interpreter); broken ->
 *    a fix revision task for the owner, free, contributing as the API does (so a repair of a
 *    copy is released to its canonical, and other subscribers get it under updates). One repair
 *    per canonical per sweep: the others wait for the release.
 * Canonicals themselves are repaired through their copies (they belong to no user).
 */
import { newId } from '../../clock.js';
import type { EndpointRecipe } from '../../recipe/types.js';
import type { ServiceDeps } from '../deps.js';
import { findScraper, getLatestVersion, type ScraperRow } from '../scrapers.js';
import { checkEndpoint } from '../../builder/revise/index.js';
import type { RevisionPlan } from '../../builder/revise/index.js';
import { findHealth, recordHealth } from './health.js';
import { insertRevision } from './create.js';

export interface SweepOptions {
  /** Calls older than this are not looked at (default 24 h). */
  windowMs?: number;
  /** An endpoint called in the window is checked again after this long (default 6 h). */
  recheckMs?: number;
  /** Most endpoints checked in one sweep (default 20). */
  maxChecks?: number;
  signal?: AbortSignal;
}

export interface SweepReport {
  settled: Array<{ scraper_id: string; endpoint_name: string; status: string }>;
  checked: Array<{ scraper_id: string; endpoint_name: string; ok: boolean; problem: string | null }>;
  repairs: Array<{ scraper_id: string; endpoint_name: string; task_id: string }>;
}

const HOUR_MS = 3600 * 1000;
const MAX_CALLS_READ = 5_000;

type Deps = Pick<ServiceDeps, 'db' | 'clock' | 'queue' | 'fetcher' | 'logger'>;

async function settle(deps: Deps, report: SweepReport): Promise<void> {
  const rows = await deps.db.kysely
    .selectFrom('endpoint_health')
    .innerJoin('tasks', 'tasks.id', 'endpoint_health.repair_task_id')
    .select(['endpoint_health.scraper_id', 'endpoint_health.endpoint_name', 'tasks.status as task_status', 'tasks.error as task_error'])
    .where('endpoint_health.status', '=', 'repairing')
    .execute();
  for (const r of rows) {
    if (!['completed', 'failed', 'cancelled'].includes(r.task_status)) continue;
    const key = { scraper_id: r.scraper_id, endpoint_name: r.endpoint_name };
    if (r.task_status === 'completed') await recordHealth(deps.db.kysely, deps.clock, key, { status: 'repaired', failure: null, repaired: true });
    else await recordHealth(deps.db.kysely, deps.clock, key, { status: 'unrepaired', failure: r.task_error ?? `the repair was ${r.task_status}` });
    report.settled.push({ ...key, status: r.task_status === 'completed' ? 'repaired' : 'unrepaired' });
  }
}

interface Candidate {
  scraper_id: string;
  endpoint_name: string;
  reason: 'failing_calls' | 'recheck';
}

async function candidates(deps: Deps, now: number, opts: Required<Omit<SweepOptions, 'signal'>>): Promise<Candidate[]> {
  const calls = await deps.db.kysely
    .selectFrom('endpoint_calls')
    .select(['scraper_id', 'endpoint_name', 'status_code', 'created_at'])
    .where('created_at', '>=', new Date(now - opts.windowMs).toISOString())
    .orderBy('created_at', 'desc')
    .limit(MAX_CALLS_READ)
    .execute();
  const latest = new Map<string, (typeof calls)[number]>();
  for (const c of calls) {
    const k = `${c.scraper_id}\u0000${c.endpoint_name}`;
    if (!latest.has(k)) latest.set(k, c);
  }
  const out: Candidate[] = [];
  for (const call of latest.values()) {
    const health = await findHealth(deps.db.kysely, call.scraper_id, call.endpoint_name);
    if (health?.status === 'repairing') continue;
    const checkedBefore = (at: string) => !health || health.checked_at < at;
    if (call.status_code === 500 && checkedBefore(call.created_at)) out.push({ scraper_id: call.scraper_id, endpoint_name: call.endpoint_name, reason: 'failing_calls' });
    else if (checkedBefore(new Date(now - opts.recheckMs).toISOString())) out.push({ scraper_id: call.scraper_id, endpoint_name: call.endpoint_name, reason: 'recheck' });
  }
  // Endpoints failing in real calls first; then the least sure (the field the build was least
  // sure of, field_confidence): a weak guess is the first to go wrong when a site changes.
  const sureness = new Map<string, number>();
  for (const c of out) sureness.set(keyOf(c), await leastSureOf(deps, c));
  return out
    .sort((a, b) => Number(a.reason !== 'failing_calls') - Number(b.reason !== 'failing_calls') || sureness.get(keyOf(a))! - sureness.get(keyOf(b))!)
    .slice(0, opts.maxChecks);
}

const keyOf = (c: Pick<Candidate, 'scraper_id' | 'endpoint_name'>): string => `${c.scraper_id}\u0000${c.endpoint_name}`;

/** The score of the endpoint's least sure field in its live version; 1 when the build recorded none. */
async function leastSureOf(deps: Deps, c: Pick<Candidate, 'scraper_id' | 'endpoint_name'>): Promise<number> {
  const scraper = await findScraper(deps.db.kysely, c.scraper_id);
  if (!scraper) return 1;
  const live = await getLatestVersion(deps.db.kysely, scraper);
  return leastConfidence(live.recipe.endpoints.find((e) => e.name === c.endpoint_name));
}

/** The lowest field score of an endpoint's `field_confidence` (1 without one: nothing says it is weak). */
export function leastConfidence(ep: Pick<EndpointRecipe, 'field_confidence'> | undefined): number {
  const scores = Object.values(ep?.field_confidence ?? {}).map((c) => c.score);
  return scores.length ? Math.min(...scores) : 1;
}

/** The newest completed task of the scraper: the repair is its revision. */
async function parentTaskOf(deps: Deps, scraper: ScraperRow) {
  return deps.db.kysely
    .selectFrom('tasks')
    .select(['id', 'url', 'auth_enabled', 'allow_auth', 'source', 'workspace'])
    .where('result_scraper_id', '=', scraper.id)
    .where('status', '=', 'completed')
    .orderBy('completed_at', 'desc')
    .executeTakeFirst();
}

/** Queue the fix revision; null when a revision of the API is already in flight. */
async function queueRepair(deps: Deps, scraper: ScraperRow, endpoint: string, problem: string, baseVersion: number): Promise<string | null> {
  const parent = (await parentTaskOf(deps, scraper)) ?? null;
  const text = `Self-heal: ${endpoint} stopped working (${problem})`;
  const plan: RevisionPlan = { type: 'fix', via: 'grammar', intents: [{ op: 'fix', endpoints: [endpoint], fields: [], symptom: problem, clause: text }] };
  const id = newId();
  return deps.db.kysely.transaction().execute(async (trx) => {
    const queued = await insertRevision(trx, deps, { id, parent, scraper, text, plan, contributes: scraper.contributes_to_marketplace === 1, baseVersion });
    if (!queued) {
      // Not ours to write: roll the task back with the whole transaction.
      throw new InFlight();
    }
    await recordHealth(trx, deps.clock, { scraper_id: scraper.id, endpoint_name: endpoint }, { status: 'repairing', failure: problem, repair_task_id: id });
    return id;
  }).catch((err: unknown) => {
    if (err instanceof InFlight) return null;
    throw err;
  });
}

class InFlight extends Error {}

export async function sweepOnce(deps: Deps, options: SweepOptions = {}): Promise<SweepReport> {
  const opts = { windowMs: options.windowMs ?? 24 * HOUR_MS, recheckMs: options.recheckMs ?? 6 * HOUR_MS, maxChecks: options.maxChecks ?? 20 };
  const report: SweepReport = { settled: [], checked: [], repairs: [] };
  await settle(deps, report);
  const repairedCanonicals = new Set<string>();
  for (const c of await candidates(deps, deps.clock.now().getTime(), opts)) {
    options.signal?.throwIfAborted();
    const scraper = await findScraper(deps.db.kysely, c.scraper_id);
    // An archived API is neither checked nor repaired: its owner put it away.
    if (!scraper || scraper.source === 'canonical' || scraper.archived_at) continue;
    const live = await getLatestVersion(deps.db.kysely, scraper);
    const endpoint = live.recipe.endpoints.find((e) => e.name === c.endpoint_name);
    // Login-protected endpoints (docs/sessions.md) cannot be checked without the caller's session.
    if (!endpoint || endpoint.initiates_session || endpoint.depends_on_session) continue;
    const check = await checkEndpoint(live.recipe, c.endpoint_name, { fetcher: deps.fetcher, signal: options.signal });
    report.checked.push({ ...c, ok: check.ok, problem: check.problem });
    const key = { scraper_id: scraper.id, endpoint_name: c.endpoint_name };
    if (check.ok) {
      await recordHealth(deps.db.kysely, deps.clock, key, { status: 'healthy', failure: null });
      continue;
    }
    const group = scraper.canonical_scraper_id ?? scraper.id;
    const taskId = repairedCanonicals.has(group) ? null : await queueRepair(deps, scraper, c.endpoint_name, check.problem!, live.version);
    if (taskId) {
      repairedCanonicals.add(group);
      report.repairs.push({ ...key, task_id: taskId });
      deps.logger.info({ ...key, task_id: taskId, problem: check.problem }, 'self-heal: repair queued');
    } else {
      await recordHealth(deps.db.kysely, deps.clock, key, { status: 'failing', failure: check.problem });
    }
  }
  return report;
}

/**
 * A repair asked for from outside the sweep: a monitor whose runs of this endpoint failed
 * several times in a row (services/monitors). The failures are the evidence, so no check runs
 * first; the same rules apply as in the sweep: no canonical, no login-protected endpoint, one
 * repair in flight per endpoint and per API. Returns the fix revision's task id, or null when
 * none was opened (and why is recorded as the endpoint's health).
 */
export async function requestRepair(deps: Deps, scraperId: string, endpointName: string, problem: string): Promise<string | null> {
  const scraper = await findScraper(deps.db.kysely, scraperId);
  if (!scraper || scraper.source === 'canonical') return null;
  const health = await findHealth(deps.db.kysely, scraper.id, endpointName);
  if (health?.status === 'repairing') return null;
  const live = await getLatestVersion(deps.db.kysely, scraper);
  const endpoint = live.recipe.endpoints.find((e) => e.name === endpointName);
  if (!endpoint || endpoint.initiates_session || endpoint.depends_on_session) return null;
  const taskId = await queueRepair(deps, scraper, endpointName, problem, live.version);
  if (!taskId) await recordHealth(deps.db.kysely, deps.clock, { scraper_id: scraper.id, endpoint_name: endpointName }, { status: 'failing', failure: problem });
  else deps.logger.info({ scraper_id: scraper.id, endpoint_name: endpointName, task_id: taskId, problem }, 'self-heal: repair queued for a failing monitor');
  return taskId;
}
