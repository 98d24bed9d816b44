/**
 * The undici-backed Fetcher: a keep-alive Agent (per-host connection limit, connect time-out,
 * the guarded DNS lookup) or a rotating proxy pool; a total time-out per `fetch()` call covering
 * redirects, body and proxy retries; robots.txt when the operator asks for it; block detection
 * with one retry per proxy. 4xx/5xx answers are returned, not thrown: the recipe interpreter
 * classifies statuses. Only blocks and transport failures throw.
 */
import { sharedBrowser } from './browser/index.js';
import { Agent, type Dispatcher } from 'undici';
import type { Config } from '../config/index.js';
import { CheckedAddresses, guardedLookup, systemResolver, type Resolver } from './address-guard.js';
import { detectBlock, type BlockInfo } from './blocks.js';
import { fetchChain, parseTarget, type ChainContext, type ChainProgress } from './chain.js';
import { createCookieJar } from './cookies.js';
import { blockedError, classifyFailure, robotsDisallowed } from './failures.js';
import { browserHeaders } from './headers.js';
import { abortable } from './abortable.js';
import { ProxyPool } from './proxies.js';
import { ALLOW_ALL, isAllowedByRobots, MAX_ROBOTS_BYTES, parseRobots, RobotsCache, type RobotsLoadResult } from './robots.js';
import type { FetchRequest, FetchResponse, Fetcher } from './types.js';

/** The parts of Config the fetch layer reads; a whole Config fits. */
export type FetcherConfig = Pick<Config, 'fetch' | 'allowPrivateTargets' | 'respectRobots'> & Partial<Pick<Config, 'browser'>>;

export interface FetcherOptions {
  /** DNS resolution (default: dns.promises.lookup, all addresses). Tests map names to 127.0.0.1. */
  resolver?: Resolver;
  /** Product token matched against robots.txt User-agent groups (default `quarry`, else `*`). */
  robotsAgent?: string;
  /** How long a fetched robots.txt is trusted (default 1 h). */
  robotsTtlMs?: number;
  /** How many origins' robots.txt are kept (default 1000, least recently used dropped). */
  robotsMaxOrigins?: number;
  /** Clock for the robots cache (epoch ms). */
  now?: () => number;
}

const ROBOTS_TEMPORARY_TTL_MS = 60_000;


/**
 * The signal of one fetch: it aborts when the caller's signal does or when the total time-out
 * passes (a non-positive time-out disables ours; undici's inactivity time-outs remain). A plain
 * controller and timer, cleared by `done()`, cost less than AbortSignal.timeout + AbortSignal.any
 * on every call.
 */
function fetchDeadline(timeoutMs: number, caller?: AbortSignal) {
  const controller = new AbortController();
  let expired = false;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          expired = true;
          controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
        }, timeoutMs).unref()
      : null;
  const forward = () => controller.abort(caller?.reason);
  if (caller?.aborted) forward();
  else caller?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    /** Whether our own time-out (not the caller) ended the fetch. */
    timeout: {
      get aborted() {
        return expired;
      },
    },
    done() {
      if (timer) clearTimeout(timer);
      caller?.removeEventListener('abort', forward);
    },
  };
}

