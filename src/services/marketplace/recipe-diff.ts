/**
 * Comparing recipes and endpoints: what changed between two definitions of an endpoint, whether
 * the change touches its code (steps) or only its contract (spec), and whether a new return
 * schema breaks callers of the old one.
 */
import type { EndpointRecipe, JsonSchema, Recipe } from '../../recipe/types.js';

/** JSON with object keys sorted, so equal documents give equal strings whatever their key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = sortKeys(v);
    }
    return out;
  }
  return value;
}

export function sameEndpoint(a: EndpointRecipe | undefined, b: EndpointRecipe | undefined): boolean {
  if (!a || !b) return a === b;
  return stableJson(a) === stableJson(b);
}

/** Same steps: the code is the same, whatever the descriptions and schemas say. */
export function sameCode(a: EndpointRecipe, b: EndpointRecipe): boolean {
  return stableJson(a.steps) === stableJson(b.steps);
}

export function endpointOf(recipe: Recipe, name: string): EndpointRecipe | undefined {
  return recipe.endpoints.find((e) => e.name === name);
}

export interface BreakingChange {
  /** Dotted path into the success body (`data.price`, `data[].title`) or `params.<name>`. */
  field: string;
  change: 'removed' | 'retyped' | 'new_required_param';
  from?: string;
  to?: string;
}

/**
 * What a caller of `before` loses with `after`: fields of the return schema that are gone or
 * whose type no longer allows what it allowed (integer -> string; integer -> number is fine,
 * and so is a field becoming nullable), and parameters that became required.
 */
export function breakingChanges(before: EndpointRecipe, after: EndpointRecipe): BreakingChange[] {
  const out: BreakingChange[] = [];
  const old = fieldTypes(before.return_schema);
  const now = fieldTypes(after.return_schema);
  for (const [field, types] of old) {
    const next = now.get(field);
    if (!next) out.push({ field, change: 'removed' });
    else if (types.length && next.length && !types.every((t) => allows(next, t))) {
      out.push({ field, change: 'retyped', from: types.join('|'), to: next.join('|') });
    }
  }
  const wasRequired = new Set(requiredOf(before.input_params));
  for (const p of requiredOf(after.input_params)) {
    if (!wasRequired.has(p)) out.push({ field: `params.${p}`, change: 'new_required_param' });
  }
  return out;
}

function allows(types: string[], t: string): boolean {
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}

function requiredOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.required) ? (schema.required as unknown[]).map(String) : [];
}

/** Every field path of a JSON schema with its allowed types (`null` left out). */
export function fieldTypes(schema: JsonSchema, path = '', out = new Map<string, string[]>()): Map<string, string[]> {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (props && typeof props === 'object') {
    for (const [name, sub] of Object.entries(props)) {
      const p = path ? `${path}.${name}` : name;
      out.set(p, typesOf(sub));
      if (sub && typeof sub === 'object') fieldTypes(sub, p, out);
    }
  }
  const items = schema.items as JsonSchema | undefined;
  if (items && typeof items === 'object' && !Array.isArray(items)) fieldTypes(items, `${path}[]`, out);
  return out;
}

function typesOf(schema: JsonSchema): string[] {
  const t = schema?.type;
  const list = Array.isArray(t) ? t.map(String) : typeof t === 'string' ? [t] : [];
  return list.filter((x) => x !== 'null').sort();
}

/** Record field names of an endpoint's success body (`data`'s properties, or its items'). */
export function recordFields(ep: EndpointRecipe): string[] {
  const data = (ep.return_schema.properties as Record<string, JsonSchema> | undefined)?.data;
  if (!data) return [];
  const record = (data.items as JsonSchema | undefined) ?? data;
  const props = record.properties as Record<string, unknown> | undefined;
  return props ? Object.keys(props) : [];
}
