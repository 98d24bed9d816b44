/**
 * bench:render — sites drawn by JavaScript, through the whole service (HTTP, key auth, credits,
 * interpreter, fetch, browser pool):
 * - builds over the fixture single-page apps (median wall time from dispatch to completion);
 * - a JSON-API endpoint (the catalogue's list, replayed without a browser) at 50 callers, next
 *   to the honest baseline: the same service execute path on the static books fixture
 *   (bench:execute's list_books) at 50 callers, alternated so machine drift hits both alike;
 * - a rendered endpoint (the script-drawn shop) at 4 callers = the pool's 4 contexts;
 * - peak RSS: the service's own memory. The service runs in a process of its own, as `npm start`
 *   runs it, with its node flags: the API and the embedded job worker that builds
 *   (bench/lib/service-child.ts). That process samples itself every 250 ms: its RSS plus the
 *   PSS of its browser's process tree, and the printed peak is the highest sum at one instant.
 *   This process (the load generator's thread, the polling) and the fixture sites are not
 *   counted.
 * Sites run in child processes. Last line:
 * `render: JSON-API endpoints R1 req/s (ratio 0.NN to static), rendered endpoints R2 pages/s at 4 contexts, peak RSS N MB, median build N.N s`.
 */
import { startNodeFlags, startServiceProcess } from './lib/service-process.js';
import { booksRecipe } from '../test/execution/recipes.js';
import { runLoad, fmt, type LoadResult } from './lib/load.js';
import { startSiteProcess, type SiteProcess } from './lib/site-process.js';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const SPAS: Array<{ module: string; fn: string; task: string }> = [
  { module: 'spa-jobs', fn: 'spaJobsSite', task: 'list job vacancies with title, company, location and salary, and search them by keyword' },
  { module: 'spa-catalogue', fn: 'spaCatalogueSite', task: 'list products with name, brand and price, and search them by keyword' },
  { module: 'spa-graphql', fn: 'spaGraphqlSite', task: 'list products with name, brand and price' },
  { module: 'spa-next', fn: 'spaNextSite', task: 'list products with name, brand and price' },
  { module: 'spa-token', fn: 'spaTokenSite', task: 'list products with name, brand and price' },
  { module: 'spa-scroll', fn: 'spaScrollSite', task: 'list products with name, brand and price' },
  { module: 'spa-drawn', fn: 'spaDrawnSite', task: 'list products with name, brand and price' },
];

const sites: SiteProcess[] = [];
// A failed run must not leave the fixture sites serving (the service child exits with us).
process.on('exit', () => sites.forEach((s) => s.stop()));
const books = await startSiteProcess('test/fixtures/sites/books.ts', 'booksSite');
sites.push(books);
const quarry = await startServiceProcess(
  { QUARRY_RESPECT_ROBOTS: '0', QUARRY_RATE_LIMITS: '0', QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1' },
  { worker: true, sampleMemory: true },
);
const { base, key } = quarry;

/** A JSON request with the account's key, over HTTP like any client (so the polling is not the service's work). */
async function api(method: string, p: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { 'x-api-key': key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}
async function waitForTask(taskId: string): Promise<any> {
  for (;;) {
    const task = (await api('GET', `/dispatch/tasks/${taskId}`)).body;
    if (['completed', 'failed', 'cancelled'].includes(task.status)) return task;
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Builds, one after the other (what a user waits for).
const builds: number[] = [];
const built: Record<string, { scraperId: string; endpoints: Array<{ endpoint_name: string }> }> = {};
const only = process.env.BENCH_ONLY?.split(',');
for (const spa of SPAS.filter((x) => !only || only.includes(x.module))) {
  const site = await startSiteProcess(`test/fixtures/sites/${spa.module}.ts`, spa.fn);
  sites.push(site);
  const started = Date.now();
  const { body } = await api('POST', '/dispatch', { url: `${site.url}/`, task: spa.task });
  const task = await waitForTask(body.task_id);
  const seconds = (Date.now() - started) / 1000;
  builds.push(seconds);
  const endpoints = task.generated_api?.endpoints ?? [];
  console.log(`build ${spa.module}: ${task.status} in ${fmt(seconds)} s (${endpoints.map((e: { endpoint_name: string }) => e.endpoint_name).join(', ') || task.error?.message})`);
  if (task.status === 'completed') built[spa.module] = { scraperId: task.generated_api.scraper_id, endpoints };
}
builds.sort((a, b) => a - b);
const medianBuild = builds[Math.floor(builds.length / 2)];

const made = await api('POST', '/scrapers', booksRecipe(books.url));
const staticUrl = `${base}/scraper/${made.body.scraper_id}/list_books`;
const catalogue = built['spa-catalogue'];
const drawn = built['spa-drawn'];
if (!catalogue || !drawn) throw new Error('the catalogue and drawn-shop builds must succeed for the measure');
const jsonUrl = `${base}/scraper/${catalogue.scraperId}/list_products`;
const renderUrl = `${base}/scraper/${drawn.scraperId}/list_products`;

async function load(url: string, body: string, concurrency: number): Promise<LoadResult> {
  const r = await runLoad({ url, method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body, concurrency, durationMs: DURATION_MS, warmupMs: 1000 });
  if (r.statuses['200'] !== r.requests) throw new Error(`${url} answered ${JSON.stringify(r.statuses)}`);
  return r;
}

// The rendered endpoint first: the pool's 4 contexts on their own.
for (let i = 0; i < 3; i++) {
  const t0 = Date.now();
  const one = await api('POST', `/scraper/${drawn.scraperId}/list_products`, { limit: 10 });
  if (process.env.BENCH_DEBUG) console.log(`one rendered call: ${one.status} in ${Date.now() - t0} ms`);
}
const rendered = await load(renderUrl, '{"limit":10}', 4);
console.log(`rendered list_products: ${fmt(rendered.rps, 1)} pages/s p50 ${fmt(rendered.p50, 0)} ms p99 ${fmt(rendered.p99, 0)} ms (browser ${JSON.stringify((await quarry.stats()).memory?.browser)})`);
const best = (runs: LoadResult[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
const staticRuns: LoadResult[] = [];
const jsonRuns: LoadResult[] = [];
for (let round = 0; round < ROUNDS; round++) {
  staticRuns.push(await load(staticUrl, '{"page":1}', 50));
  jsonRuns.push(await load(jsonUrl, '{"page":1}', 50));
}
const staticBest = best(staticRuns);
const jsonBest = best(jsonRuns);
console.log(`static list_books: ${fmt(staticBest.rps, 0)} req/s p50 ${fmt(staticBest.p50, 1)} ms | JSON-API list_products: ${fmt(jsonBest.rps, 0)} req/s p50 ${fmt(jsonBest.p50, 1)} ms`);

const memory = (await quarry.stats()).memory;
if (!memory) throw new Error('the service process did not sample its memory');
console.log(
  `peak memory: service process ${fmt(memory.nodeMb, 0)} MB (API, embedded worker, builder; heap limit ${fmt(memory.heapLimitMb, 0)} MB from npm start's ${startNodeFlags().join(' ')}) + browser tree ${fmt(memory.browserMb, 0)} MB (PSS)`,
);
await quarry.stop();
for (const s of sites) s.stop();
console.log(
  `render: JSON-API endpoints ${fmt(jsonBest.rps, 0)} req/s (ratio ${fmt(jsonBest.rps / staticBest.rps, 2)} to static), ` +
    `rendered endpoints ${fmt(rendered.rps, 1)} pages/s at 4 contexts, peak RSS ${fmt(memory.peakMb, 0)} MB, median build ${fmt(medianBuild, 1)} s`,
);
