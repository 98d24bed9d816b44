/**
 * The one place that reads the environment. Every setting is declared here with its
 * environment name and default, parsed once, and frozen; everything else receives a
 * `Config` value (never `process.env`), so tests can build any configuration they need.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PLANS, type PlanName } from './plans.js';

export { PLANS, type PlanName, type Plan, planOf, CHARGES } from './plans.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Base of `execution_base_url`; defaults to http://HOST:PORT. */
  publicUrl: string;
  /** PostgreSQL connection string; SQLite under dataDir when absent. */
  databaseUrl: string | null;
  /** Redis connection string; in-memory limits and the embedded queue when absent. */
  redisUrl: string | null;
  /** Allow fetches to private/loopback targets: true for all, or a host/CIDR allowlist. */
  allowPrivateTargets: boolean | string[];
  logLevel: LogLevel;
  /** Default plan of new sign-ups. */
  defaultPlan: PlanName;
  /** Enforce execution rate limits (operator switch; off only for trusted single-tenant set-ups). */
  rateLimits: boolean;
  /** Honour robots.txt when fetching (operator switch). */
  respectRobots: boolean;
  /** Upstream fetch limits. */
  fetch: {
    connectTimeoutMs: number;
    totalTimeoutMs: number;
    maxBodyBytes: number;
    maxRedirects: number;
    perHostConnections: number;
    proxies: string[];
    userAgent: string;
  };
  /** Build job budgets. */
  build: {
    timeBudgetMs: number;
    fetchBudget: number;
    perHostConcurrency: number;
  };
  /** Embedded queue tuning. */
  queue: {
    /** BullMQ queue name in scale mode (processes sharing a Redis and a database use the same one). */
    name: string;
    /** Run a worker inside the server process (embedded default). */
    embeddedWorker: boolean;
    concurrency: number;
    leaseMs: number;
    heartbeatMs: number;
    pollMs: number;
  };
  /** Optional OpenAI-compatible chat API that assists the builder. */
  llm: { baseUrl: string; apiKey: string; model: string } | null;
  /** Optional OpenAI-compatible embeddings API for marketplace search. */
  embeddings: { baseUrl: string; apiKey: string; model: string } | null;
  /** Web session (dashboard cookie) lifetime. */
  sessionTtlMs: number;
  /** Bearer token that GET /metrics requires; unset: /metrics answers 404 (not public by default). */
  metricsToken: string | null;
  /** OAuth 2.1 for MCP clients: lifetimes of access tokens, refresh tokens and authorization codes. */
  oauth: { accessTokenTtlMs: number; refreshTokenTtlMs: number; refreshReuseGraceMs: number; codeTtlMs: number };
  /** Folder of the built dashboard (web/dist); the service serves it at `/`. */
  webDistDir: string;
  /** A login endpoint's session with a site: idle time before it expires (docs/sessions.md). */
  apiSessionIdleMs: number;
  /**
   * Key of the credentials waiting between a task's answer and its build worker (docs/sessions.md).
   * Unset: a random key per process (fine with the embedded worker; set it when workers are separate).
   */
  handoffSecret: string | null;
  /** The headless browser for JavaScript-drawn sites (src/fetch/browser, docs/browser.md). */
  browser: {
    /** Debian's chromium-headless-shell, else its full chromium (defaultChromiumPath); ensure-chromium.sh reads the same variable. */
    executablePath: string;
    /** Browser contexts (parallel pages) in the pool. */
    contexts: number;
    /** A page (render step, build sample) gets this long before it is closed as timed out. */
    pageTimeoutMs: number;
    /** Resident memory of the whole browser process tree above which it is restarted. */
    memoryLimitMb: number;
    /** A context is replaced by a fresh one after this many pages (leaks, stale state). */
    pagesPerContext: number;
    /** The browser process (and its whole tree) is restarted after this many pages. */
    pagesPerProcess: number;
    /** A context whose page heap (JS and DOM, after a collection) exceeds this is replaced. */
    contextMemoryMb: number;
  };
  /** Monitors and their webhooks (src/services/monitors, docs/monitors.md). */
  monitors: {
    /** How often each worker process looks for due monitors. */
    tickMs: number;
    /** Most due monitors one tick claims. */
    claimBatch: number;
    /** Pages of a list endpoint a monitor follows when it does not say (and the most it may ask). */
    defaultMaxPages: number;
    maxPagesLimit: number;
    /** Failed runs in a row after which a fix revision is opened through self-healing. */
    failuresBeforeRepair: number;
    webhook: {
      /** Tries of one delivery before it is marked failed (Standard Webhooks: about a day). */
      maxTries: number;
      /** Exponential backoff: the first retry after about baseMs, each later one 3x longer, capped at maxMs, with jitter. */
      retryBaseMs: number;
      retryMaxMs: number;
      /** One try's whole time (connect, send, answer). */
      timeoutMs: number;
    };
  };
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new Error(`${name} must be a boolean (1/0, true/false), got "${raw}"`);
}

