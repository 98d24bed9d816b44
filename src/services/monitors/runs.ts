/**
 * A monitor's run, as a job (`monitor_run`): the endpoint executed through the same execution
 * service as POST /scraper/{id}/{endpoint} (interpreter, limits, credits charged only on
 * success, error classes), pages followed up to the monitor's max_pages, the records compared
 * with the baseline (the last good run's), and the change and its webhook delivery written in
 * one transaction with the run's end.
 *
 * - Exactly once: the run row is written with its job in one transaction (by the ticker's claim
 *   or by run-now); the job key is the run id. A worker that dies mid-run loses its lease and the
 *   queue hands the job to another worker, which runs it again (attempts 2); a run already
 *   finished is never redone, and the finishing update is conditional on the attempt that
 *   started it, so a late duplicate writes nothing.
 * - A failed run changes no baseline; it is recorded with its error class. Too few credits
 *   pauses the monitor and says why. `failuresBeforeRepair` failures in a row of a kind a fix
 *   can help (the site changed: scraper_bug, upstream_error, blocked, input_not_found) open a
 *   fix revision through self-healing, once per streak.
 */
import { newId } from '../../clock.js';
import type { MonitorRunsTable, MonitorsTable } from '../../db/schema.js';
import { QuarryError, knownError } from '../../errors/index.js';
import type { Executor } from '../../queue/index.js';
import type { EndpointRecipe, PaginateStep } from '../../recipe/types.js';
import { walkSteps } from '../../recipe/index.js';
import type { ServiceDeps } from '../deps.js';
import { ExecutionFailure, executeEndpoint } from '../execute.js';
import { requestRepair } from '../revisions/index.js';
import { findScraper, getLatestVersion } from '../scrapers.js';
import { defaultKeyFields, diffRecords, isEmptyDiff, recordsOf, type MonitorRecord } from './diff.js';
import { enqueueDelivery } from './deliveries.js';

export const MONITOR_RUN_JOB = 'monitor_run';

/** Error classes a fix revision may cure: the site changed under the recipe. */
const REPAIRABLE = new Set(['scraper_bug', 'upstream_error', 'blocked', 'input_not_found']);

/** Write a queued run and its job with `trx` (the caller's transaction). */
export async function enqueueRun(
  trx: Executor,
  deps: Pick<ServiceDeps, 'queue' | 'clock'>,
  monitorId: string,
  trigger: 'schedule' | 'manual',
  scheduledAt: Date,
): Promise<MonitorRunsTable> {
  const id = newId();
  const row: MonitorRunsTable = {
    id,
    monitor_id: monitorId,
    slot: trigger === 'schedule' ? `schedule:${scheduledAt.toISOString()}` : `manual:${id}`,
    trigger,
    status: 'queued',
    attempts: 0,
    scheduled_at: scheduledAt.toISOString(),
    started_at: null,
    finished_at: null,
    records: null,
    pages: null,
    charged: 0,
    error_code: null,
    error_message: null,
    change_id: null,
    created_at: deps.clock.now().toISOString(),
  };
  await trx.insertInto('monitor_runs').values(row).execute();
  await deps.queue.enqueue(trx, { kind: MONITOR_RUN_JOB, payload: { runId: id }, jobKey: `monitor-run:${id}`, maxAttempts: 5 });
  return row;
}

/** The parameter a list endpoint's pagination reads its position from, and the strategy. */
function pagingOf(endpoint: EndpointRecipe): { kind: PaginateStep['strategy']['kind']; param: string } | null {
  let found: { kind: PaginateStep['strategy']['kind']; param: string } | null = null;
  walkSteps(endpoint.steps, '', (step) => {
    if (found || step.type !== 'paginate') return;
    const s = step.strategy as { kind: PaginateStep['strategy']['kind']; start?: unknown };
    const text = JSON.stringify([s.start ?? null, step.keep_from ?? null]);
    const param = /params\.([A-Za-z_][A-Za-z0-9_]*)/.exec(text)?.[1];
    if (param && endpoint.input_params.properties && param in (endpoint.input_params.properties as object)) found = { kind: s.kind, param };
  });
  return found;
}

