/**
 * A small path language for JSON values: `a.b`, `a[0].b`, `a["x.y"]`, `a[*].b`, `a.*`.
 * Property access on an array maps over its elements (JSON-LD often has one-or-many values:
 * `author.name` works for one author and for a list of them). Evaluation returns every value
 * reached, in order; an empty list when the path leads nowhere.
 */

export type PathStep = { key: string } | { index: number } | { wildcard: true };

const cache = new Map<string, PathStep[]>();

export function parsePath(path: string): PathStep[] {
  const hit = cache.get(path);
  if (hit) return hit;
  const steps: PathStep[] = [];
  let i = 0;
  const s = path.trim().replace(/^\$\.?/, '');
  while (i < s.length) {
    const ch = s[i];
    if (ch === '.') {
      i++;
      continue;
    }
    if (ch === '[') {
      const close = findClose(s, i);
      const inner = s.slice(i + 1, close).trim();
      i = close + 1;
      if (inner === '*' || inner === '') steps.push({ wildcard: true });
      else if (/^-?\d+$/.test(inner)) steps.push({ index: Number(inner) });
      else steps.push({ key: unquote(inner) });
      continue;
    }
    let j = i;
    while (j < s.length && s[j] !== '.' && s[j] !== '[') j++;
    const key = s.slice(i, j);
    steps.push(key === '*' ? { wildcard: true } : { key });
    i = j;
  }
  if (cache.size > 5000) cache.clear();
  cache.set(path, steps);
  return steps;
}

function findClose(s: string, open: number): number {
  let quote = '';
  for (let k = open + 1; k < s.length; k++) {
    const c = s[k];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ']') return k;
  }
  return s.length;
}

function unquote(s: string): string {
  if ((s.startsWith('"') && s.endsWith('"')) || (s.startsWith("'") && s.endsWith("'"))) return s.slice(1, -1);
  return s;
}

/**
 * Every value the path reaches from `root`. A trailing array is returned as one value.
 * `resolve` may replace a value before it is stepped into or returned (JSON-LD `@id` references).
 */
export function evaluatePath(root: unknown, path: string | PathStep[], resolve?: (v: unknown) => unknown): unknown[] {
  const steps = typeof path === 'string' ? parsePath(path) : path;
  const r = resolve ?? ((v: unknown) => v);
  let current: unknown[] = [r(root)];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const value of current) applyStep(value, step, next);
    current = next.map((v) => (Array.isArray(v) ? v.map(r) : r(v)));
    if (current.length === 0) break;
  }
  return current.filter((v) => v !== undefined);
}

function applyStep(value: unknown, step: PathStep, out: unknown[]): void {
  if (value === null || value === undefined) return;
  if ('wildcard' in step) {
    if (Array.isArray(value)) out.push(...value);
    else if (typeof value === 'object') out.push(...Object.values(value));
    return;
  }
  if ('index' in step) {
    if (!Array.isArray(value)) {
      // A single value stands for a one-element list (JSON-LD "one or many").
      if (step.index === 0 || step.index === -1) out.push(value);
      return;
    }
    const idx = step.index < 0 ? value.length + step.index : step.index;
    if (idx >= 0 && idx < value.length) out.push(value[idx]);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) applyStep(item, step, out);
    return;
  }
  if (typeof value === 'object') {
    const rec = value as Record<string, unknown>;
    if (Object.hasOwn(rec, step.key)) out.push(rec[step.key]);
  }
}
