/**
 * bench:extract — PROTOCOL.md through the real service: each corpus site is served from its own
 * HTTP server on 127.0.0.1 exactly as the protocol says; a build is dispatched with the task
 * sentence, polled to the end, and the built detail endpoint is called for every held-out page.
 *
 *   npm run bench:extract [-- --corpus DIR] [-- --site NAME]
 *
 * Prints one line per site, per vertical, and last
 * `extract: macro F1 0.NNN over S sites, median build N.N s`; writes predictions next to truth
 * to bench/out/extract.json.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startBenchService } from './lib/service.js';
import { defaultCorpusDir, heldOutIds, loadCorpus, taskSentence, trainingIds, type CorpusSite } from './lib/corpus.js';
import { scoreSite, summarize, mean, type PageResult } from './lib/score.js';

function parseArgs(argv: string[]) {
  const args = { corpus: defaultCorpusDir(), site: undefined as string | undefined };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--corpus') args.corpus = path.resolve(argv[++i]);
    else if (argv[i] === '--site') args.site = argv[++i];
  }
  return args;
}

/** PROTOCOL.md serving: `/` lists the training pages; `/pages/NNNN.htm` serves every page as text/html (no charset). */
async function serveSite(site: CorpusSite): Promise<{ url: string; close(): Promise<void> }> {
  const training = trainingIds(site);
  const index = `<!DOCTYPE html><html><head><title>${site.name}</title></head><body><ul>${training
    .map((id) => `<li><a href="/pages/${id}.htm">${id}</a></li>`)
    .join('')}</ul></body></html>`;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(index);
      return;
    }
    const m = /^\/pages\/(\d+)\.htm$/.exec(url.pathname);
    if (m && site.ids.includes(m[1])) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(fs.readFileSync(path.join(site.dir, 'pages', `${m[1]}.htm`)));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

interface Endpoint {
  endpoint_name: string;
  method: string;
  sample_inputs?: Record<string, unknown>;
}

/** The endpoint and parameter whose sample value contains a training page id (PROTOCOL.md). */
function detailEndpoint(endpoints: Endpoint[], training: string[]) {
  for (const ep of endpoints) {
    for (const [param, value] of Object.entries(ep.sample_inputs ?? {})) {
      const id = training.find((t) => typeof value === 'string' && value.includes(t));
      if (id) return { ep, param, id, value: value as string };
    }
  }
  return null;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const sites = loadCorpus(args.corpus).filter((s) => !args.site || s.name === args.site);
  const service = await startBenchService({ QUARRY_RATE_LIMITS: '0' });
  const { api } = service;

  const out: Record<string, unknown> = {};
  const siteF1: Record<string, number> = {};
  const builds: number[] = [];
  const execTimes: number[] = [];
  for (const site of sites) {
    const served = await serveSite(site);
    const training = trainingIds(site);
    const started = Date.now();
    const dispatched = await api('POST', '/dispatch', { url: served.url, task: taskSentence(site) });
    const taskId = dispatched.body.task_id as string;
    const task = await service.waitForTask(taskId);
    const buildS = (Date.now() - started) / 1000;
    builds.push(buildS);
    const pages: PageResult[] = [];
    const found = task.status === 'completed' ? detailEndpoint(task.generated_api?.endpoints ?? [], training) : null;
    for (const id of heldOutIds(site)) {
      let predicted: Record<string, unknown> = {};
      if (found) {
        const params = { ...found.ep.sample_inputs, [found.param]: found.value.replace(found.id, id) };
        const t0 = performance.now();
        const scraperId = task.generated_api.scraper_id as string;
        const res =
          found.ep.method === 'GET'
            ? await api('GET', `/scraper/${scraperId}/${found.ep.endpoint_name}?${new URLSearchParams(params as Record<string, string>)}`)
            : await api('POST', `/scraper/${scraperId}/${found.ep.endpoint_name}`, params);
        execTimes.push(performance.now() - t0);
        if (res.status === 200) {
          const data = res.body.data;
          predicted = (Array.isArray(data) ? data[0] : data) ?? {};
        }
      }
      pages.push({ id, truth: site.truth[id] ?? {}, predicted });
    }
    const score = scoreSite(site.attributes, pages);
    siteF1[site.name] = score.f1;
    const perAttr = Object.entries(score.attributes).map(([a, s]) => `${a}=${s.f1.toFixed(2)}`).join(' ');
    console.log(`${site.name.padEnd(28)} F1 ${score.f1.toFixed(3)}  build ${buildS.toFixed(1)} s  ${task.status === 'completed' ? perAttr : `build ${task.status}: ${task.error}`}`);
    out[site.name] = { task_id: taskId, status: task.status, error: task.error, build_s: buildS, endpoint: found?.ep.endpoint_name ?? null, score, pages };
    await served.close();
  }
  const summary = summarize(siteF1);
  for (const [v, f1] of Object.entries(summary.verticals)) console.log(`vertical ${v.padEnd(19)} F1 ${f1.toFixed(3)}`);
  const sorted = [...builds].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : 0;
  const execSorted = [...execTimes].sort((a, b) => a - b);
  console.log(`median execution per page ${(execSorted[Math.floor(execSorted.length / 2)] ?? 0).toFixed(0)} ms, mean build ${mean(builds).toFixed(1)} s`);
  fs.mkdirSync('bench/out', { recursive: true });
  fs.writeFileSync('bench/out/extract.json', JSON.stringify(out, null, 2));
  await service.close();
  console.log(`extract: macro F1 ${summary.overall.toFixed(3)} over ${sites.length} sites, median build ${median.toFixed(1)} s`);
}

await main();
