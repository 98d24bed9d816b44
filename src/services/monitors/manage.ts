/**
 * The monitor operations behind every face (HTTP, MCP, SDK/CLI through HTTP): create, list, get,
 * change, delete, run now, and the logs (changes, runs, deliveries). Every lookup is by the
 * caller's own monitors: another account's monitor is "not found" (404), never "forbidden".
 */
import { randomBytes } from 'node:crypto';
import { newId } from '../../clock.js';
import { planOf } from '../../config/index.js';
import type { Database, MonitorsTable } from '../../db/schema.js';
import { QuarryError, badRequest, conflict, isQuarryError, notFound, validationFailed } from '../../errors/index.js';
import { unsafeText } from '../../errors/unsafe-input.js';
import { validateParams } from '../../recipe/index.js';
import type { EndpointRecipe } from '../../recipe/types.js';
import type { ServiceDeps } from '../deps.js';
import { getLatestVersion, getOwnedScraper } from '../scrapers.js';
import { cronGapSeconds, nextRunAfter, parseCron } from './schedule.js';
import { checkWebhookUrl } from './webhook-target.js';
import {
  changeView,
  decodeCursor,
  deliveryView,
  encodeCursor,
  monitorView,
  runView,
  type ChangeView,
  type DeliveryView,
  type MonitorView,
  type RunView,
} from './views.js';
import { enqueueRun } from './runs.js';
import { enqueueDelivery } from './deliveries.js';

export type MonitorDeps = Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'queue'>;

export interface MonitorInput {
  scraper_id: string;
  endpoint_name: string;
  params?: Record<string, unknown>;
  every_seconds?: number | null;
  cron?: string | null;
  webhook_url?: string | null;
  key_fields?: string[] | null;
  name?: string | null;
  max_pages?: number;
}

export type MonitorPatch = Partial<Omit<MonitorInput, 'scraper_id' | 'endpoint_name'>> & { paused?: boolean };

export interface ListOptions {
  limit?: number;
  cursor?: string;
}

const MAX_KEY_FIELDS = 10;

/** A new signing secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

async function planOfUser(deps: MonitorDeps, userId: string) {
  const user = await deps.db.kysely.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirstOrThrow();
  return planOf(user.plan);
}

/** Exactly one of every_seconds and cron, within the plan's minimum interval. */
function checkSchedule(schedule: { every_seconds: number | null; cron: string | null }, minSeconds: number, planName: string, now: Date): void {
  const { every_seconds: every, cron } = schedule;
  if ((every === null) === (cron === null)) throw badRequest('Give exactly one of every_seconds and cron');
  if (every !== null) {
    if (!Number.isInteger(every) || every < 1) throw badRequest('every_seconds must be a whole number of seconds >= 1', { param: 'every_seconds' });
    if (every < minSeconds) throw new QuarryError('plan_required', `every_seconds ${every} is below the ${planName} plan's minimum interval of ${minSeconds} seconds`);
    return;
  }
  let gap: number;
  try {
    parseCron(cron!);
    gap = cronGapSeconds(cron!, now);
  } catch (err) {
    throw badRequest(`cron is not a valid cron expression: ${err instanceof Error ? err.message : String(err)}`, { param: 'cron' });
  }
  if (gap < minSeconds) throw new QuarryError('plan_required', `cron "${cron}" runs every ${gap} seconds, below the ${planName} plan's minimum interval of ${minSeconds} seconds`);
}

function checkKeyFields(keyFields: unknown): string[] | null {
  if (keyFields === null || keyFields === undefined) return null;
  if (!Array.isArray(keyFields) || keyFields.length === 0 || keyFields.length > MAX_KEY_FIELDS || keyFields.some((f) => typeof f !== 'string' || f === '')) {
    throw badRequest(`key_fields must be a list of 1 to ${MAX_KEY_FIELDS} field names`, { param: 'key_fields' });
  }
  return [...new Set(keyFields as string[])];
}

function checkMaxPages(deps: MonitorDeps, maxPages: number | undefined): number {
  if (maxPages === undefined) return deps.config.monitors.defaultMaxPages;
  if (!Number.isInteger(maxPages) || maxPages < 1 || maxPages > deps.config.monitors.maxPagesLimit) {
    throw badRequest(`max_pages must be a whole number from 1 to ${deps.config.monitors.maxPagesLimit}`, { param: 'max_pages' });
  }
  return maxPages;
}