export function createFetcher(config: FetcherConfig, options: FetcherOptions = {}): Fetcher {
  const settings = config.fetch;
  const resolver = options.resolver ?? systemResolver;
  const checked = new CheckedAddresses();
  const inactivity = settings.totalTimeoutMs > 0 ? settings.totalTimeoutMs : undefined;
  const connections = settings.perHostConnections > 0 ? settings.perHostConnections : null;
  const direct = new Agent({
    connections,
    headersTimeout: inactivity,
    bodyTimeout: inactivity,
    connect: { timeout: settings.connectTimeoutMs, lookup: guardedLookup(config.allowPrivateTargets, resolver, checked) },
  });
  const proxies = new ProxyPool(settings.proxies, {
    connections: connections ?? 0,
    connectTimeoutMs: settings.connectTimeoutMs,
    totalTimeoutMs: settings.totalTimeoutMs,
  });
  const nextDispatcher = (): Dispatcher => (proxies.size > 0 ? proxies.next().dispatcher : direct);
  const robotsAgent = options.robotsAgent ?? 'quarry';

  const baseContext: ChainContext = {
    allow: config.allowPrivateTargets,
    resolver,
    checked,
    defaultHeaders: browserHeaders(settings.userAgent),
    maxRedirects: settings.maxRedirects,
  };

  /**
   * robots.txt of one origin. A 2xx is parsed; a 4xx (missing) allows everything; a 5xx or an
   * unreachable robots.txt also allows everything (RFC 9309 says to assume "disallow all" on 5xx,
   * but a flaky robots.txt must not break every call), cached only briefly so recovery is seen.
   */
  async function loadRobots(origin: string): Promise<RobotsLoadResult> {
    const deadline = fetchDeadline(settings.totalTimeoutMs);
    const signal = deadline.signal;
    const progress: ChainProgress = { url: origin, status: null };
    try {
      const res = await fetchChain(
        baseContext,
        nextDispatcher(),
        {
          url: `${origin}/robots.txt`,
          method: 'GET',
          headers: { accept: 'text/plain,*/*;q=0.8' },
          jar: createCookieJar(),
          signal,
          maxBodyBytes: MAX_ROBOTS_BYTES * 4,
        },
        progress,
      );
      if (res.status >= 200 && res.status < 300) return { rules: parseRobots(res.text), temporary: false };
      return { rules: ALLOW_ALL, temporary: res.status < 400 || res.status >= 500 };
    } catch {
      return { rules: ALLOW_ALL, temporary: true };
    } finally {
      deadline.done();
    }
  }

  const robots = new RobotsCache(loadRobots, {
    ttlMs: options.robotsTtlMs ?? 3_600_000,
    temporaryTtlMs: ROBOTS_TEMPORARY_TTL_MS,
    maxOrigins: options.robotsMaxOrigins ?? 1_000,
    now: options.now ?? Date.now,
  });

  async function robotsAllowed(url: string, signal?: AbortSignal): Promise<boolean> {
    const target = parseTarget(url);
    const rules = await abortable(robots.rules(target.origin), signal);
    return isAllowedByRobots(rules, robotsAgent, target.href);
  }

  async function fetch(req: FetchRequest): Promise<FetchResponse> {
    const started = performance.now();
    const timeoutMs = req.timeoutMs ?? settings.totalTimeoutMs;
    const deadline = fetchDeadline(timeoutMs, req.signal);
    try {
      return await fetchWithin(req, deadline.signal, deadline.timeout, timeoutMs, started);
    } finally {
      deadline.done();
    }
  }

  async function fetchWithin(
    req: FetchRequest,
    signal: AbortSignal,
    timeout: { readonly aborted: boolean },
    timeoutMs: number,
    started: number,
  ): Promise<FetchResponse> {
    const honourRobots = config.respectRobots && !req.ignoreRobots;
    const context: ChainContext = {
      ...baseContext,
      checkRobots: honourRobots
        ? async (url) => {
            if (!(await robotsAllowed(url, signal))) throw robotsDisallowed(url);
          }
        : undefined,
    };
    const jar = req.cookieJar ?? createCookieJar();
    const attempts = Math.max(1, proxies.size);
    let block: BlockInfo | null = null;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const progress: ChainProgress = { url: req.url, status: null };
      let res: Omit<FetchResponse, 'elapsedMs'>;
      try {
        res = await fetchChain(
          context,
          nextDispatcher(),
          {
            url: req.url,
            method: (req.method ?? 'GET').toUpperCase(),
            headers: req.headers ?? {},
            body: req.body,
            jar,
            signal,
            maxBodyBytes: req.maxBodyBytes ?? settings.maxBodyBytes,
            timeoutMs: req.timeoutMs,
          },
          progress,
        );
      } catch (err) {
        throw classifyFailure(err, { url: progress.url, status: progress.status, callerSignal: req.signal, deadline: timeout, timeoutMs });
      }
      block = req.detectBlocks === false ? null : detectBlock(res, { expectContent: req.expectContent });
      if (!block) return { ...res, elapsedMs: Math.round(performance.now() - started) };
    }
    throw blockedError(req.url, block as BlockInfo, attempts);
  }

  // The browser engine for JavaScript-drawn sites: shared per process, started on first use.
  const browser = config.browser ? sharedBrowser({ ...config, browser: config.browser }, options.resolver ? { resolver: options.resolver } : {}) : null;
  return {
    fetch,
    robotsAllowed,
    browser: browser?.engine,
    async close() {
      await Promise.all([direct.close(), proxies.close(), browser?.release()]);
    },
  };
}
