/**
 * URL templates: many URLs of one site that differ only in their variable parts
 * (`/catalogue/a-light-in-the-attic_1000/index.html`, `/catalogue/sapiens_1004/index.html`)
 * share one template (`/catalogue/{slug}_{id}/index.html`).
 *
 * Two stages, because one URL alone cannot say which words are variable:
 * 1. Each URL gets a shape: path segments cut at `_` and `.`, digit runs become integers,
 *    hyphenated word runs become slugs, long mixed tokens become ids; everything else stays
 *    literal (`page-2.html` keeps `page-` literal: a short alphabetic prefix before a number).
 * 2. Shapes that differ only in one segment whose stem is a word or a slug are merged when at
 *    least three distinct values share that position (`/recipes/lasagna/`, `/recipes/chili/`,
 *    `/recipes/pad-thai/` -> `/recipes/{slug}/`).
 * Query strings take part: keys are kept literally, values are abstracted like pieces.
 */
import { rethrowUnless } from '../../errors/expected.js';
import { escapeRegExp } from '../../util/regex.js';
import { snakeCase } from '../../util/identifiers.js';

export type VarKind = 'integer' | 'slug' | 'token' | 'word';

export interface TemplateVariable {
  /** Placeholder name, unique in the template: id, slug, page, year, month, day, category... */
  name: string;
  kind: VarKind;
  /** Where it sits: a path piece or the value of a query parameter. */
  in: 'path' | 'query';
  /** Query parameter name, for `in: 'query'`. */
  key?: string;
}

export interface UrlTemplate {
  /** Path and query with `{name}` placeholders, e.g. `/catalogue/{slug}_{id}/index.html`, `/shop?page={page}`. */
  pattern: string;
  variables: TemplateVariable[];
}

type Piece = { lit: string } | { kind: VarKind };

interface Shape {
  segments: Piece[][];
  query: Array<[string, Piece[]]>;
  trailingSlash: boolean;
}

const SEQUENCE_WORDS = /^(?:page|p|pg|pagina|seite|strona|sivu|side|sayfa|item|chapter|part|episode|ep|issue|vol|volume|no|nr|num|number|post|article|story|entry|product|id)$/i;
const STEM_MERGEABLE = /^[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*$/u;

/** Cuts a path segment (already decoded) into literal and variable pieces. */
export function segmentPieces(segment: string): Piece[] {
  const parts = segment.split(/([_.])/).filter((p) => p !== '');
  const pieces: Piece[] = [];
  for (const part of parts) {
    if (part === '_' || part === '.') pieces.push({ lit: part });
    else pieces.push(...partPieces(part));
  }
  // The stem (first part) stays a piece of its own so that stage 2 can merge on it.
  const stem = parts.length > 0 && parts[0] !== '_' && parts[0] !== '.' ? partPieces(parts[0]).length : 0;
  return [...pieces.slice(0, stem), ...mergeLiterals(pieces.slice(stem))];
}

function partPieces(part: string): Piece[] {
  if (/^\d+$/.test(part)) return [{ kind: 'integer' }];
  if (part.includes('-')) {
    const words = part.split('-');
    const last = words[words.length - 1];
    const head = words.slice(0, -1);
    // `page-2`, `item-45`: a sequence word before a number (`iphone-15` stays a slug).
    if (/^\d+$/.test(last) && head.length === 1 && SEQUENCE_WORDS.test(head[0])) {
      return [{ lit: `${head.join('-')}-` }, { kind: 'integer' }];
    }
    if (words.filter(Boolean).length >= 2 && /[a-z]/i.test(part)) return [{ kind: 'slug' }];
  }
  if (part.length >= 8 && /\d/.test(part) && /[a-z]/i.test(part) && /^[a-z0-9]+$/i.test(part)) return [{ kind: 'token' }];
  return [{ lit: part }];
}

function mergeLiterals(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    const prev = out[out.length - 1];
    if ('lit' in p && prev && 'lit' in prev) out[out.length - 1] = { lit: prev.lit + p.lit };
    else out.push(p);
  }
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch (err) {
    rethrowUnless(err, 'uri');
    return s;
  }
}

