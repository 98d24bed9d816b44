/**
 * `induceJsonList`: a `json_list` extraction from JSON pages of one endpoint (page 1 first):
 * the record array (the richest array of objects, present on every page), one field per
 * scalar key (nested objects flattened one level, `price.amount` -> `price_amount`), lists of
 * scalars as `many` fields, URLs made absolute, and the endpoint's pagination.
 */
import { createPageContext, evaluateExtraction, evaluatePath, type PageInput } from '../../recipe/extract/index.js';
import type { FieldSpec, Transform } from '../../recipe/types.js';
import { nameTokens, preferWanted, fieldKey, typeHintOf, uniqueName } from '../list/names.js';
import { recordKey } from '../knowledge/index.js';
import type { InducedField, InducedJsonList } from '../list/types.js';
import { NoListFound } from '../list/induce.js';
import { jsonPaging } from './pagination.js';
import { findRecordArrays, pathKey } from './records.js';

export interface InduceJsonOptions {
  /** Page 1's request URL (default: the first page's URL). */
  url?: string;
  /** Force the record array's path instead of choosing the richest. */
  path?: string;
  wantedFields?: string[];
}

type Json = Record<string, unknown>;

function rootsOf(page: PageInput): unknown[] {
  const ctx = createPageContext(page);
  return ctx.isJson ? [ctx.jsonBody()] : [...ctx.embedded('next_data'), ...ctx.embedded('script_json')];
}

/** The record array's path: the best-scoring path that has records on every page. */
function choosePath(pages: PageInput[]): string | null {
  const perPage = pages.map((p) => rootsOf(p).flatMap(findRecordArrays));
  const candidates = perPage[0] ?? [];
  for (const c of candidates) {
    if (perPage.every((arrays, i) => i === pages.length - 1 || arrays.some((a) => a.path === c.path))) return c.path;
  }
  return candidates[0]?.path ?? null;
}

/** The raw record objects at `path` on a page (read like the evaluator reads json_list roots). */
function recordsAt(page: PageInput, path: string): Json[] {
  for (const root of rootsOf(page)) {
    const values = evaluatePath(root, path).flatMap((v) => (Array.isArray(v) ? v : [v]));
    if (values.length > 0) return values.filter((r): r is Json => typeof r === 'object' && r !== null && !Array.isArray(r));
  }
  return [];
}

interface KeyPlan {
  jsonPath: string;
  hint: string;
  many: boolean;
}

/**
 * Scalar keys (and nested scalars, two levels down) present in at least a third of the records.
 * A Relay edge's `node` is the record itself: its keys are named without the wrapper.
 * Deeper values are named by their first and last keys (`priceRange.minVariantPrice.amount` ->
 * `priceRange_amount`).
 */
function planKeys(records: Json[]): KeyPlan[] {
  const counts = new Map<string, { n: number; many: boolean; hint: string }>();
  const bump = (jsonPath: string, hint: string, many: boolean) => {
    const entry = counts.get(jsonPath) ?? { n: 0, many, hint };
    entry.n++;
    counts.set(jsonPath, entry);
  };
  const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
  const visit = (obj: Json, base: string, prefix: string, depth: number) => {
    for (const [k, v] of Object.entries(obj)) {
      if (v === null || v === undefined) continue;
      const path = pathKey(base, k);
      const hint = prefix ? `${prefix}_${k}` : k;
      if (typeof v !== 'object') bump(path, hint, false);
      else if (Array.isArray(v)) {
        if (depth === 0 && v.length > 0 && v.every((x) => x === null || typeof x !== 'object')) bump(path, hint, true);
      } else if (depth === 0 && k === 'node') visit(v as Json, path, '', 0);
      else if (depth < 2) visit(v as Json, path, prefix || k, depth + 1);
    }
  };
  for (const r of records.slice(0, 100)) if (isObj(r)) visit(r, '$', '', 0);
  const min = Math.max(1, Math.ceil(Math.min(records.length, 100) / 3));
  return [...counts.entries()].filter(([, e]) => e.n >= min).map(([jsonPath, e]) => ({ jsonPath, hint: e.hint, many: e.many }));
}

