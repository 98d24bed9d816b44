/** `client.scrapers` (scraper metadata, in-flight revision) and `client.apis` (OpenAPI export). */
import type { Transport } from '../http.js';
import { path } from '../http.js';
import type { ActiveTaskResult, ArchiveResult, OpenApiParams, OpenApiResult, ScraperMetadata } from '../types/index.js';
import type { EndpointMethods } from '../endpoint-methods.js';
import type { RequestOptions } from './tasks.js';

export class ScrapersResource {
  constructor(
    private readonly http: Transport,
    private readonly methods: EndpointMethods,
  ) {}

  async get(scraperId: string, options: RequestOptions = {}): Promise<ScraperMetadata> {
    return (await this.http.request<ScraperMetadata>({ method: 'GET', path: path`/scraper/${scraperId}`, ...options })).body;
  }

  /** The queued, running or needs_input revision of this scraper, or `{task: null}`. */
  async activeTask(scraperId: string, options: RequestOptions = {}): Promise<ActiveTaskResult> {
    const { body } = await this.http.request<ActiveTaskResult>({
      method: 'GET',
      path: path`/dispatch/scrapers/${scraperId}/active-task`,
      ...options,
    });
    this.methods.learnTask(body.task);
    return body;
  }
}

export class ApisResource {
  constructor(private readonly http: Transport) {}

  /** Archive your API: its endpoints refuse your calls until `restore`; a marketplace release made from it stays. Idempotent. */
  async remove(scraperId: string, options: RequestOptions = {}): Promise<ArchiveResult> {
    return (await this.http.request<ArchiveResult>({ method: 'DELETE', path: path`/scraper/${scraperId}`, ...options })).body;
  }

  /** Bring an archived API back. Idempotent. */
  async restore(scraperId: string, options: RequestOptions = {}): Promise<ArchiveResult> {
    return (await this.http.request<ArchiveResult>({ method: 'POST', path: path`/scraper/${scraperId}/restore`, ...options })).body;
  }

  /**
   * The API's OpenAPI 3.1 document. Pass the `etag` of a previous answer to get
   * `{notModified: true}` when nothing changed (304).
   */
  async openapi(scraperId: string, params: OpenApiParams = {}, options: RequestOptions = {}): Promise<OpenApiResult> {
    const response = await this.http.request<Record<string, unknown>>({
      method: 'GET',
      path: path`/v1/apis/${scraperId}/openapi.json`,
      query: { version: params.version },
      headers: params.etag ? { 'if-none-match': params.etag } : undefined,
      acceptStatuses: [304],
      ...options,
    });
    const etag = response.headers.get('etag');
    const pinned = response.headers.get('api-snapshot-version');
    const snapshotVersion = pinned && /^\d+$/.test(pinned) ? Number(pinned) : null;
    if (response.status === 304) return { notModified: true, etag: etag ?? params.etag ?? null, snapshotVersion };
    return { notModified: false, document: response.body, etag, snapshotVersion };
  }
}
