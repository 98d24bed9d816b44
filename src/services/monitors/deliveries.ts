/**
 * Webhook deliveries by the Standard Webhooks specification, signed with the `standardwebhooks`
 * package (the reference implementation, so any receiver's library verifies them):
 * `webhook-id` = the change id (the same on every try and every redelivery: receivers dedupe by
 * it), `webhook-timestamp` = this try's time, `webhook-signature` = `v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">` under the monitor's `whsec_` secret; body
 * `{type: "monitor.changed", monitor_id, change}`.
 *
 * Each try is one `monitor_delivery` job. A 2xx ends the delivery; anything else (an error
 * status, a time-out, a refused connection, a private address) schedules the next try after an
 * exponential backoff with jitter, until `maxTries`, then the delivery is failed. Every try is
 * logged (status code, latency, error). At least once: a worker that dies after sending but
 * before recording has its job run again, and the receiver sees the same webhook-id twice.
 * Redirects are not followed (a receiver answers where it was registered).
 */
import { request, type Dispatcher } from 'undici';
import { Webhook } from 'standardwebhooks';
import { newId } from '../../clock.js';
import type { Config } from '../../config/index.js';
import type { MonitorDeliveriesTable } from '../../db/schema.js';
import type { Executor } from '../../queue/index.js';
import type { ServiceDeps } from '../deps.js';
import { changeView, type DeliveryLogEntry } from './views.js';
import { webhookDispatcher } from './webhook-target.js';
import { resolveChecked, systemResolver } from '../../fetch/address-guard.js';

export const MONITOR_DELIVERY_JOB = 'monitor_delivery';

/** Keep the newest tries of a delivery's log. */
const LOG_MAX = 20;
const ERROR_TEXT_MAX = 300;

/**
 * Delay before try `n + 1` after `n` failed tries: base * 3^(n-1), capped, with +-20% jitter so
 * a receiver that comes back is not hit by every delivery at the same moment. With the defaults
 * (1 min, cap 8 h) eight tries span about 14 hours.
 */
export function retryDelayMs(settings: Config['monitors']['webhook'], failedTries: number, random: () => number = Math.random): number {
  const exp = Math.min(settings.retryBaseMs * 3 ** Math.max(0, failedTries - 1), settings.retryMaxMs);
  return Math.max(0, Math.round(exp * (0.8 + 0.4 * random())));
}

export async function enqueueDelivery(
  trx: Executor,
  deps: Pick<ServiceDeps, 'queue' | 'clock'>,
  input: { monitorId: string; changeId: string; url: string },
): Promise<MonitorDeliveriesTable> {
  const now = deps.clock.now().toISOString();
  const row: MonitorDeliveriesTable = {
    id: newId(),
    monitor_id: input.monitorId,
    change_id: input.changeId,
    url: input.url,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    last_status_code: null,
    last_latency_ms: null,
    last_error: null,
    log: '[]',
    created_at: now,
    finished_at: null,
  };
  await trx.insertInto('monitor_deliveries').values(row).execute();
  await deps.queue.enqueue(trx, { kind: MONITOR_DELIVERY_JOB, payload: { deliveryId: row.id }, jobKey: `monitor-delivery:${row.id}:1`, maxAttempts: 3 });
  return row;
}

/** The exact request a try sends (exported for tests and docs). */
export function signedRequest(secret: string, changeId: string, body: string, at: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Quarry-Webhooks/1',
    'webhook-id': changeId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(changeId, at, body),
  };
}

let sharedDispatcher: { key: string; dispatcher: Dispatcher } | null = null;
function dispatcherFor(config: Config): Dispatcher {
  const key = JSON.stringify([config.allowPrivateTargets, config.monitors.webhook.timeoutMs]);
  if (!sharedDispatcher || sharedDispatcher.key !== key) sharedDispatcher = { key, dispatcher: webhookDispatcher(config, config.monitors.webhook.timeoutMs) };
  return sharedDispatcher.dispatcher;
}

/** One try: POST, read the answer's status, never its body beyond draining it. */
async function send(config: Config, url: string, headers: Record<string, string>, body: string, signal?: AbortSignal): Promise<{ status: number | null; error: string | null; latencyMs: number }> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(config.monitors.webhook.timeoutMs);
  try {
    // An address written as such never reaches the connector's lookup: check it here too.
    await resolveChecked(new URL(url).hostname, config.allowPrivateTargets, systemResolver);
    const res = await request(url, { method: 'POST', headers, body, dispatcher: dispatcherFor(config), signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    return { status: res.statusCode, error: ok ? null : `the receiver answered HTTP ${res.statusCode}`, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    const message = cause?.message ?? (err instanceof Error ? err.message : String(err));
    return { status: null, error: message.slice(0, ERROR_TEXT_MAX), latencyMs: Math.round(performance.now() - started) };
  }
}

/** The job: one try of a pending delivery. */
export async function attemptDelivery(deps: ServiceDeps, deliveryId: string, signal?: AbortSignal): Promise<void> {
  const db = deps.db.kysely;
  const delivery = await db.selectFrom('monitor_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst();
  if (!delivery || delivery.status !== 'pending') return;
  const monitor = await db.selectFrom('monitors').select(['id', 'webhook_secret']).where('id', '=', delivery.monitor_id).executeTakeFirst();
  const change = await db.selectFrom('monitor_changes').selectAll().where('id', '=', delivery.change_id).executeTakeFirst();
  if (!monitor || !change) return;
  const at = deps.clock.now();
  const body = JSON.stringify({ type: 'monitor.changed', monitor_id: monitor.id, change: changeView(change) });
  const result = await send(deps.config, delivery.url, signedRequest(monitor.webhook_secret, change.id, body, at), body, signal);
  signal?.throwIfAborted();

  const settings = deps.config.monitors.webhook;
  const tries = Number(delivery.attempts) + 1;
  const ok = result.error === null;
  const entry: DeliveryLogEntry = { at: at.toISOString(), status_code: result.status, latency_ms: result.latencyMs, error: result.error };
  const log = [...(JSON.parse(delivery.log) as DeliveryLogEntry[]), entry].slice(-LOG_MAX);
  const finished = ok || tries >= settings.maxTries;
  const now = deps.clock.now();
  const nextAt = finished ? null : new Date(now.getTime() + retryDelayMs(settings, tries));
  await db.transaction().execute(async (trx) => {
    // Conditional on the tries seen: a duplicate run of this job (a worker that died) records nothing twice.
    const updated = await trx
      .updateTable('monitor_deliveries')
      .set({
        status: ok ? 'succeeded' : finished ? 'failed' : 'pending',
        attempts: tries,
        next_attempt_at: nextAt?.toISOString() ?? null,
        last_status_code: result.status,
        last_latency_ms: result.latencyMs,
        last_error: result.error,
        log: JSON.stringify(log),
        finished_at: finished ? now.toISOString() : null,
      })
      .where('id', '=', delivery.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', Number(delivery.attempts))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1 && nextAt) {
      await deps.queue.enqueue(trx, { kind: MONITOR_DELIVERY_JOB, payload: { deliveryId: delivery.id }, jobKey: `monitor-delivery:${delivery.id}:${tries + 1}`, runAt: nextAt, maxAttempts: 3 });
    }
  });
}