function looksLikeUrlKey(hint: string, values: unknown[]): boolean {
  const strings = values.filter((v): v is string => typeof v === 'string');
  if (strings.length === 0) return false;
  const urlish = strings.every((s) => /^(?:https?:\/\/|\/)[^\s]*$/.test(s));
  return urlish && (/url|link|href|image|img|thumb|photo|picture|src|path|permalink/i.test(hint) || strings.every((s) => /^https?:\/\//.test(s)));
}

function fieldName(hint: string, wanted: string[] | undefined, taken: Set<string>): string {
  const base = /^(?:url|link|href|permalink)$/i.test(hint) ? 'url' : fieldKey(hint);
  const preferred = preferWanted(base, wanted);
  // A wanted `price` read from `priceRange.…amount`, an `author` from `author.display_name`: the
  // value that names or measures a nested object named for the wanted field.
  const valueOf = preferred === base && /_(?:amount|value|name|display_name|full_name|title|label|rendered)$/.test(base) ? wanted?.map(fieldKey).find((w) => base.startsWith(`${w}_`) && !taken.has(w)) : undefined;
  // A key the registry reads as the same concept as a wanted field (`headline` for `title`, `author_name` for `author`).
  const concept = preferred === base && !valueOf ? recordKey(nameTokens(base)) : null;
  const sameConcept = concept ? wanted?.find((w) => !taken.has(fieldKey(w)) && recordKey(nameTokens(w)) === concept) : undefined;
  return uniqueName(valueOf ?? (sameConcept ? fieldKey(sameConcept) : preferred), taken);
}

export function induceJsonList(pages: PageInput[], options: InduceJsonOptions = {}): InducedJsonList {
  if (pages.length === 0) throw new Error('induceJsonList needs at least one page');
  const notes: string[] = [];
  const path = options.path ?? choosePath(pages);
  if (!path) throw new NoListFound('No array of records found in the JSON pages');
  const recordsPerPage = pages.map((p) => recordsAt(p, path));
  const all = recordsPerPage.flat();
  const fields: Record<string, FieldSpec> = {};
  const report: InducedField[] = [];
  const taken = new Set<string>();
  for (const plan of planKeys(all)) {
    const rawValues = all.map((r) => evaluatePath(r, plan.jsonPath)[0]);
    const transforms: Transform[] = looksLikeUrlKey(plan.hint, rawValues) ? [{ op: 'absolute_url' }] : [];
    const name = fieldName(plan.hint, options.wantedFields, taken);
    const spec: FieldSpec = { sources: [{ json: plan.jsonPath }] };
    if (transforms.length > 0) spec.transforms = transforms;
    if (plan.many) spec.many = true;
    fields[name] = spec;
  }
  const extraction = { kind: 'json_list' as const, path, fields };
  const produced = pages.map((p) => evaluateExtraction(extraction, p) as Array<Record<string, unknown>>);
  const rows = produced.flat();
  for (const [name, spec] of Object.entries(fields)) {
    const values = rows.map((r) => r[name] ?? null);
    const present = values.filter((v) => v !== null && !(Array.isArray(v) && v.length === 0));
    report.push({
      name,
      type: typeHintOf(values, name),
      samples: [...new Set(present.map((v) => JSON.stringify(v)))].slice(0, 5).map((s) => JSON.parse(s) as unknown),
      values: values.slice(0, 200),
      coverage: rows.length === 0 ? 0 : present.length / rows.length,
      describe: `json "${(spec.sources[0] as { json: string }).json}"`,
    });
  }
  const firstUrl = options.url ?? pages[0].url;
  const firstBody = rootsOf(pages[0])[0];
  const paging = jsonPaging(firstUrl, firstBody, recordsPerPage[0]?.length ?? 0, pages[1]?.url);
  if (paging) notes.push(`pagination: ${paging.describe}`);
  const itemCount = produced.map((p) => p.length);
  const coverage = report.length === 0 ? 0 : report.reduce((s, f) => s + f.coverage, 0) / report.length;
  const confidence = Math.min(1, (itemCount.every((n) => n > 0) ? 0.6 : 0.3) + 0.4 * coverage);
  return {
    extraction,
    path,
    pagination: paging?.strategy ?? null,
    request: paging?.request ?? { url: firstUrl },
    fields: report,
    itemCount,
    confidence,
    notes,
  };
}