export function shapeOf(url: URL): Shape {
  const raw = url.pathname.split('/').slice(1);
  const trailingSlash = url.pathname.length > 1 && url.pathname.endsWith('/');
  const names = trailingSlash ? raw.slice(0, -1) : raw;
  const segments = names.filter((s, i) => s !== '' || i === names.length - 1).map((s) => segmentPieces(safeDecode(s)));
  const query = [...url.searchParams.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]): [string, Piece[]] => [k, queryValuePieces(v)]);
  return { segments, query, trailingSlash };
}

/** Query values are variable by nature; whether one varies is decided over the group (templateFromShape). */
function queryValuePieces(value: string): Piece[] {
  if (/^\d+$/.test(value)) return [{ kind: 'integer' }];
  return [{ kind: 'word' }];
}

const pieceKey = (p: Piece): string => ('lit' in p ? p.lit.replace(/[{}*]/g, '\\$&') : `{${p.kind}}`);
const segKey = (pieces: Piece[]): string => pieces.map(pieceKey).join('');

export function shapeKey(shape: Shape): string {
  const path = '/' + shape.segments.map(segKey).join('/') + (shape.trailingSlash ? '/' : '');
  const query = shape.query.map(([k, v]) => `${k}=${segKey(v)}`).join('&');
  return query ? `${path}?${query}` : path;
}

/** The stem of a segment is its first piece when that piece is a word or a slug (mergeable). */
function stemIsMergeable(pieces: Piece[]): boolean {
  const first = pieces[0];
  if (!first) return false;
  if ('kind' in first) return first.kind === 'slug' || first.kind === 'word';
  return STEM_MERGEABLE.test(first.lit) && !/^\d+$/.test(first.lit);
}

function stemValue(url: URL, segmentIndex: number): string {
  const names = url.pathname.split('/').slice(1).filter((s) => s !== '');
  const seg = safeDecode(names[segmentIndex] ?? '');
  return seg.split(/[_.]/)[0];
}

export interface UrlGroup {
  template: UrlTemplate;
  /** Distinct URLs (absolute, without fragment), in first-seen order. */
  urls: string[];
}

/**
 * Groups URLs of one site by template. Order of groups: biggest first. URLs that do not parse
 * are skipped.
 */
export function groupUrls(urls: Iterable<string>): UrlGroup[] {
  const byKey = new Map<string, ShapeGroup>();
  const seen = new Set<string>();
  for (const raw of urls) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch (err) {
      rethrowUnless(err, 'url');
      continue;
    }
    url.hash = '';
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    const shape = shapeOf(url);
    const key = shapeKey(shape);
    const entry = byKey.get(key) ?? { shape, urls: [] };
    entry.urls.push(url);
    byKey.set(key, entry);
  }
  const merged = mergeStems([...byKey.values()]);
  return merged
    .map((g) => ({ template: templateFromShape(g.shape, g.urls), urls: g.urls.map((u) => u.href) }))
    .sort((a, b) => b.urls.length - a.urls.length);
}

/** Stage 2: merge shapes differing only in one mergeable stem, when >= 3 distinct stems join. */
interface ShapeGroup {
  shape: Shape;
  urls: URL[];
}

