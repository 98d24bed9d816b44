/**
 * The builder's polite fetcher: every request of a build goes through one of these so that the
 * build stays within its page budget and deadline, never leaves the entry site (its host and
 * the host's `www.` twin), runs at most `perHostConcurrency` requests per host at once, and
 * stops as soon as the build is cancelled.
 *
 * Budget and deadline are soft stops (exploration returns what it has); cancellation is a hard
 * stop (the signal's reason is thrown). It also implements `Fetcher`, so the same budget can be
 * shared with search induction or the interpreter during a build.
 */
import { QuarryError } from '../../errors/index.js';
import type { FetchRequest, FetchResponse, Fetcher } from '../../fetch/types.js';
import { sameSite } from './url-template.js';
import { rethrowUnless } from '../../errors/expected.js';

/** Below this much time left, the deadline becomes the request's time-out. */
const USUAL_TIMEOUT_MS = 20_000;

export type StopReason = 'budget' | 'deadline' | 'off_site';

/** Thrown (and caught by exploration) when a fetch is refused for budget, deadline or host. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: StopReason,
    readonly url: string,
  ) {
    super(`Not fetching ${url}: ${reason === 'off_site' ? 'outside the site' : `${reason} exhausted`}`);
    this.name = 'FetchRefused';
  }
}

export interface SiteFetcherOptions {
  fetcher: Fetcher;
  signal: AbortSignal;
  /** Most requests this fetcher will send. */
  maxPages: number;
  /** Epoch ms after which no request starts. */
  deadline: number;
  perHostConcurrency: number;
  /** Hosts (with port) of the site; `www.` twins are allowed too. Empty: set by the first fetch. */
  hosts?: string[];
  now?: () => number;
}

export interface FetchRecord {
  url: string;
  status: number | null;
  purpose: string;
  error?: string;
}

export class SiteFetcher implements Fetcher {
  readonly hosts: string[];
  /** Every request sent (or failed in transport), in order. */
  readonly log: FetchRecord[] = [];
  private started = 0;
  private readonly waiting = new Map<string, Array<() => void>>();
  private readonly active = new Map<string, number>();
  private readonly now: () => number;
  /** The first stop reason met (budget or deadline), kept for the exploration's stats. */
  stoppedBy: StopReason | null = null;

  constructor(private readonly options: SiteFetcherOptions) {
    this.hosts = [...(options.hosts ?? [])];
    this.now = options.now ?? Date.now;
  }

  get signal(): AbortSignal {
    return this.options.signal;
  }

  get fetches(): number {
    return this.started;
  }

  remaining(): number {
    return Math.max(0, this.options.maxPages - this.started);
  }

  expired(): boolean {
    return this.now() >= this.options.deadline;
  }

  /** True when another request may start (budget left, deadline not passed). */
  canFetch(): boolean {
    if (this.remaining() <= 0) this.stoppedBy ??= 'budget';
    else if (this.expired()) this.stoppedBy ??= 'deadline';
    else return true;
    return false;
  }

  allowHost(host: string): void {
    if (!this.hosts.some((h) => h.toLowerCase() === host.toLowerCase())) this.hosts.push(host);
  }

  isOnSite(url: string): boolean {
    let host: string;
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
      host = parsed.host;
    } catch (err) {
      rethrowUnless(err, 'url');
      return false;
    }
    return this.hosts.length === 0 || this.hosts.some((h) => sameSite(h, host));
  }

  /**
   * Sends one request within the limits. Throws FetchRefused (budget, deadline, off site),
   * the signal's reason when cancelled, or the fetch layer's QuarryError.
   */
  async fetch(req: FetchRequest, purpose = 'page'): Promise<FetchResponse> {
    const signal = this.options.signal;
    signal.throwIfAborted();
    if (!this.isOnSite(req.url)) throw new FetchRefused('off_site', req.url);
    const host = new URL(req.url).host.toLowerCase().replace(/^www\./, '');
    await this.acquire(host);
    try {
      signal.throwIfAborted();
      this.checkLimits(req.url);
      this.started++;
      const timeLeft = this.options.deadline - this.now();
      // The deadline shortens a request's time-out only when it is nearer than the usual one.
      const timeoutMs = req.timeoutMs !== undefined ? Math.min(req.timeoutMs, timeLeft) : timeLeft < USUAL_TIMEOUT_MS ? timeLeft : undefined;
      const record: FetchRecord = { url: req.url, status: null, purpose };
      this.log.push(record);
      try {
        const res = await this.options.fetcher.fetch({ ...req, signal: req.signal ? AbortSignal.any([req.signal, signal]) : signal, timeoutMs });
        record.status = res.status;
        return res;
      } catch (err) {
        signal.throwIfAborted();
        record.error = err instanceof Error ? err.message : String(err);
        throw err;
      }
    } finally {
      this.release(host);
    }
  }

  robotsAllowed(url: string, signal?: AbortSignal): Promise<boolean> {
    return this.options.fetcher.robotsAllowed(url, signal ?? this.options.signal);
  }

  /** The inner fetcher belongs to the caller; closing this one closes nothing. */
  async close(): Promise<void> {}

  private checkLimits(url: string): void {
    if (this.remaining() <= 0) {
      this.stoppedBy ??= 'budget';
      throw new FetchRefused('budget', url);
    }
    if (this.expired()) {
      this.stoppedBy ??= 'deadline';
      throw new FetchRefused('deadline', url);
    }
  }

  private async acquire(host: string): Promise<void> {
    const limit = Math.max(1, this.options.perHostConcurrency);
    const signal = this.options.signal;
    while ((this.active.get(host) ?? 0) >= limit) {
      await new Promise<void>((resolve, reject) => {
        const queue = this.waiting.get(host) ?? [];
        const onAbort = () => reject(signal.reason);
        const wake = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        queue.push(wake);
        this.waiting.set(host, queue);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    }
    this.active.set(host, (this.active.get(host) ?? 0) + 1);
  }

  private release(host: string): void {
    this.active.set(host, (this.active.get(host) ?? 1) - 1);
    const next = this.waiting.get(host)?.shift();
    if (next) next();
  }
}

/** A fetcher limited like exploration is, for later stages of a build (search probes, tests). */
export function createBudgetedFetcher(options: SiteFetcherOptions): SiteFetcher {
  return new SiteFetcher(options);
}

/** True for errors that mean "stop asking", as opposed to a failure of one page. */
export function isRefusal(err: unknown): err is FetchRefused {
  return err instanceof FetchRefused;
}

/** The fetch layer's robots.txt refusal (a `forbidden` QuarryError with reason robots_disallowed). */
export function isRobotsRefusal(err: unknown): boolean {
  return err instanceof QuarryError && err.code === 'forbidden' && err.fields.reason === 'robots_disallowed';
}
