/**
 * Executing an endpoint: the route -> auth and limits -> here -> recipe interpreter -> fetch.
 * Every failure leaves as a QuarryError (classified by the recipe module); this function adds
 * what belongs to the account: which scraper and version may be run, the rate limit, the
 * price, and the headers every execution response carries.
 */
import type { Plan } from '../config/index.js';
import { planOf, CHARGES } from '../config/index.js';
import { QuarryError, badRequest, knownError, notFound } from '../errors/index.js';
import { findUnsafeInput, unsafeText } from '../errors/unsafe-input.js';
import { denyToError, type ExecutionLimitResult } from '../ratelimit/index.js';
import { runEndpoint, findEndpoint } from '../recipe/index.js';
import type { Recipe } from '../recipe/types.js';
import type { ServiceDeps } from './deps.js';
import { charge, getBalance, mayAfford } from './credits.js';
import { findScraper, getVersion, type ScraperRow } from './scrapers.js';
import { recordExecution } from '../metrics/index.js';
import { prepareSessionCall, type SessionPair } from './sessions.js';
import { archivedApiError } from './removal.js';

export interface ExecutionCaller {
  userId: string;
  keyId: string;
  plan: string;
}

/**
 * What a face read from its own input (HTTP: the query or body and its headers; MCP: the tool's
 * arguments). The service knows nothing of headers or HTTP methods.
 */
export interface ExecutionInput {
  /** The endpoint's parameters; the service refuses anything but a JSON object. */
  params: unknown;
  /** A pinned version; the latest when absent. */
  version?: number;
  /** The session pair of a login-protected API, when sent. */
  session?: SessionPair;
  /** Only an endpoint of this method may run (a GET route runs GET endpoints only). */
  onlyMethod?: 'GET';
}

export interface ExecutionRequest {
  scraperId: string;
  endpointName: string;
  /**
   * Reads the face's input. Called after the rate limit is taken, so an input the face refuses
   * (a malformed version header, say) is answered with the call's figures like any other failure.
   */
  read: () => ExecutionInput;
  signal?: AbortSignal;
}

/**
 * What an execution produced, as values; each face renders it (HTTP as headers, MCP as `_meta`).
 * A failure is thrown as an `ExecutionFailure` carrying the same accounting.
 */
export interface ExecutionResult {
  /** The endpoint's own JSON. */
  body: unknown;
  /** Credits taken by this call (0 on any failure). */
  charged: number;
  /** The caller's balance after the call. */
  balance: number;
  /** The rate-limit decision this call consumed. */
  limits: ExecutionLimitResult;
}

/** A refused or failed execution: the error to answer with, and the accounting every answer carries. */
export class ExecutionFailure extends Error {
  readonly charged = 0;
  constructor(
    readonly error: QuarryError,
    /** Null when the balance could not be read: no figure is better than a false 0. */
    readonly balance: number | null,
    readonly limits: ExecutionLimitResult,
  ) {
    super(error.message);
    this.name = 'ExecutionFailure';
  }
}

export type ExecuteDeps = ServiceDeps;

async function resolveScraper(
  deps: ExecuteDeps,
  caller: ExecutionCaller,
  scraperId: string,
  version: number | null,
): Promise<{ scraper: ScraperRow; version: number; recipe: Recipe }> {
  // An id no store can hold names nothing (and PostgreSQL would refuse the query).
  if (unsafeText(scraperId)) throw notFound(`Scraper not found`);
  const scraper = await findScraper(deps.db.kysely, scraperId);
  const allowed =
    scraper &&
    (scraper.user_id === caller.userId ||
      (deps.canonicals ? await deps.canonicals.isCallable(scraper, version) : false));
  if (!scraper || !allowed) throw notFound(`Scraper ${scraperId} not found`);
  if (scraper.archived_at) throw archivedApiError(scraper);
  const wanted = version ?? scraper.latest_version;
  const snapshot = await getVersion(deps.db.kysely, scraper.id, wanted);
  if (!snapshot) throw notFound(`Scraper ${scraperId} has no version ${wanted}`);
  return { scraper, version: wanted, recipe: snapshot.recipe };
}

function paramsOf(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new QuarryError('input_format_invalid', 'The parameters must be a JSON object', { param: null });
  }
  // Every face (HTTP, MCP) reaches this: text no store or URL can carry is refused before any work.
  const unsafe = findUnsafeInput(body);
  if (unsafe) {
    const param = unsafe.path.split('.')[0] || null;
    throw new QuarryError('input_format_invalid', `Parameter "${unsafe.path}" ${unsafe.problem}.`, {
      param,
      details: [{ param, path: `/${unsafe.path.replace(/\./g, '/')}`, message: unsafe.problem }],
    });
  }
  return { ...(body as Record<string, unknown>) };
}

