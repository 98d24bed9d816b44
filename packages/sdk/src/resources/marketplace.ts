/** `client.marketplace`: public search and browse (no key needed), plus subscribe and fork (key). */
import type { Transport } from '../http.js';
import { path } from '../http.js';
import type { EndpointMethods } from '../endpoint-methods.js';
import type {
  ForkResult,
  MarketplaceListingDetail,
  MarketplacePage,
  MarketplaceSearchParams,
  SearchEndpointsParams,
  SearchEndpointsResult,
  SubscribeResult,
} from '../types/index.js';
import type { RequestOptions } from './tasks.js';

export class MarketplaceResource {
  constructor(
    private readonly http: Transport,
    private readonly methods: EndpointMethods,
  ) {}

  /** Hybrid-ranked search with `q`; a browseable list ordered by `sort` without it. */
  async search(params: MarketplaceSearchParams = {}, options: RequestOptions = {}): Promise<MarketplacePage> {
    return (await this.http.request<MarketplacePage>({ method: 'GET', path: '/marketplace/apis', query: { ...params }, ...options })).body;
  }

  async get(id: string, options: RequestOptions = {}): Promise<MarketplaceListingDetail> {
    const { body } = await this.http.request<MarketplaceListingDetail>({ method: 'GET', path: path`/marketplace/apis/${id}`, ...options });
    this.methods.learnListing(body);
    return body;
  }

  /** Search single endpoints across all APIs: answers matching APIs and matching endpoints. */
  async searchEndpoints(params: SearchEndpointsParams, options: RequestOptions = {}): Promise<SearchEndpointsResult> {
    return (
      await this.http.request<SearchEndpointsResult>({
        method: 'GET',
        path: '/marketplace/search-endpoints',
        query: { ...params },
        ...options,
      })
    ).body;
  }

  /** Your own copy, pinned to the canonical's current release. */
  async subscribe(id: string, options: RequestOptions = {}): Promise<SubscribeResult> {
    return (await this.http.request<SubscribeResult>({ method: 'POST', path: path`/marketplace/apis/${id}/subscribe`, ...options })).body;
  }

  /** An editable copy (`source: forked`). */
  async fork(id: string, options: RequestOptions = {}): Promise<ForkResult> {
    return (await this.http.request<ForkResult>({ method: 'POST', path: path`/marketplace/apis/${id}/fork`, ...options })).body;
  }
}