/** The endpoint of the caller's own API, callable without a session; the params valid for it. */
async function checkTarget(deps: MonitorDeps, userId: string, scraperId: string, endpointName: string, params: unknown): Promise<{ endpoint: EndpointRecipe }> {
  if (unsafeText(scraperId)) throw notFound('Scraper not found');
  const scraper = await getOwnedScraper(deps.db, userId, scraperId);
  const live = await getLatestVersion(deps.db.kysely, scraper);
  const endpoint = live.recipe.endpoints.find((e) => e.name === endpointName);
  if (!endpoint) throw notFound(`This API has no endpoint named "${endpointName}"`);
  if (endpoint.initiates_session || endpoint.depends_on_session) {
    throw badRequest(`Endpoint ${endpointName} needs a login session, which a monitor cannot hold`, { param: 'endpoint_name' });
  }
  try {
    validateParams(endpoint.input_params, params ?? {});
  } catch (err) {
    if (isQuarryError(err) && err.code === 'input_format_invalid') {
      throw validationFailed(`params: ${err.message}`, Array.isArray(err.fields.details) ? err.fields.details : []);
    }
    throw err;
  }
  return { endpoint };
}

async function ownMonitor(deps: MonitorDeps, userId: string, monitorId: string): Promise<MonitorsTable> {
  if (unsafeText(monitorId)) throw notFound('Monitor not found');
  const row = await deps.db.kysely.selectFrom('monitors').selectAll().where('id', '=', monitorId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(`Monitor ${monitorId} not found`);
  return row;
}

export async function createMonitor(deps: MonitorDeps, userId: string, input: MonitorInput): Promise<MonitorView & { webhook_secret: string }> {
  const plan = await planOfUser(deps, userId);
  const now = deps.clock.now();
  const schedule = { every_seconds: input.every_seconds ?? null, cron: input.cron ?? null };
  checkSchedule(schedule, plan.monitors.minIntervalSeconds, plan.name, now);
  const keyFields = checkKeyFields(input.key_fields);
  const maxPages = checkMaxPages(deps, input.max_pages);
  const params = input.params ?? {};
  await checkTarget(deps, userId, input.scraper_id, input.endpoint_name, params);
  const webhookUrl = input.webhook_url ? await checkWebhookUrl(deps.config, input.webhook_url) : null;
  const count = await deps.db.kysely.selectFrom('monitors').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (Number(count.n) >= plan.monitors.maxMonitors) {
    throw new QuarryError('plan_required', `The ${plan.name} plan keeps at most ${plan.monitors.maxMonitors} monitors; delete one or upgrade`);
  }
  const id = newId();
  const at = now.toISOString();
  const row: MonitorsTable = {
    id,
    user_id: userId,
    scraper_id: input.scraper_id,
    endpoint_name: input.endpoint_name,
    name: input.name ?? null,
    params: JSON.stringify(params),
    every_seconds: schedule.every_seconds,
    cron: schedule.cron,
    key_fields: keyFields ? JSON.stringify(keyFields) : null,
    max_pages: maxPages,
    webhook_url: webhookUrl,
    webhook_secret: newWebhookSecret(),
    paused: 0,
    paused_reason: null,
    next_run_at: nextRunAfter(id, schedule, now)?.toISOString() ?? null,
    last_run_at: null,
    last_run_status: null,
    consecutive_failures: 0,
    created_at: at,
    updated_at: at,
  };
  await deps.db.kysely.insertInto('monitors').values(row).execute();
  return { ...monitorView(row), webhook_secret: row.webhook_secret };
}

function limitOf(options: ListOptions): number {
  const n = options.limit ?? 20;
  if (!Number.isInteger(n) || n < 1 || n > 100) throw badRequest('limit must be a whole number from 1 to 100', { param: 'limit' });
  return n;
}

function cursorOf(options: ListOptions): [string, string] | null {
  if (options.cursor === undefined || options.cursor === '') return null;
  const c = decodeCursor(options.cursor);
  if (!c) throw badRequest('cursor is not one this service gave out', { param: 'cursor' });
  return c;
}

type Page<T> = { items: T[]; next_cursor: string | null };

/** Newest first by (created_at, id), `limit` at a time. */
async function pageOf<R extends { id: string; created_at: string }>(
  query: (after: [string, string] | null, limit: number) => Promise<R[]>,
  options: ListOptions,
): Promise<Page<R>> {
  const limit = limitOf(options);
  const rows = await query(cursorOf(options), limit + 1);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next_cursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null };
}

