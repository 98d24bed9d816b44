/**
 * JSON-LD lookup: the schema.org objects of a page, found by @type through top-level arrays,
 * @graph containers and nested objects (a Product inside a WebPage's mainEntity counts).
 */
import type { PageContext } from './page-context.js';

export type JsonObject = Record<string, unknown>;

/** The last segment of a type IRI, lower-cased: `http://schema.org/Recipe` -> `recipe`. */
export function typeName(t: string): string {
  const trimmed = t.trim().replace(/[/#]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('#'), trimmed.lastIndexOf(':'));
  return trimmed.slice(cut + 1).toLowerCase();
}

/** The @type names of an object (lower-cased last segments). */
export function typesOf(obj: JsonObject): string[] {
  const t = obj['@type'];
  if (typeof t === 'string') return [typeName(t)];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string').map(typeName);
  return [];
}

const nodeCache = new WeakMap<PageContext, JsonObject[]>();

/**
 * Every object carrying an @type, in document order, outer objects before the ones nested in
 * them. Objects without @type are reached only through a path from a typed parent.
 */
export function jsonLdNodes(ctx: PageContext): JsonObject[] {
  const hit = nodeCache.get(ctx);
  if (hit) return hit;
  const out: JsonObject[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 12 || value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const obj = value as JsonObject;
    if (obj['@type'] !== undefined) out.push(obj);
    for (const [key, child] of Object.entries(obj)) {
      if (key === '@context') continue;
      visit(child, depth + 1);
    }
  };
  for (const block of ctx.jsonLdBlocks()) visit(block, 0);
  nodeCache.set(ctx, out);
  return out;
}

/** The top-level objects of the JSON-LD blocks (arrays and @graph unwrapped). */
export function jsonLdRoots(ctx: PageContext): JsonObject[] {
  const out: JsonObject[] = [];
  const unwrap = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(unwrap);
    else if (value && typeof value === 'object') {
      const obj = value as JsonObject;
      if (Array.isArray(obj['@graph'])) (obj['@graph'] as unknown[]).forEach(unwrap);
      else out.push(obj);
    }
  };
  ctx.jsonLdBlocks().forEach(unwrap);
  return out;
}

/** The objects of the given type(s); without a type, the top-level objects. */
export function jsonLdObjects(ctx: PageContext, type?: string | string[]): JsonObject[] {
  if (type === undefined || (Array.isArray(type) && type.length === 0)) return jsonLdRoots(ctx);
  const wanted = new Set((Array.isArray(type) ? type : [type]).map(typeName));
  return jsonLdNodes(ctx).filter((obj) => typesOf(obj).some((t) => wanted.has(t)));
}
