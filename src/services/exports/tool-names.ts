/**
 * MCP tool names: `<api_slug>__<endpoint_name>`, at most 64 characters of [A-Za-z0-9_-]
 * (decisions.md). Endpoint names are already `[a-z][a-z0-9_]{0,63}`; the slug comes from the
 * API's name. Truncation is deterministic, and a name that must be cut keeps a hash of the
 * whole, so two endpoints never share a name.
 */
import { createHash } from 'node:crypto';

export const TOOL_NAME_MAX = 64;
const SLUG_MAX = 30;

/** "Books to Scrape!" -> "books_to_scrape"; accents folded, anything else becomes `_`. */
export function apiSlug(name: string, max = SLUG_MAX): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, max)
    .replace(/_+$/, '');
  return slug || 'api';
}

export function toolName(slug: string, endpointName: string): string {
  const full = `${slug}__${endpointName}`;
  if (full.length <= TOOL_NAME_MAX) return full;
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 8);
  return `${full.slice(0, TOOL_NAME_MAX - hash.length - 1)}_${hash}`;
}

/**
 * Slugs for several APIs of one caller, unique among them: the oldest API with a given name
 * keeps the plain slug and later ones get a piece of their id, so adding an API never renames
 * the tools of an older one. `apis` must be in creation order.
 */
export function uniqueSlugs(apis: Array<{ id: string; name: string }>): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const api of apis) {
    let slug = apiSlug(api.name);
    const idPart = api.id.replace(/[^a-z0-9]/gi, '').toLowerCase();
    // A piece of the id, longer only in the freak case that a later API is literally named like a suffixed slug.
    for (let n = 8; taken.has(slug) && n <= idPart.length; n += 8) slug = `${apiSlug(api.name, SLUG_MAX - n - 1)}_${idPart.slice(0, n)}`;
    taken.add(slug);
    out.set(api.id, slug);
  }
  return out;
}