export async function listMonitors(deps: MonitorDeps, userId: string, options: ListOptions = {}): Promise<{ monitors: MonitorView[]; next_cursor: string | null }> {
  const page = await pageOf(
    (after, limit) =>
      deps.db.kysely
        .selectFrom('monitors')
        .selectAll()
        .where('user_id', '=', userId)
        .$if(after !== null, (q) => q.where((eb) => eb.or([eb('created_at', '<', after![0]), eb.and([eb('created_at', '=', after![0]), eb('id', '<', after![1])])])))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
    options,
  );
  return { monitors: page.items.map(monitorView), next_cursor: page.next_cursor };
}

export async function getMonitor(deps: MonitorDeps, userId: string, monitorId: string): Promise<MonitorView> {
  return monitorView(await ownMonitor(deps, userId, monitorId));
}

export async function updateMonitor(deps: MonitorDeps, userId: string, monitorId: string, patch: MonitorPatch): Promise<MonitorView> {
  const row = await ownMonitor(deps, userId, monitorId);
  const now = deps.clock.now();
  const changes: Partial<MonitorsTable> = {};
  if (patch.every_seconds !== undefined || patch.cron !== undefined) {
    const plan = await planOfUser(deps, userId);
    // Setting one kind of schedule replaces the other.
    const schedule =
      patch.every_seconds !== undefined && patch.every_seconds !== null
        ? { every_seconds: patch.every_seconds, cron: patch.cron ?? null }
        : patch.cron !== undefined && patch.cron !== null
          ? { every_seconds: null, cron: patch.cron }
          : { every_seconds: patch.every_seconds === undefined ? row.every_seconds : null, cron: patch.cron === undefined ? row.cron : null };
    checkSchedule(schedule, plan.monitors.minIntervalSeconds, plan.name, now);
    Object.assign(changes, schedule);
  }
  if (patch.params !== undefined) {
    await checkTarget(deps, userId, row.scraper_id, row.endpoint_name, patch.params);
    changes.params = JSON.stringify(patch.params ?? {});
  }
  if (patch.key_fields !== undefined) {
    const keyFields = checkKeyFields(patch.key_fields);
    changes.key_fields = keyFields ? JSON.stringify(keyFields) : null;
  }
  if (patch.max_pages !== undefined) changes.max_pages = checkMaxPages(deps, patch.max_pages);
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.webhook_url !== undefined) changes.webhook_url = patch.webhook_url ? await checkWebhookUrl(deps.config, patch.webhook_url) : null;
  if (patch.paused !== undefined) {
    changes.paused = patch.paused ? 1 : 0;
    if (!patch.paused) {
      // Resumed: whatever paused it (the owner, too few credits) is over.
      changes.paused_reason = null;
      changes.consecutive_failures = 0;
    } else {
      changes.paused_reason = null;
    }
  }
  const schedule = { every_seconds: changes.every_seconds !== undefined ? changes.every_seconds : row.every_seconds, cron: changes.cron !== undefined ? changes.cron : row.cron };
  const pausedAfter = (changes.paused ?? row.paused) === 1;
  // A new schedule or a resume starts from the next slot; pausing keeps no slot.
  if (pausedAfter) changes.next_run_at = null;
  else if (changes.every_seconds !== undefined || changes.cron !== undefined || row.paused === 1 || row.next_run_at === null) {
    changes.next_run_at = nextRunAfter(row.id, schedule, now)?.toISOString() ?? null;
  }
  changes.updated_at = now.toISOString();
  await deps.db.kysely.updateTable('monitors').set(changes).where('id', '=', row.id).execute();
  return monitorView({ ...row, ...changes });
}