/** The inputs of the next page, or null when the answer says there is none (or we cannot ask for it). */
export function nextPageParams(endpoint: EndpointRecipe, params: Record<string, unknown>, body: unknown, pageRecords: number): Record<string, unknown> | null {
  const meta = (body as { meta?: Record<string, unknown> } | null)?.meta;
  if (!meta || meta.has_more !== true) return null;
  const paging = pagingOf(endpoint);
  if (!paging) return null;
  if (paging.kind === 'cursor') return typeof meta.next_cursor === 'string' && meta.next_cursor ? { ...params, [paging.param]: meta.next_cursor } : null;
  if (paging.kind === 'page_param') {
    const page = Number(meta.page ?? params[paging.param] ?? 1);
    return Number.isFinite(page) ? { ...params, [paging.param]: page + 1 } : null;
  }
  if (paging.kind === 'offset') return { ...params, [paging.param]: Number(params[paging.param] ?? 0) + pageRecords };
  return null;
}

interface Fetched {
  records: MonitorRecord[];
  pages: number;
  charged: number;
  schemaFields: string[];
}

async function fetchRecords(deps: ServiceDeps, monitor: MonitorsTable, plan: string, signal: AbortSignal): Promise<Fetched> {
  const scraper = await findScraper(deps.db.kysely, monitor.scraper_id);
  if (!scraper || scraper.user_id !== monitor.user_id) throw new QuarryError('not_found', 'The monitored API no longer exists');
  const live = await getLatestVersion(deps.db.kysely, scraper);
  const endpoint = live.recipe.endpoints.find((e) => e.name === monitor.endpoint_name);
  if (!endpoint) throw new QuarryError('not_found', `The API no longer has an endpoint named "${monitor.endpoint_name}"`);
  const items = (endpoint.return_schema as { properties?: { data?: { items?: { properties?: object } } } }).properties?.data?.items?.properties;
  const out: Fetched = { records: [], pages: 0, charged: 0, schemaFields: items ? Object.keys(items) : [] };
  let params: Record<string, unknown> | null = JSON.parse(monitor.params) as Record<string, unknown>;
  // The monitor's own bucket: scheduled runs do not eat the rate limit of the owner's keys.
  const caller = { userId: monitor.user_id, keyId: `monitor:${monitor.id}`, plan };
  while (params && out.pages < Number(monitor.max_pages)) {
    const pageParams = params;
    const res = await executeEndpoint(deps, caller, { scraperId: scraper.id, endpointName: endpoint.name, read: () => ({ params: pageParams }), signal });
    out.pages++;
    out.charged += res.charged;
    const body = res.body as { data?: unknown } | null;
    const page = recordsOf(body?.data);
    out.records.push(...page);
    params = nextPageParams(endpoint, params, res.body, page.length);
  }
  return out;
}