function list(env: Env, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function privateTargets(env: Env): boolean | string[] {
  const raw = env.QUARRY_ALLOW_PRIVATE_TARGETS;
  if (raw === undefined || raw === '') return false;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  return list(env, 'QUARRY_ALLOW_PRIVATE_TARGETS');
}

function optionalApi(env: Env, prefix: string): Config['llm'] {
  const baseUrl = env[`${prefix}_BASE_URL`];
  const model = env[`${prefix}_MODEL`];
  if (!baseUrl || !model) return null;
  return { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey: env[`${prefix}_API_KEY`] ?? '', model };
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Parse a configuration from an environment (the process's by default) plus overrides. */
/**
 * Debian's chromium-headless-shell (the same chromium build without the desktop shell: about half
 * the CPU and memory per rendered page, docs/browser.md) when installed, else Debian's chromium.
 */
export function defaultChromiumPath(): string {
  const shell = '/usr/lib/chromium/chromium-headless-shell';
  return fs.existsSync(shell) ? shell : '/usr/bin/chromium';
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Readonly<Config> {
  const port = int(env, 'PORT', 8080);
  const host = env.HOST || '127.0.0.1';
  const logLevel = (env.QUARRY_LOG_LEVEL || env.LOG_LEVEL || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`QUARRY_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const defaultPlan = (env.QUARRY_DEFAULT_PLAN || 'free') as PlanName;
  if (!(defaultPlan in PLANS)) throw new Error(`QUARRY_DEFAULT_PLAN must be one of ${Object.keys(PLANS).join(', ')}`);

  const config: Config = {
    port,
    host,
    dataDir: path.resolve(env.QUARRY_DATA_DIR || './data'),
    publicUrl: (env.QUARRY_PUBLIC_URL || `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    allowPrivateTargets: privateTargets(env),
    logLevel,
    defaultPlan,
    rateLimits: bool(env, 'QUARRY_RATE_LIMITS', true),
    respectRobots: bool(env, 'QUARRY_RESPECT_ROBOTS', true),
    fetch: {
      connectTimeoutMs: int(env, 'QUARRY_FETCH_CONNECT_TIMEOUT_MS', 5_000),
      totalTimeoutMs: int(env, 'QUARRY_FETCH_TIMEOUT_MS', 20_000),
      maxBodyBytes: int(env, 'QUARRY_FETCH_MAX_BODY_BYTES', 10 * 1024 * 1024),
      maxRedirects: int(env, 'QUARRY_FETCH_MAX_REDIRECTS', 10),
      perHostConnections: int(env, 'QUARRY_FETCH_PER_HOST_CONNECTIONS', 16),
      proxies: list(env, 'QUARRY_PROXIES'),
      userAgent:
        env.QUARRY_USER_AGENT ||
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    },
    build: {
      timeBudgetMs: int(env, 'QUARRY_BUILD_TIME_BUDGET_MS', 120_000),
      fetchBudget: int(env, 'QUARRY_BUILD_FETCH_BUDGET', 60),
      perHostConcurrency: int(env, 'QUARRY_BUILD_PER_HOST_CONCURRENCY', 4),
    },
    queue: {
      name: env.QUARRY_QUEUE_NAME || 'quarry-jobs',
      embeddedWorker: bool(env, 'QUARRY_EMBEDDED_WORKER', true),
      concurrency: int(env, 'QUARRY_WORKER_CONCURRENCY', 2),
      // A worker that dies (SIGKILL, lost machine) holds its jobs until the lease passes: 15 s
      // puts the build back on another worker well within 30 s (docs/deploy.md).
      leaseMs: int(env, 'QUARRY_JOB_LEASE_MS', 15_000),
      heartbeatMs: int(env, 'QUARRY_JOB_HEARTBEAT_MS', 3_000),
      pollMs: int(env, 'QUARRY_QUEUE_POLL_MS', 500),
    },
    llm: optionalApi(env, 'LLM'),
    embeddings: optionalApi(env, 'EMBEDDINGS'),
    sessionTtlMs: int(env, 'QUARRY_SESSION_TTL_MS', 14 * 24 * 3600 * 1000),
    metricsToken: env.QUARRY_METRICS_TOKEN || null,
    oauth: {
      accessTokenTtlMs: int(env, 'QUARRY_OAUTH_ACCESS_TTL_MS', 3600 * 1000),
      refreshTokenTtlMs: int(env, 'QUARRY_OAUTH_REFRESH_TTL_MS', 30 * 24 * 3600 * 1000),
      refreshReuseGraceMs: int(env, 'QUARRY_OAUTH_REFRESH_REUSE_GRACE_MS', 10 * 1000),
      codeTtlMs: int(env, 'QUARRY_OAUTH_CODE_TTL_MS', 60 * 1000),
    },
    webDistDir: path.resolve(env.QUARRY_WEB_DIST || path.join(import.meta.dirname, '../../web/dist')),
    apiSessionIdleMs: int(env, 'QUARRY_API_SESSION_IDLE_MS', 24 * 3600 * 1000),
    handoffSecret: env.QUARRY_HANDOFF_SECRET || null,
    browser: {
      executablePath: env.QUARRY_CHROMIUM_PATH || defaultChromiumPath(),
      contexts: Math.max(1, int(env, 'QUARRY_BROWSER_CONTEXTS', 4)),
      pageTimeoutMs: int(env, 'QUARRY_BROWSER_PAGE_TIMEOUT_MS', 15_000),
      memoryLimitMb: int(env, 'QUARRY_BROWSER_MEMORY_MB', 700),
      pagesPerContext: Math.max(1, int(env, 'QUARRY_BROWSER_PAGES_PER_CONTEXT', 100)),
      pagesPerProcess: Math.max(1, int(env, 'QUARRY_BROWSER_PAGES_PER_PROCESS', 1000)),
      contextMemoryMb: Math.max(1, int(env, 'QUARRY_BROWSER_CONTEXT_MEMORY_MB', 96)),
    },
    monitors: {
      tickMs: Math.max(10, int(env, 'QUARRY_MONITOR_TICK_MS', 5_000)),
      claimBatch: Math.max(1, int(env, 'QUARRY_MONITOR_CLAIM_BATCH', 200)),
      defaultMaxPages: Math.max(1, int(env, 'QUARRY_MONITOR_DEFAULT_MAX_PAGES', 5)),
      maxPagesLimit: Math.max(1, int(env, 'QUARRY_MONITOR_MAX_PAGES', 20)),
      failuresBeforeRepair: Math.max(1, int(env, 'QUARRY_MONITOR_FAILURES_BEFORE_REPAIR', 3)),
      webhook: {
        maxTries: Math.max(1, int(env, 'QUARRY_WEBHOOK_MAX_TRIES', 8)),
        retryBaseMs: int(env, 'QUARRY_WEBHOOK_RETRY_BASE_MS', 60_000),
        retryMaxMs: int(env, 'QUARRY_WEBHOOK_RETRY_MAX_MS', 8 * 3600 * 1000),
        timeoutMs: Math.max(100, int(env, 'QUARRY_WEBHOOK_TIMEOUT_MS', 10_000)),
      },
    },
    ...overrides,
  };
  return Object.freeze(config);
}
