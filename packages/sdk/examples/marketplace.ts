/* eslint-disable no-restricted-properties -- an example program reads its settings from its environment */
// Find a ready-made API in the marketplace, try its shared canonical, then subscribe to a pinned copy.
//   QUARRY_API_KEY=pmx_... node --import tsx examples/marketplace.ts "book prices"
import { Quarry } from '@quarry/sdk';

const quarry = new Quarry({
  apiKey: process.env.QUARRY_API_KEY,
  baseUrl: process.env.QUARRY_BASE_URL ?? 'http://127.0.0.1:8080',
});
const query = process.argv[2] ?? 'books';

// Searching and browsing need no key.
const page = await quarry.marketplace.search({ q: query, limit: 5 });
for (const item of page.items) console.log(`${item.slug}: ${item.name} (${item.endpoint_count} endpoints)`);
if (page.items.length === 0) process.exit(0);

const detail = await quarry.marketplace.get(page.items[0].id);
console.log(`${detail.name}, release ${detail.latest_version}, canonical ${detail.canonical_scraper_id}`);

// Any valid key can call the canonical directly; the client learned each endpoint's method from `detail`.
const endpoint = detail.apis[0];
const result = await quarry.call(detail.canonical_scraper_id, endpoint.endpoint_name, endpoint.sample_inputs ?? {});
console.log(`${endpoint.endpoint_name} -> ${result.status}`);

// A subscription is your own copy, pinned to the current release.
const { scraper_id } = await quarry.marketplace.subscribe(detail.id);
console.log(`Subscribed: call your copy at /scraper/${scraper_id}/${endpoint.endpoint_name}`);

// Endpoint-level search across every API.
const found = await quarry.marketplace.searchEndpoints({ q: query, limit_endpoints: 3 });
for (const ep of found.endpoints) console.log(`${ep.api_slug}/${ep.endpoint_name}: ${ep.summary}`);
