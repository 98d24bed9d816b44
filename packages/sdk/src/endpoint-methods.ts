/**
 * Which HTTP method each endpoint takes. GET endpoints read their parameters from the query
 * string and POST endpoints from a JSON body (decisions.md "Execution bodies"), so `call`
 * must know. The client learns it from every generated API and marketplace listing it
 * receives; a caller who has seen neither passes `method` or gets POST.
 */
import type { EndpointDefinition, GeneratedApi, MarketplaceListingDetail, Task } from './types/index.js';

export class EndpointMethods {
  private readonly methods = new Map<string, 'GET' | 'POST'>();

  lookup(scraperId: string, endpointName: string): 'GET' | 'POST' | undefined {
    return this.methods.get(key(scraperId, endpointName));
  }

  learnApi(api: GeneratedApi | null | undefined): void {
    if (api) this.learnEndpoints(api.scraper_id, api.endpoints);
  }

  learnTask(task: Task | null | undefined): void {
    this.learnApi(task?.generated_api);
  }

  learnListing(listing: MarketplaceListingDetail): void {
    if (listing.canonical_scraper_id) this.learnEndpoints(listing.canonical_scraper_id, listing.apis ?? []);
    if (typeof listing.user_scraper_id === 'string') this.learnEndpoints(listing.user_scraper_id, listing.apis ?? []);
  }

  private learnEndpoints(scraperId: string, endpoints: EndpointDefinition[]): void {
    for (const ep of endpoints) {
      const method = String(ep.method).toUpperCase();
      if (method === 'GET' || method === 'POST') this.methods.set(key(scraperId, ep.endpoint_name), method);
    }
  }
}

const key = (scraperId: string, endpointName: string) => `${scraperId}\u0000${endpointName}`;
