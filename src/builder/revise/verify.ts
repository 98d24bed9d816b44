/**
 * Judging test results: whether an endpoint is healthy, whether a change made it better (more
 * inputs answered, more fields filled) without losing what worked, and writing what the tests
 * showed back into the endpoint (its return schema typed from the values, its sample inputs).
 */
import type { EndpointRecipe, JsonSchema } from '../../recipe/types.js';
import type { EndpointVerdict } from '../test-endpoints.js';
import { recordSchema, successBodySchema } from '../schema-of.js';
import { answersList, fieldKeys, recordSchemaOf } from './anatomy.js';

export const passedCount = (v: EndpointVerdict) => v.outcomes.filter((o) => o.ok).length;

/** Every test input answered with data. */
export const healthy = (v: EndpointVerdict) => v.outcomes.length > 0 && passedCount(v) === v.outcomes.length;

export const fillOf = (v: EndpointVerdict, field: string) => v.fill[field] ?? 0;

/** Fields that came back empty on every test input. */
export function emptyFields(v: EndpointVerdict, keys: string[]): string[] {
  return keys.filter((k) => fillOf(v, k) === 0);
}

export interface Comparison {
  better: boolean;
  /** Fields that had values before and lost (most of) them. */
  lost: string[];
  summary: string;
}

/**
 * After vs before: better when more inputs pass, or as many pass and the focus fields (or, with
 * none, all fields) are filled more; never when a field that worked lost its values.
 */
export function compare(before: EndpointVerdict, after: EndpointVerdict, focus: string[], keys: string[]): Comparison {
  const lost = keys.filter((k) => fillOf(before, k) > 0 && fillOf(after, k) < fillOf(before, k) * 0.8 && !focus.includes(k));
  const watched = focus.length ? focus : keys;
  const fillBefore = watched.reduce((s, k) => s + fillOf(before, k), 0);
  const fillAfter = watched.reduce((s, k) => s + fillOf(after, k), 0);
  const pb = passedCount(before);
  const pa = passedCount(after);
  const better = after.passed && lost.length === 0 && (pa > pb || (pa === pb && fillAfter > fillBefore + 1e-9));
  const summary = `${pa}/${after.outcomes.length} inputs answered (was ${pb}/${before.outcomes.length})${
    focus.length ? `; ${focus.map((f) => `${f} filled ${pct(fillOf(after, f))} (was ${pct(fillOf(before, f))})`).join(', ')}` : ''
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
}

/** Values of one field across the records a verdict produced. */
export function valuesOf(v: EndpointVerdict, field: string): unknown[] {
  return v.outcomes.flatMap((o) => o.records.map((r) => r[field]));
}
