/**
 * Where a recorded API call carries its variables, and how a recipe writes templates there:
 * - the URL's query (`/api/jobs?page=2&q=rust`);
 * - a JSON body, or its GraphQL `variables` (`{query, variables: {first, after}}`);
 * - a form-encoded string inside a JSON body: hosted search clients (Algolia InstantSearch)
 *   POST `{"params": "query=garden&page=0&hitsPerPage=12"}`. Its values are written with
 *   `{%name}` templates, percent-encoded by the interpreter, since no form encoder runs there.
 * Also where the answer says the next cursor is (`pageInfo.endCursor`, `next_cursor`).
 */
import { rethrowUnless } from '../../errors/expected.js';
import { pathKey } from './records.js';

type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface CallLike {
  url: string;
  body: string | null;
}

export function bodyJson(call: CallLike): Json | null {
  if (!call.body) return null;
  try {
    const parsed = JSON.parse(call.body) as unknown;
    return isObject(parsed) ? parsed : null;
  } catch (err) {
    rethrowUnless(err, 'json');
    return null;
  }
}

/** The JSON body's property holding a form-encoded parameter string (`params`), if any. */
export function formField(body: Json): string | null {
  for (const [k, v] of Object.entries(body)) {
    if (typeof v !== 'string' || !/^[\w.[\]-]+=[^&]*(?:&[\w.[\]-]+=[^&]*)+$/.test(v)) continue;
    return k;
  }
  return null;
}

/**
 * The variables of a POST call: GraphQL's `variables`, a form string inside the body (its
 * parameters), else the body itself. Null for a call without a JSON body (its URL query holds them).
 */
export function variablesOf(call: CallLike): Json | null {
  const body = bodyJson(call);
  if (!body) return null;
  if (isObject(body.variables)) return body.variables;
  if (typeof body.query === 'string') return {};
  const field = formField(body);
  if (field) return Object.fromEntries(new URLSearchParams(body[field] as string));
  return body;
}

/** The keys a call's variables (or URL query) have, and their values. */
export function callVariables(call: CallLike): Map<string, unknown> {
  const vars = variablesOf(call);
  return vars ? new Map(Object.entries(vars)) : new Map(new URL(call.url).searchParams);
}

/**
 * The call's JSON body with `templates` written into its variables (a value of undefined removes
 * the key): into GraphQL's `variables`, the form string (as `{%name}`), or the body. Answers the
 * body for a request step's `json`.
 */
export function bodyWith(call: CallLike, templates: Record<string, string | number | null | undefined>): Json | null {
  const body = bodyJson(call);
  if (!body) return null;
  const field = isObject(body.variables) || typeof body.query === 'string' ? null : formField(body);
  if (field) {
    const params = new URLSearchParams(body[field] as string);
    const parts: string[] = [];
    const set = new Set<string>();
    for (const [k, v] of params) {
      if (k in templates) {
        if (set.has(k)) continue;
        set.add(k);
        const t = templates[k];
        if (t === undefined) continue;
        parts.push(`${encodeURIComponent(k)}=${typeof t === 'string' ? t.replace(/\{([A-Za-z_]\w*)\}/g, '{%$1}') : encodeURIComponent(String(t))}`);
      } else parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
    }
    for (const [k, t] of Object.entries(templates)) {
      if (set.has(k) || params.has(k) || t === undefined) continue;
      parts.push(`${encodeURIComponent(k)}=${typeof t === 'string' ? t.replace(/\{([A-Za-z_]\w*)\}/g, '{%$1}') : encodeURIComponent(String(t))}`);
    }
    body[field] = parts.join('&');
    return body;
  }
  if (typeof body.query === 'string' && !isObject(body.variables)) body.variables = {};
  const target = isObject(body.variables) ? body.variables : body;
  for (const [k, t] of Object.entries(templates)) {
    if (t === undefined) delete target[k];
    else target[k] = t;
  }
  return body;
}

const CURSOR_KEYS = /^(?:end_?cursor|next_?cursor|next_?page_?token|next_?token|continuation(?:_?token)?|after_?cursor)$/i;
/** Request keys that carry a cursor in the calls sites make. */
export const CURSOR_PARAMS = /^(?:after|cursor|page_?token|next_?token|continuation|starting_after|after_?cursor)$/i;

/**
 * Where the answer says the next cursor is: a `next_cursor`, `pageInfo.endCursor`, `nextPageToken`...
 * holding a non-empty string (depth 5 at most); null when none.
 */
export function nextCursorPath(response: unknown): string | null {
  let found: string | null = null;
  const walk = (v: unknown, path: string, depth: number) => {
    if (found || depth > 5 || !isObject(v)) return;
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string' && x !== '' && CURSOR_KEYS.test(k)) {
        found = pathKey(path, k);
        return;
      }
    }
    for (const [k, x] of Object.entries(v)) walk(x, pathKey(path, k), depth + 1);
  };
  walk(response, '$', 0);
  return found;
}

/** The key of the call carrying the cursor: one it sends, or a GraphQL `$after`/`$cursor` its query declares. */
export function cursorKey(call: CallLike): string | null {
  const sent = [...callVariables(call).keys()].find((k) => CURSOR_PARAMS.test(k));
  if (sent) return sent;
  const body = bodyJson(call);
  const declared = typeof body?.query === 'string' ? /\$(after|cursor)\s*:/.exec(body.query) : null;
  return declared ? declared[1] : null;
}