/** The job: run `runId` (again, after a dead worker) unless it already finished. */
export async function executeRun(deps: ServiceDeps, runId: string, attempt: number, signal: AbortSignal): Promise<void> {
  const db = deps.db.kysely;
  const run = await db.selectFrom('monitor_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  if (!run || run.status === 'succeeded' || run.status === 'failed') return;
  const monitor = await db.selectFrom('monitors').selectAll().where('id', '=', run.monitor_id).executeTakeFirst();
  if (!monitor) return;
  const startedAt = deps.clock.now().toISOString();
  await db.updateTable('monitor_runs').set({ status: 'running', attempts: attempt, started_at: startedAt }).where('id', '=', runId).where('status', 'in', ['queued', 'running']).execute();
  const user = await db.selectFrom('users').select('plan').where('id', '=', monitor.user_id).executeTakeFirst();
  if (!user) return;

  let fetched: Fetched;
  try {
    fetched = await fetchRecords(deps, monitor, user.plan, signal);
  } catch (err) {
    // The worker is stopping or lost its lease: not the site's fault; the queue runs it again.
    if (signal.aborted) throw err;
    const failure = err instanceof ExecutionFailure ? err.error : (knownError(err) ?? new QuarryError('internal', 'Internal error while running the monitor'));
    if (!(err instanceof ExecutionFailure) && !knownError(err)) deps.logger.error({ err, run_id: runId }, 'monitor run failed outside the execution');
    await recordFailure(deps, monitor, runId, attempt, failure);
    return;
  }
  await recordSuccess(deps, monitor, runId, attempt, fetched);
}

async function recordSuccess(deps: ServiceDeps, monitor: MonitorsTable, runId: string, attempt: number, fetched: Fetched): Promise<void> {
  const now = deps.clock.now().toISOString();
  await deps.db.kysely.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('monitor_runs')
      .set({ status: 'succeeded', finished_at: now, records: fetched.records.length, pages: fetched.pages, charged: fetched.charged })
      .where('id', '=', runId)
      .where('status', '=', 'running')
      .where('attempts', '=', attempt)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    const baseline = await trx.selectFrom('monitor_baselines').selectAll().where('monitor_id', '=', monitor.id).executeTakeFirst();
    const recordsJson = JSON.stringify(fetched.records);
    if (!baseline) {
      // The first good run sets the baseline and reports no change.
      await trx.insertInto('monitor_baselines').values({ monitor_id: monitor.id, run_id: runId, records: recordsJson, updated_at: now }).execute();
    } else {
      const before = JSON.parse(baseline.records) as MonitorRecord[];
      const keyFields = monitor.key_fields ? (JSON.parse(monitor.key_fields) as string[]) : defaultKeyFields([before, fetched.records], fetched.schemaFields);
      const diff = diffRecords(before, fetched.records, keyFields);
      if (!isEmptyDiff(diff)) {
        const changeId = newId();
        await trx
          .insertInto('monitor_changes')
          .values({ id: changeId, monitor_id: monitor.id, run_id: runId, added: JSON.stringify(diff.added), removed: JSON.stringify(diff.removed), changed: JSON.stringify(diff.changed), created_at: now })
          .execute();
        await trx.updateTable('monitor_runs').set({ change_id: changeId }).where('id', '=', runId).execute();
        if (monitor.webhook_url) await enqueueDelivery(trx, deps, { monitorId: monitor.id, changeId, url: monitor.webhook_url });
      }
      await trx.updateTable('monitor_baselines').set({ run_id: runId, records: recordsJson, updated_at: now }).where('monitor_id', '=', monitor.id).execute();
    }
    await trx.updateTable('monitors').set({ last_run_at: now, last_run_status: 'succeeded', consecutive_failures: 0 }).where('id', '=', monitor.id).execute();
  });
}

async function recordFailure(deps: ServiceDeps, monitor: MonitorsTable, runId: string, attempt: number, error: QuarryError): Promise<void> {
  const now = deps.clock.now().toISOString();
  const outOfCredits = error.code === 'payment_required';
  const failures = await deps.db.kysely.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('monitor_runs')
      .set({ status: 'failed', finished_at: now, charged: 0, error_code: error.code, error_message: error.message })
      .where('id', '=', runId)
      .where('status', '=', 'running')
      .where('attempts', '=', attempt)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    const row = await trx.selectFrom('monitors').select('consecutive_failures').where('id', '=', monitor.id).executeTakeFirst();
    const count = Number(row?.consecutive_failures ?? 0) + 1;
    await trx
      .updateTable('monitors')
      .set({
        last_run_at: now,
        last_run_status: 'failed',
        consecutive_failures: count,
        ...(outOfCredits
          ? {
              paused: 1,
              next_run_at: null,
              paused_reason: `Not enough credits: a run needs ${String(error.fields.credits_required ?? '?')} and the account has ${String(error.fields.credits_remaining ?? 0)}. Add credits, then resume the monitor.`,
              updated_at: now,
            }
          : {}),
      })
      .where('id', '=', monitor.id)
      .execute();
    return count;
  });
  // Once per streak, when it reaches the threshold.
  if (failures === deps.config.monitors.failuresBeforeRepair && REPAIRABLE.has(error.code)) {
    await requestRepair(deps, monitor.scraper_id, monitor.endpoint_name, `${failures} monitor runs failed in a row: ${error.code}: ${error.message}`).catch((err: unknown) =>
      deps.logger.warn({ err, monitor_id: monitor.id }, 'monitor: the repair could not be queued'),
    );
  }
}

/** The queue gave up on the job (attempts used up): the run ends failed, so it does not stay "running". */
export async function markRunLost(trx: Executor, runId: string, now: string, reason: string): Promise<void> {
  await trx
    .updateTable('monitor_runs')
    .set({ status: 'failed', finished_at: now, error_code: 'internal', error_message: reason })
    .where('id', '=', runId)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}
