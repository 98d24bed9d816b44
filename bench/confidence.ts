/**
 * Does field confidence mean something? For every field of every site, the confidence the build
 * gives it on the training pages (builder/field-confidence.ts, from the induction's evidence) next
 * to the field's F1 on the held-out pages (PROTOCOL.md scoring), grouped by the dashboard's levels.
 *
 *   npm run bench:confidence                                   # corpus-wide and unseen
 *   npm run bench:confidence -- --corpus-wide DIR --sites 20   # from a worktree; the first 20 sites of each
 */
import { resolve } from 'node:path';
import { confidenceScore } from '../src/builder/field-confidence.js';
import { induceDetailExtraction } from '../src/builder/induce/index.js';
import { evaluateExtraction } from '../src/recipe/extract/index.js';
import { heldOutIds, loadCorpus, readPageText, trainingIds, type CorpusSite } from './lib/corpus.js';
import { CORPORA } from './lib/predict.js';
import { scoreSite } from './lib/score.js';

const argv = process.argv.slice(2);
const dirs: Record<string, string> = { 'corpus-wide': CORPORA['corpus-wide'], unseen: CORPORA.unseen };
let sitesMax: number | undefined;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--corpus-wide') dirs['corpus-wide'] = resolve(argv[++i]);
  else if (argv[i] === '--sites') sitesMax = Number(argv[++i]);
}

const LEVELS = [
  { name: 'high (>= 0.8)', min: 0.8 },
  { name: 'medium (0.5-0.8)', min: 0.5 },
  { name: 'low (< 0.5)', min: 0 },
];

const page = (site: CorpusSite, id: string) => ({ url: `http://127.0.0.1/pages/${id}.htm`, contentType: 'text/html', text: readPageText(site, id) });

for (const [corpus, dir] of Object.entries(dirs)) {
  const byLevel = LEVELS.map(() => ({ fields: 0, f1: 0, perfect: 0 }));
  for (const site of loadCorpus(dir).slice(0, sitesMax)) {
    const training = trainingIds(site).map((id) => page(site, id));
    const { extraction, report } = induceDetailExtraction({ pages: training, fields: site.attributes.map((name) => ({ name })), vertical: site.vertical });
    const results = heldOutIds(site).map((id) => {
      let predicted: Record<string, unknown> | null = null;
      try {
        predicted = evaluateExtraction(extraction, page(site, id)) as Record<string, unknown>;
      } catch {
        predicted = null;
      }
      return { id, truth: site.truth[id] ?? {}, predicted };
    });
    const scores = scoreSite(site.attributes, results).attributes;
    for (const r of report) {
      const attribute = scores[r.field];
      if (!attribute) continue;
      const score = confidenceScore(r.evidence.coverage, r.evidence.fit, r.evidence.agreement);
      const level = byLevel[LEVELS.findIndex((l) => score >= l.min)];
      level.fields++;
      level.f1 += attribute.f1;
      if (attribute.f1 >= 0.999) level.perfect++;
    }
  }
  console.log(`${corpus}:`);
  LEVELS.forEach((l, i) => {
    const b = byLevel[i];
    const mean = b.fields ? (b.f1 / b.fields).toFixed(3) : '-';
    console.log(`  ${l.name.padEnd(18)} ${String(b.fields).padStart(4)} fields, mean held-out F1 ${mean}, all right on ${b.fields ? Math.round((100 * b.perfect) / b.fields) : 0}%`);
  });
}
