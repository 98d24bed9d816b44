/**
 * Text no store can keep as sent: PostgreSQL refuses NUL in text, and a lone UTF-16 surrogate
 * has no UTF-8 form (drivers silently turn it into U+FFFD, and encodeURIComponent throws on
 * it). Nesting beyond MAX_INPUT_DEPTH is refused too: recursive code further down (JSON.stringify,
 * schema validators) would otherwise fail with a stack overflow instead of a clear answer.
 * One walk, iterative so that depth itself cannot overflow it; the HTTP guard and the execute
 * service both use it, so every face refuses the same input the same way.
 */
export const MAX_INPUT_DEPTH = 64;

export interface UnsafeInput {
  /** Dotted path of the offending value or key ('' for the value itself). */
  path: string;
  problem: string;
}

// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const UNSAFE_TEXT = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function unsafeText(s: string): string | null {
  if (!UNSAFE_TEXT.test(s)) return null;
  return s.includes('\0') ? 'must not contain NUL characters' : 'must not contain unpaired UTF-16 surrogates';
}

interface Frame {
  value: unknown;
  key: string | null;
  parent: Frame | null;
  depth: number;
}

function pathOf(frame: Frame | null): string {
  const parts: string[] = [];
  for (let f = frame; f && f.key !== null; f = f.parent) parts.push(f.key);
  return parts.reverse().join('.');
}

/** The first unsafe string, key or nesting level in a parsed JSON value (or query object), or null. */
export function findUnsafeInput(root: unknown): UnsafeInput | null {
  if (root === null || root === undefined || typeof root === 'number' || typeof root === 'boolean') return null;
  const stack: Frame[] = [{ value: root, key: null, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const v = frame.value;
    if (typeof v === 'string') {
      const problem = unsafeText(v);
      if (problem) return { path: pathOf(frame), problem };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (frame.depth >= MAX_INPUT_DEPTH) {
      return { path: pathOf(frame), problem: `must not nest deeper than ${MAX_INPUT_DEPTH} levels` };
    }
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push({ value: v[i], key: String(i), parent: frame, depth: frame.depth + 1 });
      continue;
    }
    for (const key of Object.keys(v)) {
      const problem = unsafeText(key);
      if (problem) return { path: pathOf(frame), problem: `keys ${problem}` };
      stack.push({ value: (v as Record<string, unknown>)[key], key, parent: frame, depth: frame.depth + 1 });
    }
  }
  return null;
}
