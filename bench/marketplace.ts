/**
 * Marketplace search benchmark: index 10,000 generated listings (bench/lib/listings-gen.ts), run a
 * few hundred mixed queries lexical-only and hybrid, print p50/p99 per mode plus browse and endpoint
 * search, index build time and heap. The last line is the headline, in a fixed format:
 *   marketplace: hybrid p50 N.N ms p99 N.N ms at 10000 listings
 * `node --import tsx bench/marketplace.ts [listings] [queries]`
 */
import { performance } from 'node:perf_hooks';
import { createSearchIndex, type SearchIndex } from '../src/marketplace/search/index.js';
import { generateListings, generateQueries } from './lib/listings-gen.js';

const COUNTRIES = [null, null, 'DE', 'US', 'FR', 'GB', 'ES'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function time(label: string, runs: Array<() => Promise<unknown>>): Promise<{ p50: number; p99: number }> {
  for (const run of runs.slice(0, 20)) await run(); // warm-up: JIT and lazily built orders
  const samples: number[] = [];
  for (const run of runs) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const result = { p50: percentile(samples, 50), p99: percentile(samples, 99) };
  console.log(`${label.padEnd(28)} p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms  (${samples.length} queries)`);
  return result;
}

async function buildIndex(listingCount: number): Promise<SearchIndex> {
  const listings = generateListings(listingCount);
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  const index = createSearchIndex();
  await index.upsertMany(listings);
  const built = performance.now() - start;
  const heap = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const { endpoints } = index.stats();
  console.log(`indexed ${listingCount} listings (${endpoints} endpoints) in ${built.toFixed(0)} ms, heap +${heap.toFixed(0)} MB`);
  const one = listings[0];
  const upsertStart = performance.now();
  for (let i = 0; i < 100; i++) await index.upsert({ ...one, description: `${one.description} update ${i}` });
  console.log(`incremental upsert: ${((performance.now() - upsertStart) / 100).toFixed(2)} ms per listing`);
  return index;
}

async function main(): Promise<void> {
  const listingCount = Number(process.argv[2] ?? 10_000);
  const queryCount = Number(process.argv[3] ?? 400);
  const index = await buildIndex(listingCount);
  const queries = generateQueries(queryCount);
  const country = (i: number) => COUNTRIES[i % COUNTRIES.length];

  await time('lexical (semantic=false)', queries.map((q, i) => () => index.searchApis({ q, country: country(i), semantic: false, limit: 20, offset: 0 })));
  const hybrid = await time('hybrid', queries.map((q, i) => () => index.searchApis({ q, country: country(i), limit: 20, offset: 0 })));
  await time('hybrid + category', queries.map((q, i) => () => index.searchApis({ q, category: 'travel', country: country(i), limit: 20, offset: 0 })));
  await time('search-endpoints (hybrid)', queries.map((q, i) => () => index.searchEndpoints({ q: q.slice(0, 120), country: country(i), limitApis: 5, limitEndpoints: 10 })));
  const sorts = ['top', 'recent', 'name'] as const;
  await time('browse (no q)', queries.map((_, i) => () => index.searchApis({ sort: sorts[i % 3], category: i % 2 ? 'food' : null, limit: 20, offset: (i % 5) * 20 })));

  console.log(`marketplace: hybrid p50 ${hybrid.p50.toFixed(1)} ms p99 ${hybrid.p99.toFixed(1)} ms at ${listingCount} listings`);
}

await main();
