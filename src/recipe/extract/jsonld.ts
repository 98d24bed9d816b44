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

const idCache = new WeakMap<PageContext, Map<string, JsonObject>>();

/** Nodes by @id (the fullest one when several share an id). */
function idIndex(ctx: PageContext): Map<string, JsonObject> {
  const hit = idCache.get(ctx);
  if (hit) return hit;
  const index = new Map<string, JsonObject>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 12 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((v) => visit(v, depth + 1));
    const obj = value as JsonObject;
    const id = obj['@id'];
    if (typeof id === 'string' && Object.keys(obj).length > 2) {
      const known = index.get(id);
      if (!known || Object.keys(known).length < Object.keys(obj).length) index.set(id, obj);
    }
    for (const [k, v] of Object.entries(obj)) if (k !== '@context') visit(v, depth + 1);
  };
  ctx.jsonLdBlocks().forEach((b) => visit(b, 0));
  idCache.set(ctx, index);
  return index;
}

/** A resolver for evaluatePath: `{"@id": "..."}` references become the node they name. */
export function jsonLdResolver(ctx: PageContext): (v: unknown) => unknown {
  const index = idIndex(ctx);
  return (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const obj = v as JsonObject;
    const id = obj['@id'];
    if (typeof id !== 'string' || Object.keys(obj).some((k) => k !== '@id' && k !== '@type')) return v;
    return index.get(id) ?? v;
  };
}