function mergeStems(groups: ShapeGroup[]): ShapeGroup[] {
  let current = groups;
  for (let pass = 0; pass < 3; pass++) {
    const buckets = new Map<string, { index: number; members: ShapeGroup[] }>();
    for (const g of current) {
      g.shape.segments.forEach((pieces, index) => {
        if (!stemIsMergeable(pieces)) return;
        const wild: Shape = { ...g.shape, segments: g.shape.segments.map((p, i) => (i === index ? [{ lit: '\u0000' }, ...p.slice(1)] : p)) };
        const key = `${index}|${shapeKey(wild)}`;
        const bucket = buckets.get(key) ?? { index, members: [] };
        bucket.members.push(g);
        buckets.set(key, bucket);
      });
    }
    const candidates = [...buckets.values()]
      .map((b) => ({ ...b, stems: new Set(b.members.flatMap((m) => m.urls.map((u) => stemValue(u, b.index)))).size }))
      .filter((b) => b.stems >= 3 && b.members.length >= 2)
      .sort((a, b) => b.stems - a.stems);
    const taken = new Set<ShapeGroup>();
    const merged: ShapeGroup[] = [];
    for (const { index, members } of candidates) {
      if (members.some((m) => taken.has(m))) continue;
      members.forEach((m) => taken.add(m));
      const anySlug = members.some((m) => 'kind' in m.shape.segments[index][0]);
      const stem: Piece = { kind: anySlug ? 'slug' : 'word' };
      const shape: Shape = {
        ...members[0].shape,
        segments: members[0].shape.segments.map((p, i) => (i === index ? [stem, ...p.slice(1)] : p)),
      };
      merged.push({ shape, urls: members.flatMap((m) => m.urls) });
    }
    if (merged.length === 0) return current;
    current = [...merged, ...current.filter((g) => !taken.has(g))];
  }
  return current;
}

const PAGE_WORDS = /^(?:page|p|pg|pagina|seite|strona|sivu|side|sayfa)-?$/i;

/** Names the variables of a shape (id, slug, page, year/month/day, query keys) and writes the pattern. */
function templateFromShape(shape: Shape, urls: URL[]): UrlTemplate {
  const variables: TemplateVariable[] = [];
  const used = new Map<string, number>();
  const unique = (base: string): string => {
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    return n === 1 ? base : `${base}${n}`;
  };
  const dateNames = dateParts(shape, urls);
  const segmentTexts = shape.segments.map((pieces, si) => {
    const prevLiteral = si > 0 ? literalOf(shape.segments[si - 1]) : null;
    return pieces
      .map((p, pi) => {
        if ('lit' in p) return p.lit;
        const before = pi > 0 ? pieces[pi - 1] : null;
        let base: string;
        const dateName = dateNames.get(`${si}:${pi}`);
        if (dateName) base = dateName;
        else if (p.kind === 'integer' && ((before && 'lit' in before && PAGE_WORDS.test(before.lit)) || (pi === 0 && prevLiteral && PAGE_WORDS.test(prevLiteral)))) base = 'page';
        else if (p.kind === 'integer' || p.kind === 'token') base = 'id';
        else if (p.kind === 'word' && prevLiteral && /^[a-z]{3,}$/i.test(prevLiteral)) base = singular(prevLiteral.toLowerCase());
        else base = 'slug';
        const name = unique(base);
        variables.push({ name, kind: p.kind, in: 'path' });
        return `{${name}}`;
      })
      .join('');
  });
  let pattern = '/' + segmentTexts.join('/') + (shape.trailingSlash ? '/' : '');
  const query = shape.query.map(([key, pieces]) => {
    const values = new Set(urls.map((u) => u.searchParams.get(key) ?? ''));
    // One value over several URLs is a constant (`sort=price`); a lone URL's numbers still vary.
    const varying = values.size > 1 || (urls.length === 1 && pieces[0] && 'kind' in pieces[0] && pieces[0].kind === 'integer');
    if (!varying) return `${encodeURIComponent(key)}=${encodeURIComponent([...values][0] ?? '')}`;
    const kind: VarKind = pieces.length === 1 && 'kind' in pieces[0] ? pieces[0].kind : 'word';
    const name = unique(queryVarName(key));
    variables.push({ name, kind, in: 'query', key });
    return `${encodeURIComponent(key)}={${name}}`;
  });
  if (query.length > 0) pattern += `?${query.join('&')}`;
  return { pattern, variables };
}

function literalOf(pieces: Piece[]): string | null {
  return pieces.length === 1 && 'lit' in pieces[0] ? pieces[0].lit : null;
}

