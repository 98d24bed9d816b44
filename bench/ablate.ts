/**
 * Rule ablation (issue 25 point 1): each rule of src/builder/induce/rules.ts switched off in turn
 * (the induction's `rulesOff`), its effect on corpus-wide and on the blind batches
 * (test/fixtures/unseen) through the offline harness (bench/lib/predict.ts, PROTOCOL.md split).
 *
 *   npm run bench:ablate                      # every site of both corpora
 *   npm run bench:ablate -- --sites 10        # quick: the first 10 sites of each corpus
 *   npm run bench:ablate -- --rule agreement  # only the rules whose names contain "agreement"
 *   npm run bench:ablate -- --json out.json   # also write the table as JSON
 *   npm run bench:ablate -- --only jumbo       # only sites whose names contain "jumbo"
 *   npm run bench:ablate -- --no-reuse        # measure candidates afresh for every run (slower; same table)
 *   npm run bench:ablate -- --corpus-wide DIR # corpus-wide elsewhere than ../shared/bench/corpus-wide (a worktree)
 *   npm run bench:ablate -- --corpora corpus --corpus-dir corpus=DIR   # the development corpus, from DIR
 *
 * Prints, per rule: the change of macro F1 with the rule off (negative: the rule helps), on
 * corpus-wide and on unseen, and how many held-out pages' predictions change. A rule that
 * changes no page anywhere does nothing the others do not already do.
 *
 * Each site's pages are read once and reused for the baseline and every ablated run (their
 * parsed documents are cached per page object), and each field's candidates are gathered and
 * measured once (they do not depend on the rules): per site, one parse, one measuring, and the
 * rules 1 + rules times.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RULES } from '../src/builder/induce/rules.js';
import { loadCorpus } from './lib/corpus.js';
import { CORPORA, overallF1, predictSiteRuns, type InduceOptions } from './lib/predict.js';

interface Args {
  sites?: number;
  rule?: string;
  json?: string;
  corpora: string[];
  only?: string;
  /** Gather and measure candidates for every run afresh (to show reuse changes no prediction). */
  noReuse: boolean;
  dirs: Record<string, string>;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { corpora: ['corpus-wide', 'unseen'], noReuse: false, dirs: { ...CORPORA } };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--sites') args.sites = Number(argv[++i]);
    else if (argv[i] === '--rule') args.rule = argv[++i];
    else if (argv[i] === '--json') args.json = resolve(argv[++i]);
    else if (argv[i] === '--corpora') args.corpora = argv[++i].split(',');
    else if (argv[i] === '--only') args.only = argv[++i];
    else if (argv[i] === '--no-reuse') args.noReuse = true;
    else if (argv[i] === '--corpus-wide') args.dirs['corpus-wide'] = resolve(argv[++i]);
    else if (argv[i] === '--corpus-dir') {
      const [name, dir] = argv[++i].split('=');
      args.dirs[name] = resolve(dir);
    }
  }
  if (args.sites !== undefined && !(Number.isInteger(args.sites) && args.sites > 0)) throw new Error('--sites takes a positive integer');
  for (const c of args.corpora) if (!CORPORA[c]) throw new Error(`unknown corpus ${c} (known: ${Object.keys(CORPORA).join(', ')})`);
  return args;
}

/** One row of the table: a rule switched off, per corpus. */
interface Row {
  rule: string;
  delta: Record<string, number>;
  pagesChanged: Record<string, number>;
}

const args = parseArgs(process.argv.slice(2));
const rules = RULES.map((r) => r.name).filter((name) => !args.rule || name.includes(args.rule));
const runs: InduceOptions[] = [{}, ...rules.map((name) => ({ rulesOff: [name] }))];

/** Per corpus: each run's F1 per site, and per rule the held-out pages whose prediction differs from the baseline. */
const f1: Record<string, Array<Record<string, number>>> = {};
const changed: Record<string, number[]> = {};
const started = performance.now();
for (const corpus of args.corpora) {
  const sites = loadCorpus(args.dirs[corpus])
    .filter((s) => !args.only || s.name.includes(args.only))
    .slice(0, args.sites);
  f1[corpus] = runs.map(() => ({}));
  changed[corpus] = rules.map(() => 0);
  for (const site of sites) {
    const t = performance.now();
    const [base, ...ablated] = predictSiteRuns(site, runs, { reuseCandidates: !args.noReuse });
    f1[corpus][0][site.name] = base.f1;
    ablated.forEach((run, i) => {
      f1[corpus][i + 1][site.name] = run.f1;
      for (const [id, predicted] of Object.entries(run.pages)) {
        if (JSON.stringify(predicted) !== JSON.stringify(base.pages[id])) changed[corpus][i]++;
      }
    });
    process.stderr.write(`${corpus}/${site.name} ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
  }
}

const baseline = Object.fromEntries(args.corpora.map((c) => [c, overallF1(f1[c][0])]));
const rows: Row[] = rules.map((rule, i) => ({
  rule,
  delta: Object.fromEntries(args.corpora.map((c) => [c, overallF1(f1[c][i + 1]) - baseline[c]])),
  pagesChanged: Object.fromEntries(args.corpora.map((c) => [c, changed[c][i]])),
}));

const signed = (n: number): string => (Math.abs(n) < 0.00005 ? ' 0.0000' : `${n > 0 ? '+' : ''}${n.toFixed(4)}`);
const width = Math.max(4, ...rules.map((r) => r.length));
const sitesOf = (c: string): number => Object.keys(f1[c][0]).length;
console.log(`baseline macro F1: ${args.corpora.map((c) => `${c} ${baseline[c].toFixed(4)} (${sitesOf(c)} sites)`).join(', ')}`);
console.log(`${'rule'.padEnd(width)}  ${args.corpora.map((c) => `delta ${c}`.padStart(18)).join('  ')}  pages changed`);
for (const row of rows) {
  const total = Object.values(row.pagesChanged).reduce((a, b) => a + b, 0);
  const parts = args.corpora.map((c) => `${row.pagesChanged[c]}`).join(' + ');
  console.log(`${row.rule.padEnd(width)}  ${args.corpora.map((c) => signed(row.delta[c]).padStart(18)).join('  ')}  ${total} (${parts})`);
}
const idle = rows.filter((r) => Object.values(r.pagesChanged).every((n) => n === 0)).map((r) => r.rule);
console.log(`rules that change no page: ${idle.length ? idle.join(', ') : 'none'}`);
console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
if (args.json) writeFileSync(args.json, JSON.stringify({ baseline, rows, sites: Object.fromEntries(args.corpora.map((c) => [c, sitesOf(c)])) }, null, 2));
