/**
 * How a `get_<thing>` endpoint can address one detail page, best first:
 * 1. a single variable of the template (`/product/{id}` -> id);
 * 2. the variable part of one path segment as one value (`/catalogue/{slug}_{id}/index.html` ->
 *    `a-light-in-the-attic_1000`), or of several segments with `{+path}` (news URLs with dates);
 * 3. every variable as its own parameter (slug and id);
 * 4. the page's whole URL (`{+url}`), which always works for URLs a list endpoint returned.
 */
import type { DetailParameterCandidate } from './types.js';
import { matchTemplate, type UrlTemplate } from './url-template.js';

const MAX_EXAMPLES = 5;

function paramType(kind: string, examples: string[]): 'integer' | 'string' {
  // "0001" must keep its zeros: an integer parameter would drop them.
  return kind === 'integer' && examples.every((e) => /^(?:0|[1-9]\d{0,15})$/.test(e)) ? 'integer' : 'string';
}

function patternFor(kind: string): string {
  if (kind === 'integer') return '^\\d+$';
  if (kind === 'token') return '^[A-Za-z0-9]+$';
  return '^[^/?#]+$';
}

export function detailParameters(template: UrlTemplate, origin: string, urls: string[]): DetailParameterCandidate[] {
  const matches = urls
    .map((u) => ({ url: u, values: matchTemplate(template, u) }))
    .filter((m): m is { url: string; values: Record<string, string> } => m.values !== null);
  const out: DetailParameterCandidate[] = [];
  const vars = template.variables;
  const examplesOf = (name: string) => matches.map((m) => m.values[name]).slice(0, MAX_EXAMPLES);
  const typed = (name: string, value: string, type: 'integer' | 'string') => (type === 'integer' ? Number(value) : value);

  const every = vars.map((v) => {
    const examples = examplesOf(v.name);
    return { name: v.name, type: paramType(v.kind, examples), pattern: patternFor(v.kind), examples };
  });
  const everyCandidate: DetailParameterCandidate = {
    params: every,
    urlTemplate: origin + template.pattern,
    examples: matches.slice(0, MAX_EXAMPLES).map((m) => Object.fromEntries(every.map((p) => [p.name, typed(p.name, m.values[p.name], p.type)]))),
    describe: vars.length === 1 ? `the ${vars[0].name} in the URL` : `each variable part of the URL (${vars.map((v) => v.name).join(', ')})`,
  };
  if (vars.length === 1) out.push(everyCandidate);
  else if (vars.length > 1) {
    const joined = joinedCandidate(template, origin, matches);
    if (joined) out.push(joined);
    out.push(everyCandidate);
  }
  out.push({
    params: [{ name: 'url', type: 'string', pattern: '^https?://', examples: matches.slice(0, MAX_EXAMPLES).map((m) => m.url) }],
    urlTemplate: '{+url}',
    examples: matches.slice(0, MAX_EXAMPLES).map((m) => ({ url: m.url })),
    describe: 'the full URL of the page (as list endpoints return it)',
  });
  return out;
}

/** The stretch of the path from the first to the last variable, as one parameter. */
function joinedCandidate(template: UrlTemplate, origin: string, matches: Array<{ url: string; values: Record<string, string> }>): DetailParameterCandidate | null {
  const [path, query] = template.pattern.split('?');
  if (query && /\{/.test(query)) return null;
  const first = path.indexOf('{');
  const last = path.lastIndexOf('}');
  if (first === -1) return null;
  // Widen to whole segments only when the stretch crosses a slash (then it is a path, `{+path}`).
  const stretch = path.slice(first, last + 1);
  const crosses = stretch.includes('/');
  const name = crosses ? 'path' : template.variables.some((v) => v.kind === 'integer' || v.kind === 'token') ? 'id' : 'slug';
  const before = path.slice(0, first);
  const after = path.slice(last + 1);
  const fill = (values: Record<string, string>) => stretch.replace(/\{([^}]+)\}/g, (_, n: string) => values[n] ?? '');
  const examples = matches.slice(0, MAX_EXAMPLES).map((m) => fill(m.values));
  const placeholder = crosses ? `{+${name}}` : `{${name}}`;
  return {
    params: [{ name, type: 'string', pattern: crosses ? '^[^?#]+$' : '^[^/?#]+$', examples }],
    urlTemplate: `${origin}${before}${placeholder}${after}${query ? `?${query}` : ''}`,
    examples: examples.map((e) => ({ [name]: e })),
    describe: `the variable part of the URL as one value (${stretch})`,
  };
}