function queryVarName(key: string): string {
  if (/^(?:p|pg|pagina|seite)$/i.test(key)) return 'page';
  return snakeCase(key, { prefix: 'p_', empty: 'p_value' });
}

function singular(word: string): string {
  if (/ies$/.test(word)) return word.slice(0, -3) + 'y';
  if (/(?:ss|us)$/.test(word)) return word;
  return word.replace(/s$/, '');
}

/** Integer pieces that read as year (4 digits, 1990-2100), then month (1-12), then day (1-31). */
function dateParts(shape: Shape, urls: URL[]): Map<string, string> {
  const names = new Map<string, string>();
  const positions: Array<{ si: number; pi: number }> = [];
  shape.segments.forEach((pieces, si) =>
    pieces.forEach((p, pi) => {
      if ('kind' in p && p.kind === 'integer' && pieces.length === 1) positions.push({ si, pi });
    }),
  );
  const valuesAt = (si: number): number[] =>
    urls.map((u) => Number(u.pathname.split('/').slice(1)[si])).filter((n) => Number.isFinite(n));
  for (let i = 0; i < positions.length; i++) {
    const y = positions[i];
    if (!valuesAt(y.si).every((n) => n >= 1990 && n <= 2100)) continue;
    names.set(`${y.si}:${y.pi}`, 'year');
    const m = positions[i + 1];
    if (m && m.si === y.si + 1 && valuesAt(m.si).every((n) => n >= 1 && n <= 12)) {
      names.set(`${m.si}:${m.pi}`, 'month');
      const d = positions[i + 2];
      if (d && d.si === m.si + 1 && valuesAt(d.si).every((n) => n >= 1 && n <= 31)) names.set(`${d.si}:${d.pi}`, 'day');
    }
    break;
  }
  return names;
}

// ---------------------------------------------------------------------------------------
// Matching and filling
// ---------------------------------------------------------------------------------------

const VAR_REGEX: Record<VarKind, string> = {
  integer: '(\\d+)',
  slug: '([^/?#]+?)',
  token: '([A-Za-z0-9]+)',
  word: '([^/?#_.]+?)',
};

/**
 * The values of a template's variables in a URL (path decoded), or null when it does not match.
 * Literal query parameters must be present with their value; extra parameters are ignored.
 */
export function matchTemplate(template: UrlTemplate, url: string): Record<string, string> | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch (err) {
    rethrowUnless(err, 'url');
    return null;
  }
  const [pathPattern, queryPattern = ''] = template.pattern.split('?');
  const byName = new Map(template.variables.map((v) => [v.name, v]));
  const names: string[] = [];
  const source = pathPattern
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = /^\{([^}]+)\}$/.exec(part);
      if (!m) return escapeRegExp(part);
      names.push(m[1]);
      return VAR_REGEX[byName.get(m[1])?.kind ?? 'slug'];
    })
    .join('');
  const match = new RegExp(`^${source}$`).exec(safeDecode(target.pathname));
  if (!match) return null;
  const values: Record<string, string> = {};
  names.forEach((n, i) => (values[n] = match[i + 1]));
  for (const pair of queryPattern.split('&').filter(Boolean)) {
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey);
    const actual = target.searchParams.get(key);
    const placeholder = /^\{([^}]+)\}$/.exec(rawValue);
    if (placeholder) {
      if (actual === null) return null;
      const kind = byName.get(placeholder[1])?.kind;
      if (kind === 'integer' && !/^\d+$/.test(actual)) return null;
      values[placeholder[1]] = actual;
    } else if (actual !== decodeURIComponent(rawValue)) return null;
  }
  return values;
}

/** Writes a template back into a path with query (values percent-encoded). Missing values stay empty. */
export function fillTemplate(template: UrlTemplate, values: Record<string, string | number>): string {
  return template.pattern.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
}

/** Whether two hosts are the same site: equal, or one is the other's `www.` twin. */
export function sameSite(hostA: string, hostB: string): boolean {
  const strip = (h: string) => h.toLowerCase().replace(/^www\./, '');
  return strip(hostA) === strip(hostB);
}
