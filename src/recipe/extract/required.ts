/**
 * Which required fields came out empty. The interpreter turns a non-empty answer into a
 * `scraper_bug` (the page changed under the scraper); evaluation itself never fails on them.
 */
import type { Extraction, FieldSpec } from '../types.js';
import { isEmpty } from './transforms/index.js';

/** Paths of empty required fields, e.g. `title`, `[3].price`, `offers[0].price`. */
export function emptyRequiredFields(extraction: Extraction, result: unknown): string[] {
  switch (extraction.kind) {
    case 'object':
      return checkRecord(extraction.fields, result, '');
    case 'list':
    case 'json_list':
      return Array.isArray(result) ? result.flatMap((r, i) => checkRecord(extraction.fields, r, `[${i}]`)) : [];
    case 'value':
      return extraction.field.required && isEmpty(result) ? ['value'] : [];
  }
}

function checkRecord(fields: Record<string, FieldSpec>, record: unknown, prefix: string): string[] {
  const obj = record && typeof record === 'object' ? (record as Record<string, unknown>) : {};
  const out: string[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    const path = prefix ? `${prefix}.${name}`.replace('.[', '[') : name;
    const value = obj[name];
    if (spec.required && isEmpty(value)) {
      out.push(path);
      continue;
    }
    if (!spec.fields || isEmpty(value)) continue;
    if (Array.isArray(value)) value.forEach((v, i) => out.push(...checkRecord(spec.fields!, v, `${path}[${i}]`)));
    else out.push(...checkRecord(spec.fields, value, path));
  }
  return out;
}
