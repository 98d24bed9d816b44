/**
 * Fresh pages for induction: the pages a detail endpoint reads for its test inputs, the site's
 * detail and list pages as the fresh exploration found them, and field specs measured on pages.
 */
import type { EndpointRecipe, Extraction, FieldSpec } from '../../recipe/types.js';
import { createPageContext, evaluateExtraction, type PageContext, type PageInput } from '../../recipe/extract/index.js';
import type { EndpointCase } from '../test-endpoints.js';
import { firstRequest, mainExtract } from './anatomy.js';
import { urlFor } from './url-params.js';
import type { Workspace } from './workspace.js';
import { rethrowUnless } from '../../errors/expected.js';

/** The page each test input of a detail endpoint reads (null where the site did not answer 2xx). */
export async function detailPagesOf(ws: Workspace, ep: EndpointRecipe, cases: EndpointCase[]): Promise<Array<PageInput | null>> {
  const template = firstRequest(ep)?.url;
  if (!template) return cases.map(() => null);
  return Promise.all(
    cases.map((c) => {
      const url = urlFor(template, c.params, ws.original.source_url);
      return url ? ws.fetchPage(url) : Promise.resolve(null);
    }),
  );
}

/** Detail pages of the site as the fresh exploration sampled them (fetched, 2xx). */
export async function siteDetailPages(ws: Workspace, max = 6): Promise<PageInput[]> {
  const site = await ws.site();
  const urls = [...(site.detail?.sampleUrls ?? []), ...(site.detail?.urls ?? [])];
  const pages: PageInput[] = [];
  for (const url of [...new Set(urls)]) {
    if (pages.length >= max) break;
    const page = await ws.fetchPage(url);
    if (page && /html/.test(page.contentType)) pages.push(page);
  }
  return pages;
}

export async function siteListPages(ws: Workspace): Promise<PageInput[]> {
  const site = await ws.site();
  const pages = await Promise.all(site.listPages.map((u) => ws.fetchPage(u)));
  return pages.filter((p): p is PageInput => !!p);
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The value a field spec reads on each page (within the endpoint's scope, when it has one). */
export function valuesOn(spec: FieldSpec, pages: PageContext[], scope?: string): unknown[] {
  const extraction: Extraction = { kind: 'object', ...(scope ? { scope } : {}), fields: { f: spec } };
  return pages.map((p) => {
    try {
      return (evaluateExtraction(extraction, p) as Record<string, unknown> | null)?.f ?? null;
    } catch (err) {
      rethrowUnless(err, 'selector');
      return null;
    }
  });
}

export const filledShare = (values: unknown[]) => (values.length ? values.filter((v) => !isEmpty(v)).length / values.length : 0);

export const contexts = (pages: PageInput[]) => pages.map((p) => createPageContext(p));

/** The scope of an object extraction (detail endpoints may read inside one element). */
export function scopeOf(ep: EndpointRecipe): string | undefined {
  const main = mainExtract(ep);
  return main?.extract.kind === 'object' ? main.extract.scope : undefined;
}

/**
 * The best of several specs for a field on these pages: most pages with a value; then most
 * distinct values (an old selector now reading the same site-wide text on every page loses to
 * one reading each record's own); then agreement with the old spec where it had a value (keep
 * what still works); then the earlier option.
 */
export function bestSpec(options: FieldSpec[], pages: PageContext[], old: FieldSpec | undefined, scope?: string): { spec: FieldSpec; fill: number } {
  const oldValues = old ? valuesOn(old, pages, scope) : [];
  const key = (v: unknown) => JSON.stringify(v);
  let best: { spec: FieldSpec; score: number[] } | null = null;
  for (const spec of options) {
    const values = valuesOn(spec, pages, scope);
    const filled = values.filter((v) => !isEmpty(v));
    const distinct = new Set(filled.map(key)).size;
    const agree = oldValues.filter((v, i) => !isEmpty(v) && key(v) === key(values[i])).length;
    const score = [filled.length, distinct, agree];
    if (!best || greater(score, best.score)) best = { spec, score };
  }
  return { spec: best!.spec, fill: pages.length ? best!.score[0] / pages.length : 0 };
}

function greater(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}

/** A spec reading from the new sources first, then the old ones (or the reverse). */
export function mergeSpecs(first: FieldSpec, second: FieldSpec): FieldSpec {
  const seen = new Set(first.sources.map((s) => JSON.stringify(s)));
  return { ...first, sources: [...first.sources, ...second.sources.filter((s) => !seen.has(JSON.stringify(s)))] };
}
