/**
 * The Quarry client. One instance per key and service address; it is cheap to create and
 * keeps no connection state beyond what fetch pools.
 *
 *   const quarry = new Quarry({ apiKey: 'pmx_...', baseUrl: 'https://quarry.example.com' });
 *   const { task_id } = await quarry.dispatch({ url: 'https://books.toscrape.com', task: 'list books' });
 *   const task = await quarry.waitForTask(task_id, { onProgress: (p) => console.log(p.percent) });
 *   const books = await quarry.call(task.result_scraper_id!, 'list_books', { page: 1 });
 */
import { MonitorsResource } from './resources/monitors.js';
import { callEndpoint } from './execution.js';
import { EndpointMethods } from './endpoint-methods.js';
import { Transport, defaultSleep, type FetchLike, type Sleep } from './http.js';
import { AccountResource } from './resources/account.js';
import { MarketplaceResource } from './resources/marketplace.js';
import { ApisResource, ScrapersResource } from './resources/scrapers.js';
import { TasksResource, type RequestOptions } from './resources/tasks.js';
import { DEFAULT_RETRY_POLICY } from './retry.js';
import type { ArchiveResult, CallOptions, CallResult, DispatchParams, DispatchResult, EndpointResponse, Task, UsageByApi } from './types/index.js';
import { waitForTask, type WaitOptions } from './wait.js';

export interface QuarryOptions {
  /** `pmx_...`. Optional: the marketplace's search and browse work without one. */
  apiKey?: string;
  /** The service's address, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** A fetch implementation; default the global fetch of Node 20. */
  fetch?: FetchLike;
  /** Retries of a failed request where retrying can help (see retry.ts); default 2. */
  maxRetries?: number;
  /** Per attempt, until the whole answer is read; default 60 000 ms. */
  timeoutMs?: number;
  /** Longest `Retry-After` the client waits out before retrying; default 60 000 ms. */
  maxRetryAfterMs?: number;
  /** Used for retry waits and `waitForTask` polling; injectable for tests. */
  sleep?: Sleep;
}

export class Quarry {
  readonly tasks: TasksResource;
  readonly scrapers: ScrapersResource;
  readonly apis: ApisResource;
  readonly marketplace: MarketplaceResource;
  readonly account: AccountResource;
  readonly monitors: MonitorsResource;
  private readonly http: Transport;
  private readonly methods = new EndpointMethods();
  private readonly sleep: Sleep;

  constructor(options: QuarryOptions) {
    if (!options.baseUrl) throw new TypeError('Quarry: baseUrl is required');
    const baseUrl = new URL(options.baseUrl).toString().replace(/\/+$/, '');
    this.sleep = options.sleep ?? defaultSleep;
    this.http = new Transport({
      baseUrl,
      apiKey: options.apiKey,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      timeoutMs: options.timeoutMs ?? 60_000,
      sleep: this.sleep,
      retry: {
        ...DEFAULT_RETRY_POLICY,
        maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
        maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_RETRY_POLICY.maxRetryAfterMs,
      },
    });
    this.tasks = new TasksResource(this.http, this.methods);
    this.scrapers = new ScrapersResource(this.http, this.methods);
    this.apis = new ApisResource(this.http);
    this.marketplace = new MarketplaceResource(this.http, this.methods);
    this.account = new AccountResource(this.http);
    this.monitors = new MonitorsResource(this.http);
  }

  /** Start a build, or get an existing API at once when a canonical matches (`matched: true`). */
  async dispatch(params: DispatchParams, options: RequestOptions = {}): Promise<DispatchResult> {
    return (await this.http.request<DispatchResult>({ method: 'POST', path: '/dispatch', body: params, ...options })).body;
  }

  /** Run an endpoint; resolves with its JSON body `{status, data, meta?}`. */
  async call<TData = unknown>(
    scraperId: string,
    endpointName: string,
    params: Record<string, unknown> = {},
    options: CallOptions = {},
  ): Promise<EndpointResponse<TData>> {
    return (await this.callWithInfo<TData>(scraperId, endpointName, params, options)).body;
  }

  /** `call`, plus the rate-limit and credit headers and the request id. */
  async callWithInfo<TData = unknown>(
    scraperId: string,
    endpointName: string,
    params: Record<string, unknown> = {},
    options: CallOptions = {},
  ): Promise<CallResult<TData>> {
    return callEndpoint<TData>(this.http, this.methods, scraperId, endpointName, params, options);
  }

  /** Archive your API (`apis.remove`); `restoreApi` brings it back. */
  async removeApi(scraperId: string, options: RequestOptions = {}): Promise<ArchiveResult> {
    return this.apis.remove(scraperId, options);
  }

  async restoreApi(scraperId: string, options: RequestOptions = {}): Promise<ArchiveResult> {
    return this.apis.restore(scraperId, options);
  }

  /** Delete a finished task that built nothing (`tasks.delete`). */
  async deleteTask(taskId: string, options: RequestOptions = {}): Promise<void> {
    return this.tasks.delete(taskId, options);
  }

  /** Calls, errors and credits per API (`account.usageByApi`). */
  async usageByApi(params: { days?: number } = {}, options: RequestOptions = {}): Promise<UsageByApi[]> {
    return this.account.usageByApi(params, options);
  }

  /** Poll the task until it is terminal; see WaitOptions. */
  async waitForTask(taskId: string, options: WaitOptions = {}): Promise<Task> {
    return waitForTask({ getTask: (id, signal) => this.tasks.get(id, { signal }), sleep: this.sleep }, taskId, options);
  }
}
