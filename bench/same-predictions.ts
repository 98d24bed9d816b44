/**
 * Shows that a refactor of the induction changes no prediction: writes every held-out page's
 * prediction on corpus, corpus-wide and test/fixtures/unseen, and compares with a saved run.
 *
 *   node --import tsx bench/same-predictions.ts --save before      # bench/out/predictions-before.json
 *   node --import tsx bench/same-predictions.ts --against before   # prints how many pages differ (exit 1 if any)
 *
 * Both flags may be given together (save the current run as well as compare it).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPORA, predictCorpus, type CorpusPredictions } from './lib/predict.js';

type Run = Record<string, CorpusPredictions>;

const outDir = resolve(dirname(fileURLToPath(import.meta.url)), 'out');
const fileOf = (name: string): string => resolve(outDir, `predictions-${name}.json`);

function parseArgs(argv: string[]): { save?: string; against?: string } {
  const args: { save?: string; against?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--save') args.save = argv[++i];
    else if (argv[i] === '--against') args.against = argv[++i];
  }
  return args;
}

/** Pages (corpus/site/id) whose prediction differs, and the pages compared. */
function compare(before: Run, now: Run): { differing: string[]; pages: number } {
  const differing: string[] = [];
  let pages = 0;
  for (const [corpus, run] of Object.entries(now)) {
    for (const [site, s] of Object.entries(run.sites)) {
      for (const [id, predicted] of Object.entries(s.pages)) {
        pages++;
        const old = before[corpus]?.sites[site]?.pages[id];
        if (JSON.stringify(old) !== JSON.stringify(predicted)) differing.push(`${corpus}/${site}/${id}`);
      }
    }
  }
  return { differing, pages };
}

const args = parseArgs(process.argv.slice(2));
const now: Run = {};
for (const [name, dir] of Object.entries(CORPORA)) {
  const started = performance.now();
  now[name] = predictCorpus(dir);
  const sites = Object.keys(now[name].sites).length;
  console.log(`${name.padEnd(12)} macro F1 ${now[name].overall.toFixed(3)} over ${sites} sites (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
if (args.save) {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(fileOf(args.save), JSON.stringify(now));
  console.log(`saved ${fileOf(args.save)}`);
}
if (args.against) {
  const before = JSON.parse(readFileSync(fileOf(args.against), 'utf8')) as Run;
  const { differing, pages } = compare(before, now);
  for (const page of differing.slice(0, 40)) console.log(`differs: ${page}`);
  console.log(`same-predictions: ${differing.length} of ${pages} pages differ from "${args.against}"`);
  if (differing.length > 0) process.exitCode = 1;
}
