/**
 * The data JavaScript frameworks serialise into the page they serve, read without running any of
 * the page's code (docs/decisions.md, "Framework payloads are parsed, never evaluated"):
 * - Nuxt 2: `window.__NUXT__=(function(a,b,...){return {...}}(v1,v2,...))`, a function whose
 *   parameters stand for values repeated in the state. The arguments and the returned literal
 *   are parsed as literals, the parameters bound to the arguments.
 * - Nuxt 3: `<script id="__NUXT_DATA__" type="application/json">`, a devalue-flattened array
 *   (index 0 the root; numbers in objects and arrays are indexes into the array).
 * - Next.js app router: React Server Components flight rows (`1:I[...]`, `3:{...}`), pushed in
 *   pieces as `self.__next_f.push([1,"..."])`, or the whole body of a `RSC: 1` fetch
 *   (text/x-component).
 */
import { parseLiteral, sliceBalanced } from './js-literal.js';

const MAX_FLIGHT = 5_000_000;

/** The text from `start` (an opening bracket of any kind) to its closing one, quote-aware; null if unclosed. */
function sliceGroup(src: string, start: number): string | null {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  if (!(src[start] in pairs)) return null;
  const stack: string[] = [];
  let quote = '';
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c in pairs) stack.push(pairs[c]);
    else if (c === ')' || c === ']' || c === '}') {
      if (stack.pop() !== c) return null;
      if (stack.length === 0) return src.slice(start, i + 1);
    }
  }
  return null;
}

/**
 * Nuxt 2's payload function in a script's text: `__NUXT__=(function(a,b){...return {...}}(1,"x"))`
 * (or `...})(1,"x")`). Statements before the `return` (devalue's fix-ups of shared references)
 * are not applied. Undefined when the script holds no such function or it does not parse.
 */