export async function deleteMonitor(deps: MonitorDeps, userId: string, monitorId: string): Promise<void> {
  const row = await ownMonitor(deps, userId, monitorId);
  // Children first: SQLite enforces the foreign keys only when asked, PostgreSQL always.
  await deps.db.kysely.transaction().execute(async (trx) => {
    for (const table of ['monitor_deliveries', 'monitor_changes', 'monitor_baselines', 'monitor_runs'] as const) {
      await trx.deleteFrom(table).where('monitor_id', '=', row.id).execute();
    }
    await trx.deleteFrom('monitors').where('id', '=', row.id).execute();
  });
}

/** Run now: a manual run, queued at once whatever the schedule (also while paused). */
export async function runMonitorNow(deps: MonitorDeps, userId: string, monitorId: string): Promise<RunView> {
  const row = await ownMonitor(deps, userId, monitorId);
  const run = await deps.db.kysely.transaction().execute((trx) => enqueueRun(trx, deps, row.id, 'manual', deps.clock.now()));
  deps.queue.nudge?.();
  return runView(run);
}

/** A monitor's log rows (changes, runs or deliveries), newest first, a page at a time. */
function newestFirst<T extends 'monitor_changes' | 'monitor_runs' | 'monitor_deliveries'>(deps: MonitorDeps, table: T, monitorId: string, options: ListOptions) {
  return pageOf(
    (after, limit) =>
      deps.db.kysely
        .selectFrom(table as 'monitor_runs')
        .selectAll()
        .where('monitor_id', '=', monitorId)
        .$if(after !== null, (q) => q.where((eb) => eb.or([eb('created_at', '<', after![0]), eb.and([eb('created_at', '=', after![0]), eb('id', '<', after![1])])])))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute() as unknown as Promise<Array<Database[T] & { id: string; created_at: string }>>,
    options,
  );
}

export async function listChanges(deps: MonitorDeps, userId: string, monitorId: string, options: ListOptions = {}): Promise<{ changes: ChangeView[]; next_cursor: string | null }> {
  const m = await ownMonitor(deps, userId, monitorId);
  const page = await newestFirst(deps, 'monitor_changes', m.id, options);
  return { changes: page.items.map(changeView), next_cursor: page.next_cursor };
}

export async function listRuns(deps: MonitorDeps, userId: string, monitorId: string, options: ListOptions = {}): Promise<{ runs: RunView[]; next_cursor: string | null }> {
  const m = await ownMonitor(deps, userId, monitorId);
  const page = await newestFirst(deps, 'monitor_runs', m.id, options);
  return { runs: page.items.map(runView), next_cursor: page.next_cursor };
}

export async function listDeliveries(deps: MonitorDeps, userId: string, monitorId: string, options: ListOptions = {}): Promise<{ deliveries: DeliveryView[]; next_cursor: string | null }> {
  const m = await ownMonitor(deps, userId, monitorId);
  const page = await newestFirst(deps, 'monitor_deliveries', m.id, options);
  return { deliveries: page.items.map(deliveryView), next_cursor: page.next_cursor };
}

/**
 * Send a change again: a new delivery of the same change (same webhook-id, so a receiver that
 * already has it dedupes), to the monitor's webhook URL now. A delivery still being tried is
 * not doubled (409).
 */
export async function redeliver(deps: MonitorDeps, userId: string, monitorId: string, deliveryId: string): Promise<DeliveryView> {
  const m = await ownMonitor(deps, userId, monitorId);
  if (unsafeText(deliveryId)) throw notFound('Delivery not found');
  const original = await deps.db.kysely.selectFrom('monitor_deliveries').selectAll().where('id', '=', deliveryId).where('monitor_id', '=', m.id).executeTakeFirst();
  if (!original) throw notFound(`Delivery ${deliveryId} not found`);
  if (original.status === 'pending') throw conflict('This delivery is still being tried');
  if (!m.webhook_url) throw conflict('The monitor has no webhook_url to deliver to');
  const row = await deps.db.kysely.transaction().execute((trx) => enqueueDelivery(trx, deps, { monitorId: m.id, changeId: original.change_id, url: m.webhook_url! }));
  deps.queue.nudge?.();
  return deliveryView(row);
}
