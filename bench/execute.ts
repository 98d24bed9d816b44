/**
 * bench:execute — executing a list endpoint through the whole service (HTTP, key auth, rate
 * limits and credits ON, recipe interpreter, fetch, extraction) next to a bare loop doing the
 * same undici fetch + cheerio extraction, with the SAME parser options (htmlparser2) as the
 * service, and no service around it; at 1 and 50 concurrent callers.
 * The service runs in its own process (its peak RSS is the one printed), the fixture site in
 * another, the load generator in a worker thread of this one.
 * Last line: `execute: ratio 0.NN at 50 callers (X vs Y req/s), ratio 0.NN at 1 caller, p99 added N.N ms, service peak RSS N MB`.
 */
import { request, Agent } from 'undici';
import * as cheerio from 'cheerio';
import { HTML_PARSE_OPTIONS } from '../src/recipe/extract/page-context.js';
import { startServiceProcess } from './lib/service-process.js';
import { booksRecipe } from '../test/execution/recipes.js';
import { runLoad, fmt, type LoadResult } from './lib/load.js';
import { startSiteProcess } from './lib/site-process.js';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);

const site = await startSiteProcess('test/fixtures/sites/books.ts', 'booksSite');
const quarry = await startServiceProcess({ QUARRY_EMBEDDED_WORKER: '0', QUARRY_RESPECT_ROBOTS: '0' });
const { base, key } = quarry;
const made = await quarry.api('POST', '/scrapers', booksRecipe(site.url));
const scraperId = made.body.scraper_id as string;

// The bare loop: the same request, the same parser and the same fields, no service around it.
const agent = new Agent({ connections: 64 });
async function bareOnce(): Promise<number> {
  const res = await request(`${site.url}/catalogue/page-1.html`, { dispatcher: agent });
  const $ = cheerio.load(await res.body.text(), HTML_PARSE_OPTIONS);
  const rows = $('article.product_pod')
    .map((_, el) => ({
      title: $(el).find('h3 a').attr('title'),
      price: Number($(el).find('.price_color').text().replace(/[^0-9.]/g, '')),
      url: new URL($(el).find('h3 a').attr('href') ?? '', `${site.url}/catalogue/page-1.html`).toString(),
    }))
    .get();
  return rows.length;
}
async function bareLoop(concurrency: number): Promise<LoadResult> {
  const lat: number[] = [];
  const deadline = Date.now() + 1000 + DURATION_MS;
  const measureFrom = Date.now() + 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const t0 = performance.now();
        if ((await bareOnce()) !== 8) throw new Error('bare loop extracted the wrong number of records');
        if (Date.now() >= measureFrom) {
          lat.push(performance.now() - t0);
          count++;
        }
      }
    }),
  );
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? 0;
  return { requests: count, errors: 0, rps: count / (DURATION_MS / 1000), p50: q(0.5), p99: q(0.99), statuses: {} };
}

async function service(concurrency: number): Promise<LoadResult> {
  const r = await runLoad({
    url: `${base}/scraper/${scraperId}/list_books`,
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: '{"page":1}',
    concurrency,
    durationMs: DURATION_MS,
    warmupMs: 1000,
  });
  if (r.statuses['200'] !== r.requests) throw new Error(`service answered ${JSON.stringify(r.statuses)} (limits must not throttle)`);
  return r;
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const best = (runs: LoadResult[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
const results: Record<number, { ours: LoadResult; bare: LoadResult }> = {};
for (const c of [1, 50]) {
  // Alternate the two so drift in machine load affects both alike; keep the better run of each.
  const bareRuns: LoadResult[] = [];
  const ourRuns: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareRuns.push(await bareLoop(c));
    ourRuns.push(await service(c));
  }
  const bare = best(bareRuns);
  const ours = best(ourRuns);
  results[c] = { ours, bare };
  console.log(
    `${String(c).padStart(2)} callers: quarry ${fmt(ours.rps, 0)} req/s p50 ${fmt(ours.p50, 2)} ms p99 ${fmt(ours.p99, 2)} ms | ` +
      `bare ${fmt(bare.rps, 0)} req/s p50 ${fmt(bare.p50, 2)} ms p99 ${fmt(bare.p99, 2)} ms | ratio ${fmt(ours.rps / bare.rps, 2)}`,
  );
}
const { maxRssMb } = await quarry.stats();
const charged = await quarry.api('GET', '/account');
console.log(`credits left after the bench: ${charged.body.credits_remaining} (every successful call charged one)`);
await quarry.stop();
await agent.close();
site.stop();
const r50 = results[50];
const r1 = results[1];
const added1 = r1.ours.p99 - r1.bare.p99;
console.log(
  `execute: ratio ${fmt(r50.ours.rps / r50.bare.rps, 2)} at 50 callers (${fmt(r50.ours.rps, 0)} vs ${fmt(r50.bare.rps, 0)} req/s), ` +
    `ratio ${fmt(r1.ours.rps / r1.bare.rps, 2)} at 1 caller, p99 added ${fmt(added1, 1)} ms, service peak RSS ${fmt(maxRssMb, 0)} MB`,
);