export function nuxt2Payload(src: string): unknown {
  const head = /__NUXT__\s*=\s*\(?\s*function\s*\(([\w$,\s]*)\)\s*\{/.exec(src);
  if (!head) return undefined;
  const params = head[1].split(',').map((p) => p.trim()).filter(Boolean);
  const bodyStart = head.index + head[0].length - 1;
  const body = sliceGroup(src, bodyStart);
  if (!body) return undefined;
  const ret = /\breturn\s*/.exec(body);
  if (!ret) return undefined;
  const literal = sliceBalanced(body, ret.index + ret[0].length);
  if (!literal) return undefined;
  let at = bodyStart + body.length;
  while (/[\s)]/.test(src[at] ?? '') && src[at] !== '(') at++;
  const argsText = src[at] === '(' ? sliceGroup(src, at) : '()';
  if (!argsText) return undefined;
  const args = parseLiteral(`[${argsText.slice(1, -1)}]`);
  if (!Array.isArray(args)) return undefined;
  const bindings = new Map<string, unknown>(params.map((p, i) => [p, i < args.length ? args[i] : null]));
  return parseLiteral(literal, bindings);
}

/** Types devalue wraps a value in (`["Reactive", 3]`): the wrapped value stands for it. */
const DEVALUE_WRAPPERS = new Set(['Reactive', 'ShallowReactive', 'Ref', 'ShallowRef', 'EmptyRef', 'EmptyShallowRef', 'NuxtError', 'Island']);

/**
 * Nuxt 3's `__NUXT_DATA__` (devalue's `stringify`): a flat array whose element 0 is the root and
 * whose objects and arrays hold indexes into it. Negative indexes are undefined, holes, NaN and
 * infinities; `["Date", iso]`, `["Set", ...]`, `["Map", k, v, ...]` and Vue's reactive wrappers
 * are unwrapped to plain values. Undefined when the value is not such an array.
 */
export function devalueUnflatten(flat: unknown): unknown {
  if (!Array.isArray(flat) || flat.length === 0) return undefined;
  const memo = new Map<number, unknown>();
  let budget = 200_000;
  const hydrate = (index: number, depth: number): unknown => {
    if (index < 0 || depth > 64 || budget-- <= 0) return null;
    if (memo.has(index)) return memo.get(index);
    const raw: unknown = flat[index];
    let out: unknown;
    if (raw === null || typeof raw !== 'object') out = raw;
    else if (Array.isArray(raw)) {
      if (typeof raw[0] === 'string' && raw.length >= 1) {
        const [type, ...rest] = raw as [string, ...unknown[]];
        if (type === 'Date' || type === 'BigInt' || type === 'RegExp' || type === 'URL') out = rest[0];
        else if (type === 'null') out = null;
        else if (type === 'Set') out = rest.map((i) => (typeof i === 'number' ? hydrate(i, depth + 1) : null));
        else if (type === 'Map') {
          const map: Record<string, unknown> = {};
          for (let k = 0; k + 1 < rest.length; k += 2) map[String(hydrate(Number(rest[k]), depth + 1))] = hydrate(Number(rest[k + 1]), depth + 1);
          out = map;
        } else if (DEVALUE_WRAPPERS.has(type) || rest.length === 1) out = typeof rest[0] === 'number' ? hydrate(rest[0], depth + 1) : rest[0];
        else out = null;
      } else {
        const list: unknown[] = [];
        memo.set(index, list);
        for (const i of raw) list.push(typeof i === 'number' ? hydrate(i, depth + 1) : null);
        return list;
      }
    } else {
      const obj: Record<string, unknown> = {};
      memo.set(index, obj);
      for (const [k, i] of Object.entries(raw as Record<string, unknown>)) obj[k] = typeof i === 'number' ? hydrate(i, depth + 1) : null;
      return obj;
    }
    memo.set(index, out);
    return out;
  };
  return hydrate(0, 0);
}

/** The flight text a Next.js app-router page pushes in `self.__next_f.push([1, "..."])` chunks. */
export function nextFlightText(scripts: string[]): string {
  let out = '';
  for (const src of scripts) {
    if (!src.includes('__next_f')) continue;
    // `self.__next_f.push([1,"..."])`, `(self.__next_f=self.__next_f||[]).push([1,"..."])`
    for (const m of src.matchAll(/\.push\(\s*(?=\[)/g)) {
      const arr = sliceBalanced(src, m.index + m[0].length);
      const value = arr ? parseLiteral(arr) : undefined;
      if (Array.isArray(value) && value[0] === 1 && typeof value[1] === 'string') out += value[1];
      if (out.length > MAX_FLIGHT) return out;
    }
  }
  return out;
}

/**
 * The JSON rows of RSC flight text (`<hex id>:<JSON>` per line), in order. Text rows
 * (`id:T<hex length>,<text>`) are skipped by their length; module and hint rows
 * (`id:I[...]`, `id:HL[...]`) are not data and are left out.
 */
export function flightRows(text: string): unknown[] {
  const rows: unknown[] = [];
  let i = 0;
  while (i < text.length && rows.length < 5_000) {
    const head = /^([0-9a-fA-F]+):/.exec(text.slice(i, i + 16));
    if (!head) {
      const nl = text.indexOf('\n', i);
      if (nl < 0) break;
      i = nl + 1;
      continue;
    }
    i += head[0].length;
    const text0 = /^T([0-9a-fA-F]+),/.exec(text.slice(i, i + 16));
    if (text0) {
      // The length counts UTF-8 bytes.
      const bytes = Buffer.from(text.slice(i + text0[0].length), 'utf8').subarray(0, parseInt(text0[1], 16));
      i += text0[0].length + bytes.toString('utf8').length;
      continue;
    }
    const nl = text.indexOf('\n', i);
    const line = text.slice(i, nl < 0 ? text.length : nl);
    i = nl < 0 ? text.length : nl + 1;
    if (!/^[[{"]/.test(line)) continue; // I[...], HL[...], E{...}: modules, hints, errors
    try {
      rows.push(JSON.parse(line) as unknown);
    } catch {
      // a row cut short: skip it
    }
  }
  return rows;
}
