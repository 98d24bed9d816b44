/**
 * Judging test results: whether an endpoint is healthy, whether a change made it better (more
 * inputs answered, more fields filled) without losing what worked, and writing what the tests
 * showed back into the endpoint (its return schema typed from the values, its sample inputs).
 */
import { refreshFieldConfidence } from '../field-confidence.js';
import type { EndpointRecipe, JsonSchema } from '../../recipe/types.js';
import type { EndpointVerdict } from '../test-endpoints.js';
import { recordSchema, successBodySchema } from '../schema-of.js';
import { resolveField } from '../knowledge/index.js';
import { answersList, fieldKeys, recordSchemaOf } from './anatomy.js';

export const passedCount = (v: EndpointVerdict) => v.outcomes.filter((o) => o.ok).length;

/** Every test input answered with data. */
export const healthy = (v: EndpointVerdict) => v.outcomes.length > 0 && passedCount(v) === v.outcomes.length;

export const fillOf = (v: EndpointVerdict, field: string) => v.fill[field] ?? 0;

/** Fields that came back empty on every test input. */
export function emptyFields(v: EndpointVerdict, keys: string[]): string[] {
  return keys.filter((k) => fillOf(v, k) === 0);
}

/** Shapes whose values tell records apart: the same value on every record means a broken selector. */
const IDENTIFYING = new Set(['title', 'identifier', 'isbn13', 'isbn10', 'gtin', 'url', 'image', 'longtext']);

/**
 * Fields that read the very same value on three or more different records although their kind
 * (a title, an ISBN, a description) differs from record to record: an old selector now reading
 * page furniture (a redesigned site's name in the h1).
 */
export function constantFields(v: EndpointVerdict, keys: string[]): string[] {
  const records = v.outcomes.filter((o) => o.ok).flatMap((o) => o.records);
  if (records.length < 3) return [];
  return keys.filter((k) => {
    if (!IDENTIFYING.has(resolveField(k).concept.shape)) return false;
    const values = records.map((r) => r[k]).filter((x) => x !== null && x !== undefined && x !== '');
    return values.length >= 3 && new Set(values.map((x) => JSON.stringify(x))).size === 1;
  });
}

/** How well a field is read: its fill, halved when it is stuck on one value where values should differ. */
function quality(v: EndpointVerdict, field: string, stuck: Set<string>): number {
  return fillOf(v, field) * (stuck.has(field) ? 0.5 : 1);
}

export interface Comparison {
  better: boolean;
  /** Fields that had values before and lost (most of) them. */
  lost: string[];
  summary: string;
}

/**
 * After vs before: better when more inputs pass, or as many pass and the focus fields (or, with
 * none, all fields) are read better (filled more, or no longer stuck on one value); never when
 * a field that worked lost its values.
 */
export function compare(before: EndpointVerdict, after: EndpointVerdict, focus: string[], keys: string[]): Comparison {
  const stuckBefore = new Set(constantFields(before, keys));
  const stuckAfter = new Set(constantFields(after, keys));
  const q = (v: EndpointVerdict, k: string) => quality(v, k, v === before ? stuckBefore : stuckAfter);
  const lost = keys.filter((k) => q(before, k) > 0 && q(after, k) < q(before, k) * 0.8 && !focus.includes(k));
  const watched = focus.length ? focus : keys;
  const scoreBefore = watched.reduce((s, k) => s + q(before, k), 0);
  const scoreAfter = watched.reduce((s, k) => s + q(after, k), 0);
  const pb = passedCount(before);
  const pa = passedCount(after);
  const better = after.passed && lost.length === 0 && (pa > pb || (pa === pb && scoreAfter > scoreBefore + 1e-9));
  const fixedStuck = [...stuckBefore].filter((k) => !stuckAfter.has(k));
  const filledMore = focus.length ? [] : keys.filter((k) => fillOf(after, k) > fillOf(before, k) + 1e-9);
  const summary = `${pa}/${after.outcomes.length} inputs answered (was ${pb}/${before.outcomes.length})${
    focus.length ? `; ${focus.map((f) => `${f} filled ${pct(fillOf(after, f))} (was ${pct(fillOf(before, f))})`).join(', ')}` : ''
  }${filledMore.length ? `; ${filledMore.map((f) => `${f} filled ${pct(fillOf(after, f))} (was ${pct(fillOf(before, f))})`).join(', ')}` : ''}${
    fixedStuck.length ? `; ${fixedStuck.join(', ')} no longer the same on every record` : ''
  }`;
  return { better, lost, summary };
}

export const pct = (x: number) => `${Math.round(x * 100)}%`;

/** Rewrite the endpoint's return schema and sample inputs from what its tests produced. */
export function refreshFromTests(ep: EndpointRecipe, verdict: EndpointVerdict): void {
  const records = verdict.outcomes.filter((o) => o.ok).flatMap((o) => o.records);
  const keys = fieldKeys(ep);
  const before = recordSchemaOf(ep);
  const record = recordSchema(records, keys);
  const oldProps = (before?.properties ?? {}) as Record<string, JsonSchema>;
  const props = record.properties as Record<string, JsonSchema>;
  // Descriptions people wrote survive the retyping.
  for (const k of keys) if (typeof oldProps[k]?.description === 'string') props[k] = { ...props[k], description: oldProps[k].description };
  const list = answersList(ep);
  ep.return_schema = successBodySchema(list ? { type: 'array', items: record } : record, list);
  if (verdict.sample) ep.sample_inputs = verdict.sample;
  refreshFieldConfidence(ep, verdict);
}

/** Values of one field across the records a verdict produced. */
export function valuesOf(v: EndpointVerdict, field: string): unknown[] {
  return v.outcomes.flatMap((o) => o.records.map((r) => r[field]));
}
