/**
 * What structured data a page carries, summarised for the build plan: JSON-LD @types,
 * microdata itemtypes, og:type, and which inline application states are embedded. The page
 * context of the evaluator does the parsing, so a later extraction reuses the same parse.
 */
import type { Element } from 'domhandler';
import { jsonLdNodes, type PageContext } from '../../recipe/extract/index.js';

export interface StructuredSummary {
  /** schema.org types of JSON-LD nodes, short form (`Product`, `BreadcrumbList`). */
  jsonLdTypes: string[];
  /** Microdata itemtypes, short form. */
  microdataTypes: string[];
  ogTypes: string[];
  /** Embedded application states found: `next_data`, `nuxt`, `script_json`, or a global's name. */
  embedded: string[];
}

/** Globals commonly holding a server-rendered app's state. */
const STATE_GLOBALS = ['__INITIAL_STATE__', '__PRELOADED_STATE__', '__APOLLO_STATE__', '__STATE__', '__DATA__', '__APP_STATE__'];

export function emptySummary(): StructuredSummary {
  return { jsonLdTypes: [], microdataTypes: [], ogTypes: [], embedded: [] };
}

const declaredTypes = (t: unknown): string[] => (typeof t === 'string' ? [t] : Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : []);

const shortType = (t: string): string => t.trim().replace(/^https?:\/\/schema\.org\//i, '').replace(/^schema:/, '');

export function summarisePage(ctx: PageContext): StructuredSummary {
  const summary = emptySummary();
  if (ctx.isJson) return summary;
  // As written (`Product`), not the evaluator's lower-cased matching form.
  summary.jsonLdTypes = unique(jsonLdNodes(ctx).flatMap((n) => declaredTypes(n['@type'])).map(shortType));
  summary.microdataTypes = unique(
    (ctx.$('[itemscope][itemtype]').toArray() as Element[]).flatMap((el) => (el.attribs.itemtype ?? '').split(/\s+/).filter(Boolean).map(shortType)),
  );
  summary.ogTypes = unique(ctx.metaTags().get('og:type') ?? []);
  for (const kind of ['next_data', 'nuxt', 'script_json', ...STATE_GLOBALS]) {
    if (ctx.embedded(kind).length > 0) summary.embedded.push(kind);
  }
  return summary;
}

export function mergeSummaries(a: StructuredSummary, b: StructuredSummary): StructuredSummary {
  return {
    jsonLdTypes: unique([...a.jsonLdTypes, ...b.jsonLdTypes]),
    microdataTypes: unique([...a.microdataTypes, ...b.microdataTypes]),
    ogTypes: unique([...a.ogTypes, ...b.ogTypes]),
    embedded: unique([...a.embedded, ...b.embedded]),
  };
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
