/**
 * Candidates from JSON embedded in the page (Next.js `__NEXT_DATA__`, `<script type=
 * "application/json">`, `window.__INITIAL_STATE__ = {...}`): paths whose last key names the
 * field (`props.pageProps.product.price`). Client-rendered shops often carry their data only here.
 */
import type { PageContext } from '../../recipe/extract/index.js';
import { nameTokens, type Concept } from '../knowledge/index.js';
import { isEffectName, isFurniturePath } from './furniture.js';
import type { Candidate, InduceContext } from './types.js';

const MAX_NODES = 40_000;
const MAX_DEPTH = 14;
const MAX_PATHS = 12;

const compact = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Key spellings that name the concept: schema.org property names, field names, microdata props. */
function conceptKeys(concept: Concept, fieldName: string): Set<string> {
  const keys = new Set<string>();
  for (const sp of concept.schema) keys.add(compact(meaningfulKey(sp.path)));
  for (const n of concept.names) keys.add(compact(n));
  for (const m of concept.microdata ?? []) keys.add(compact(meaningfulKey(m)));
  keys.add(compact(nameTokens(fieldName).join('')));
  keys.delete('');
  return keys;
}

/** Sub-keys that say "the value of" rather than what the value is. */
const GENERIC_KEYS = new Set(['name', 'value', '@value', 'url', 'text', 'amount', 'id', '@id']);

/** `author.name` -> `author`, `offers.price` -> `price`: the key that names the concept. */
function meaningfulKey(path: string): string {
  const parts = path.split('.').filter(Boolean);
  while (parts.length > 1 && GENERIC_KEYS.has(parts[parts.length - 1])) parts.pop();
  return parts[parts.length - 1] ?? '';
}

function pathStep(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key.replace(/"/g, '')}"]`;
}

/** Paths (from the blob root) of values under a key the concept names. */
function findPaths(root: unknown, keys: Set<string>): string[] {
  const out: string[] = [];
  let visited = 0;
  const walk = (value: unknown, path: string, depth: number): void => {
    if (visited++ > MAX_NODES || depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.slice(0, 20).forEach((v, i) => walk(v, `${path}[${i}]`, depth + 1));
      return;
    }
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (isEffectName(k)) continue; // animation settings: their durations time effects, not the entity
      const p = `${path}${pathStep(k)}`;
      if (keys.has(compact(k)) && isLeafish(v)) out.push(p.replace(/^\./, ''));
      walk(v, p, depth + 1);
    }
  };
  walk(root, '', 0);
  return out;
}

/** A value a field can be read from: a primitive, a list of primitives, or an object with a name/value. */
function isLeafish(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v !== 'object') return String(v).trim() !== '';
  if (Array.isArray(v)) return v.length > 0 && v.every((x) => typeof x !== 'object' || isLeafish(x));
  const o = v as Record<string, unknown>;
  return ['name', '@value', 'value', 'amount', 'text'].some((k) => typeof o[k] === 'string' || typeof o[k] === 'number');
}

/**
 * What a page hands its analytics (`datalayer`) is read for the offer's figures only: shops track
 * revenue in the price and currency the buyer pays, but name and number items after their own
 * catalogue (an English name on an Arabic page, an internal id beside the shown product code).
 */
const ANALYTICS_SHAPES = new Set(['price', 'currency']);

export function embeddedCandidates(ctx: InduceContext): Candidate[] {
  const keys = conceptKeys(ctx.concept, ctx.fieldName);
  const counts = new Map<string, { kind: string; path: string; pages: number; depth: number }>();
  for (const page of ctx.pages) {
    const seen = new Set<string>();
    for (const kind of kindsOf(page)) {
      if (isEffectName(kind)) continue; // a script's animation settings (window.moorlAnimation = ...)
      if (kind === 'datalayer' && !ANALYTICS_SHAPES.has(ctx.concept.shape)) continue;
      for (const blob of page.embedded(kind)) {
        for (const path of findPaths(blob, keys)) {
          const id = `${kind}\u0000${path}`;
          if (seen.has(id)) continue;
          seen.add(id);
          const entry = counts.get(id) ?? { kind, path, pages: 0, depth: path.split(/[.[]/).length };
          entry.pages++;
          counts.set(id, entry);
        }
      }
    }
  }
  // Paths found on most pages and near the root first: the page's own entity, not a recommendation.
  return [...counts.values()]
    .sort((a, b) => b.pages - a.pages || a.depth - b.depth)
    .slice(0, MAX_PATHS)
    .map(({ kind, path }) => ({
      source: { json: path, embedded: kind },
      kind: 'embedded' as const,
      prior: isFurniturePath(path) ? 0.3 : 0.62,
      describe: `embedded ${kind} ${path}`,
    }));
}

const kindCache = new WeakMap<PageContext, string[]>();

function kindsOf(page: PageContext): string[] {
  let kinds = kindCache.get(page);
  if (!kinds) kindCache.set(page, (kinds = page.embeddedKinds()));
  return kinds;
}
