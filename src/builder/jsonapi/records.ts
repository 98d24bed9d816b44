/**
 * Arrays of records inside a JSON value: arrays whose elements are objects sharing keys. The
 * best one (most records times most shared keys) is usually the list a page shows.
 */
import { isRecord } from '../../util/guards.js';

export interface RecordArray {
  /** Path in the evaluator's path language (`$` is the root itself), e.g. `items`, `data.results`. */
  path: string;
  length: number;
  /** Keys present in most records, in first-seen order. */
  keys: string[];
  score: number;
}

const MAX_DEPTH = 6;

export function pathKey(parent: string, key: string): string {
  const simple = /^[A-Za-z_$][\w$-]*$/.test(key);
  const step = simple ? key : `[${JSON.stringify(key)}]`;
  if (parent === '$') return step;
  return simple ? `${parent}.${step}` : `${parent}${step}`;
}

/** Keys in at least half of the (first 50) records. */
export function commonKeys(records: unknown[]): string[] {
  const sample = records.filter(isRecord).slice(0, 50);
  const counts = new Map<string, number>();
  for (const r of sample) for (const k of Object.keys(r)) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts.entries()].filter(([, n]) => n >= sample.length / 2).map(([k]) => k);
}

export function findRecordArrays(root: unknown): RecordArray[] {
  const out: RecordArray[] = [];
  const walk = (value: unknown, path: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      const objects = value.filter(isRecord);
      if (objects.length > 0 && objects.length >= value.length * 0.8) {
        const keys = commonKeys(objects);
        // Richness counts scalar keys: records are mostly made of values, not containers.
        const scalarKeys = keys.filter((k) => objects.some((o) => o[k] !== null && typeof o[k] !== 'object')).length;
        if (keys.length > 0) out.push({ path, length: objects.length, keys, score: objects.length * Math.min(scalarKeys + 1, 12) });
        if (value.length > 1) return;
      }
      // A one-element wrapper (Nuxt's `data: [{...}]`) or a mixed tuple (an RSC element
      // `["$", "$L2", null, {props}]`) holds records deeper down.
      value.slice(0, 8).forEach((v, i) => walk(v, `${path === '$' ? '$' : path}[${i}]`, depth + 1));
      return;
    }
    if (isRecord(value)) for (const [k, v] of Object.entries(value)) walk(v, pathKey(path, k), depth + 1);
  };
  walk(root, '$', 0);
  return out.sort((a, b) => b.score - a.score);
}