/** Any thrown value as the error the caller sees: a lost connection is a 503 to retry, a bug a 500. */
function asExecutionError(err: unknown, logger: ServiceDeps['logger']): QuarryError {
  const known = knownError(err);
  if (known && known !== err) logger.warn({ err }, 'execution met a lost connection');
  if (known) return known;
  logger.error({ err }, 'execution failed outside the scraper');
  return new QuarryError('internal', 'Internal error while executing the endpoint');
}

export async function executeEndpoint(
  deps: ExecuteDeps,
  caller: ExecutionCaller,
  req: ExecutionRequest,
): Promise<ExecutionResult> {
  const started = Date.now();
  const plan: Plan = planOf(caller.plan);
  // The limit is taken first, so every authenticated execution answer carries its figures.
  const limit: ExecutionLimitResult = await deps.limiter.consumeExecution(caller.keyId, plan);
  const fail = async (err: QuarryError): Promise<never> => {
    // The failure is answered either way; a balance the database cannot give is left out, never
    // answered as 0 (a caller would read that as "out of credits").
    const balance = await getBalance(deps.db.kysely, caller.userId).catch((readErr: unknown) => {
      deps.logger.error({ err: readErr }, 'credit balance unreadable: failure answered without X-Credits-Remaining');
      return null;
    });
    throw new ExecutionFailure(err, balance, limit);
  };
  if (!limit.allowed) return fail(denyToError(limit));

  let resolved: Awaited<ReturnType<typeof resolveScraper>> | null = null;
  let statusCode = 500;
  let errorCode: string | null = 'internal';
  try {
    const input = req.read();
    const params = paramsOf(input.params);
    const session = input.session ?? null;
    if (unsafeText(req.endpointName)) throw notFound('This API has no such endpoint');
    resolved = await resolveScraper(deps, caller, req.scraperId, input.version ?? null);
    const endpoint = findEndpoint(resolved.recipe, req.endpointName);
    if (input.onlyMethod === 'GET' && endpoint.method !== 'GET') {
      throw badRequest(`Endpoint ${endpoint.name} takes POST with a JSON body`);
    }
    // Login-protected APIs (services/sessions.ts): the login endpoint opens a session; the
    // endpoints that depend on it run with the caller's decrypted cookies.
    const sessionCall = await prepareSessionCall(deps, caller, resolved.scraper.id, resolved.recipe, endpoint, session);
    const price = endpoint.price ?? CHARGES.defaultEndpointPrice;
    const affordable = await mayAfford(deps.db.kysely, caller.userId, price);
    if (!affordable.ok) {
      throw new QuarryError('payment_required', 'Not enough credits for this call', {
        credits_required: price,
        credits_remaining: affordable.balance,
      });
    }
    const run = await runEndpoint(resolved.recipe, endpoint.name, params, {
      fetcher: sessionCall.fetcher,
      cookieJar: sessionCall.cookieJar,
      signal: req.signal,
      logger: deps.logger,
    }).catch((err: unknown) => sessionCall.fail(err));
    const result = { ...run, body: await sessionCall.finish(run.body, run.cookieJar) };
    // Charged only on success, atomically: concurrent calls can never take the balance below zero.
    const charged = await charge(deps.db.kysely, deps.clock, caller.userId, price, 'endpoint_call', `${resolved.scraper.id}/${endpoint.name}`);
    if (!charged.ok) {
      throw new QuarryError('payment_required', 'Not enough credits for this call', {
        credits_required: price,
        credits_remaining: charged.balance,
      });
    }
    statusCode = 200;
    errorCode = null;
    return { body: result.body, charged: price, balance: charged.balance, limits: limit };
  } catch (err) {
    const failure = asExecutionError(err, deps.logger);
    [statusCode, errorCode] = [failure.status, failure.code];
    return await fail(failure);
  } finally {
    recordExecution(errorCode);
    if (resolved) {
      deps.callLog.record({
        user_id: caller.userId,
        scraper_id: resolved.scraper.id,
        endpoint_name: req.endpointName,
        version: resolved.version,
        status_code: statusCode,
        latency_ms: Date.now() - started,
        created_at: new Date(started).toISOString(),
      });
    }
  }
}
