/**
 * Page-by-page comparison of two prediction files written by bench/extract-offline.ts or
 * bench/unseen.ts (bench/out/NAME.json): how many held-out pages' predictions differ, and
 * which. Shows that a refactor changed no prediction.
 *
 *   node --import tsx bench/compare-predictions.ts bench/out/before.json bench/out/after.json [--list]
 */
import { readFileSync } from 'node:fs';

interface Out {
  sites: Array<{ site: string; extraction?: unknown; pages?: Array<{ id: string; predicted: unknown }> }>;
}

const [beforeFile, afterFile] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const list = process.argv.includes('--list');
/** Each held-out page's prediction, and each site's induced extraction (under `site/#extraction`). */
const read = (file: string): { pages: Map<string, string>; extractions: Map<string, string> } => {
  const out = JSON.parse(readFileSync(file, 'utf8')) as Out;
  const pages = new Map<string, string>();
  const extractions = new Map<string, string>();
  for (const site of out.sites) {
    extractions.set(site.site, JSON.stringify(site.extraction ?? null));
    for (const page of site.pages ?? []) pages.set(`${site.site}/${page.id}`, JSON.stringify(page.predicted ?? null));
  }
  return { pages, extractions };
};
const { pages: before, extractions: extractionsBefore } = read(beforeFile);
const { pages: after, extractions: extractionsAfter } = read(afterFile);
const recipes = [...extractionsBefore].filter(([site, e]) => extractionsAfter.get(site) !== e).map(([site]) => site);
let differ = 0;
for (const key of new Set([...before.keys(), ...after.keys()])) {
  if (before.get(key) === after.get(key)) continue;
  differ++;
  if (list) console.log(`${key}\n  before ${before.get(key) ?? '(none)'}\n  after  ${after.get(key) ?? '(none)'}`);
}
if (recipes.length > 0) console.log(`induced extractions differ on: ${recipes.join(', ')}`);
console.log(`predictions: ${differ} of ${Math.max(before.size, after.size)} pages differ (${beforeFile} -> ${afterFile})`);
