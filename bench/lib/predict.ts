/**
 * Predictions of the offline harness (induction on the training pages, evaluation on the
 * held-out ones, PROTOCOL.md split) for whole corpora, with induction options such as rules
 * switched off. Shared by bench/same-predictions.ts and bench/ablate.ts.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { induceDetailExtraction } from '../../src/builder/induce/index.js';
import type { InduceInput } from '../../src/builder/induce/index.js';
import { evaluateExtraction } from '../../src/recipe/extract/index.js';
import { defaultCorpusDir, heldOutIds, loadCorpus, readPageText, trainingIds, type CorpusSite } from './corpus.js';
import { scoreSite, summarize } from './score.js';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The corpora predictions are compared on: the development corpus, corpus-wide and the unseen fixtures. */
export const CORPORA: Record<string, string> = {
  corpus: defaultCorpusDir(),
  'corpus-wide': resolve(repoRoot, '../shared/bench/corpus-wide'),
  unseen: resolve(repoRoot, 'test/fixtures/unseen'),
};

export interface SitePredictions {
  f1: number;
  /** Held-out page id -> predicted object (null when the evaluation threw). */
  pages: Record<string, Record<string, unknown> | null>;
}

export interface CorpusPredictions {
  overall: number;
  sites: Record<string, SitePredictions>;
}

export type InduceOptions = Omit<InduceInput, 'pages' | 'fields' | 'vertical'>;

const pageUrl = (id: string): string => `http://127.0.0.1/pages/${id}.htm`;
const pageOf = (site: CorpusSite, id: string) => ({ url: pageUrl(id), contentType: 'text/html', text: readPageText(site, id) });

export function predictSite(site: CorpusSite, options: InduceOptions = {}): SitePredictions {
  return predictSiteRuns(site, [options])[0];
}

/**
 * The site's predictions under each of several option sets. The pages are read once and kept as
 * the same objects, so each one's parsed document (createPageContext caches it per object) serves
 * every run: an ablation of fifteen rules parses each page once, not sixteen times. With
 * `reuseCandidates`, each field's candidates are also gathered and measured once.
 */
export function predictSiteRuns(site: CorpusSite, runs: InduceOptions[], opts: { reuseCandidates?: boolean } = {}): SitePredictions[] {
  const fields = site.attributes.map((name) => ({ name }));
  const training = trainingIds(site).map((id) => pageOf(site, id));
  const heldOut = heldOutIds(site).map((id) => ({ id, page: pageOf(site, id) }));
  // The candidates do not depend on the rules: measured once, for every run (see InduceInput).
  const candidateCache = opts.reuseCandidates ? new Map() : undefined;
  return runs.map((options) => {
    const { extraction } = induceDetailExtraction({ ...options, pages: training, fields, vertical: site.vertical, candidateCache });
    const pages: SitePredictions['pages'] = {};
    const results = heldOut.map(({ id, page }) => {
      let predicted: Record<string, unknown> | null;
      try {
        predicted = evaluateExtraction(extraction, page) as Record<string, unknown>;
      } catch {
        predicted = null;
      }
      pages[id] = predicted;
      return { id, truth: site.truth[id] ?? {}, predicted };
    });
    return { f1: scoreSite(site.attributes, results).f1, pages };
  });
}

/** Macro F1 over sites (by vertical, PROTOCOL.md) from each site's F1. */
export const overallF1 = (siteF1: Record<string, number>): number => summarize(siteF1).overall;

/** Every site of a corpus directory (optionally only names containing `only`). */
export function predictCorpus(dir: string, options: InduceOptions = {}, only?: string): CorpusPredictions {
  const sites: Record<string, SitePredictions> = {};
  for (const site of loadCorpus(dir)) {
    if (only && !site.name.includes(only)) continue;
    sites[site.name] = predictSite(site, options);
  }
  const overall = summarize(Object.fromEntries(Object.entries(sites).map(([name, s]) => [name, s.f1]))).overall;
  return { overall, sites };
}
