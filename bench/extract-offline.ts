/**
 * Offline extraction benchmark: induction + evaluation without the service.
 * Per site: induce a detail extraction on the training pages (PROTOCOL.md split), evaluate it
 * on every held-out page, score with PROTOCOL.md's rules (lib/score.ts).
 *
 *   node --import tsx bench/extract-offline.ts [--corpus DIR] [--site NAME] [--verbose] [--html-only | --strip-held-out] [--out NAME]
 *
 * --html-only strips JSON-LD, microdata and OpenGraph from every page (a site without structured
 * data); --strip-held-out only from held-out pages (pages of the template that lack it).
 *
 * Writes every prediction next to its truth to bench/out/extract-offline.json (or bench/out/NAME.json).
 * bench/unseen.ts runs the same harness over the synthetic sites of test/fixtures/unseen.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { induceDetailExtraction } from '../src/builder/induce/index.js';
import { evaluateExtraction } from '../src/recipe/extract/index.js';
import { defaultCorpusDir, heldOutIds, loadCorpus, readPageText, taskSentence, trainingIds, type CorpusSite } from './lib/corpus.js';
import { scoreSite, summarize, type PageResult, type SiteScore } from './lib/score.js';

interface Args {
  corpus: string;
  site?: string;
  verbose: boolean;
  /** Remove JSON-LD, microdata attributes and meta tags: how well does HTML alone do? */
  htmlOnly: boolean;
  /** Remove them from held-out pages only: do the HTML fallbacks learnt next to structured data work? */
  stripHeldOut: boolean;
  /** Output file name under bench/out (without .json). */
  out?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { corpus: defaultCorpusDir(), verbose: false, htmlOnly: false, stripHeldOut: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--corpus') args.corpus = resolve(argv[++i]);
    else if (argv[i] === '--site') args.site = argv[++i];
    else if (argv[i] === '--verbose') args.verbose = true;
    else if (argv[i] === '--html-only') args.htmlOnly = true;
    else if (argv[i] === '--strip-held-out') args.stripHeldOut = true;
    else if (argv[i] === '--out') args.out = argv[++i];
  }
  return args;
}

/** The fields named by the task sentence: everything after the colon, comma-separated. */
function fieldsOfTask(task: string): string[] {
  return task
    .slice(task.indexOf(':') + 1)
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
}

const pageUrl = (id: string): string => `http://127.0.0.1/pages/${id}.htm`;
let htmlOnly = false;
let stripHeldOut = false;

/** Structured data removed (for --html-only): JSON-LD blocks, microdata attributes, meta tags. */
function stripStructured(html: string): string {
  return html
    .replace(/<script[^>]*application\/ld\+json[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/\s(?:itemprop|itemscope|itemtype)(?:="[^"]*")?/gi, '')
    .replace(/<meta\s[^>]*(?:property|name)="(?:og:|product:|twitter:)[^>]*>/gi, '');
}

const page = (site: CorpusSite, id: string, heldOut = false) => {
  const text = readPageText(site, id);
  const strip = htmlOnly || (heldOut && stripHeldOut);
  return { url: pageUrl(id), contentType: 'text/html', text: strip ? stripStructured(text) : text };
};

interface SiteOutput {
  site: string;
  score: SiteScore;
  buildMs: number;
  medianExecMs: number;
  report: unknown;
  extraction: unknown;
  pages: PageResult[];
}

function runSite(site: CorpusSite): SiteOutput {
  const task = taskSentence(site);
  const fields = fieldsOfTask(task).map((name) => ({ name }));
  const started = performance.now();
  const training = trainingIds(site).map((id) => page(site, id));
  const { extraction, report } = induceDetailExtraction({ pages: training, fields, vertical: site.vertical });
  const buildMs = performance.now() - started;
  const results: PageResult[] = [];
  const times: number[] = [];
  for (const id of heldOutIds(site)) {
    const input = page(site, id, true);
    const t0 = performance.now();
    let predicted: Record<string, unknown> | null;
    try {
      predicted = evaluateExtraction(extraction, input) as Record<string, unknown>;
    } catch (err) {
      console.error(`${site.name} ${id}: ${(err as Error).message}`);
      predicted = null;
    }
    times.push(performance.now() - t0);
    results.push({ id, truth: site.truth[id] ?? {}, predicted });
  }
  times.sort((a, b) => a - b);
  const medianExecMs = times.length ? times[Math.floor(times.length / 2)] : 0;
  return { site: site.name, score: scoreSite(site.attributes, results), buildMs, medianExecMs, report, extraction, pages: results };
}

/** Runs the benchmark with command-line style arguments; returns the overall macro F1. */
export function runOffline(argv: string[]): number {
  const args = parseArgs(argv);
  htmlOnly = args.htmlOnly;
  stripHeldOut = args.stripHeldOut;
  const sites = loadCorpus(args.corpus).filter((s) => !args.site || s.name.includes(args.site));
  const outputs: SiteOutput[] = [];
  for (const site of sites) {
    const out = runSite(site);
    outputs.push(out);
    const attrs = Object.entries(out.score.attributes)
      .map(([a, s]) => `${a}=${s.f1.toFixed(2)}`)
      .join(' ');
    console.log(`${site.name.padEnd(28)} F1 ${out.score.f1.toFixed(3)}  build ${(out.buildMs / 1000).toFixed(1)} s  exec ${out.medianExecMs.toFixed(0)} ms  ${attrs}`);
    if (args.verbose) console.log(JSON.stringify(out.report, null, 1));
  }
  const summary = summarize(Object.fromEntries(outputs.map((o) => [o.site, o.score.f1])));
  for (const [vertical, f1] of Object.entries(summary.verticals)) console.log(`vertical ${vertical.padEnd(19)} F1 ${f1.toFixed(3)}`);
  const name = args.out ?? `extract-offline${htmlOnly ? '-html-only' : stripHeldOut ? '-strip-held-out' : ''}`;
  console.log(`${name}: macro F1 ${summary.overall.toFixed(3)} over ${outputs.length} sites`);
  const outFile = resolve(dirname(fileURLToPath(import.meta.url)), `out/${name}.json`);
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify({ summary, sites: outputs }, null, 1));
  return summary.overall;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) runOffline(process.argv.slice(2));
