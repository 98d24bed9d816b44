/**
 * Reads JavaScript object/array literals embedded in pages (`window.__INITIAL_STATE__ = {...}`)
 * without evaluating them: a strict JSON attempt first, then a tolerant parser that accepts
 * unquoted keys, single-quoted strings, trailing commas, comments, `undefined`, `!0`/`!1`.
 * Anything else (function calls, variables) makes the parse fail: we never run page code.
 */

/** The balanced `{...}` or `[...]` starting at `start` (string- and comment-aware), or null. */
export function sliceBalanced(src: string, start: number): string | null {
  const open = src[start];
  if (open !== '{' && open !== '[') return null;
  let depth = 0;
  let quote = '';
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return src.slice(start, i + 1);
    }
  }
  return null;
}

/**
 * Parse a JSON or JS literal text; undefined when it is not a plain literal. `bindings` name the
 * identifiers the literal may use as values (the parameters of Nuxt 2's payload function).
 */
export function parseLiteral(text: string, bindings?: ReadonlyMap<string, unknown>): unknown {
  const trimmed = text.trim();
  if (!bindings) {
    try {
      return JSON.parse(trimmed);
    } catch {
      // fall through to the tolerant parser
    }
  }
  try {
    const parser = new LiteralParser(trimmed, bindings);
    const value = parser.value();
    parser.skip();
    return parser.atEnd() ? value : undefined;
  } catch {
    return undefined;
  }
}

class LiteralParser {
  private i = 0;
  constructor(
    private readonly s: string,
    private readonly bindings?: ReadonlyMap<string, unknown>,
  ) {}

  atEnd(): boolean {
    return this.i >= this.s.length || this.s[this.i] === ';';
  }

  skip(): void {
    const s = this.s;
    for (;;) {
      while (this.i < s.length && /\s/.test(s[this.i])) this.i++;
      if (s.startsWith('//', this.i)) {
        const nl = s.indexOf('\n', this.i);
        this.i = nl < 0 ? s.length : nl + 1;
      } else if (s.startsWith('/*', this.i)) {
        const end = s.indexOf('*/', this.i + 2);
        this.i = end < 0 ? s.length : end + 2;
      } else return;
    }
  }

  value(): unknown {
    this.skip();
    const c = this.s[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"' || c === "'" || c === '`') return this.string();
    return this.bare();
  }

  private object(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.i++;
    for (;;) {
      this.skip();
      if (this.s[this.i] === '}') {
        this.i++;
        return out;
      }
      const key = this.key();
      this.skip();
      if (this.s[this.i] !== ':') throw new Error('expected :');
      this.i++;
      out[key] = this.value();
      this.skip();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== '}') throw new Error('expected , or }');
    }
  }

  private array(): unknown[] {
    const out: unknown[] = [];
    this.i++;
    for (;;) {
      this.skip();
      if (this.s[this.i] === ']') {
        this.i++;
        return out;
      }
      out.push(this.value());
      this.skip();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== ']') throw new Error('expected , or ]');
    }
  }

  private key(): string {
    const c = this.s[this.i];
    if (c === '"' || c === "'") return this.string();
    const m = /^[A-Za-z0-9_$]+/.exec(this.s.slice(this.i, this.i + 200));
    if (!m) throw new Error('bad key');
    this.i += m[0].length;
    return m[0];
  }

  private string(): string {
    const quote = this.s[this.i++];
    let out = '';
    while (this.i < this.s.length) {
      const c = this.s[this.i++];
      if (c === quote) return out;
      if (c === '\\') {
        const e = this.s[this.i++];
        if (e === 'n') out += '\n';
        else if (e === 't') out += '\t';
        else if (e === 'r') out += '\r';
        else if (e === 'b') out += '\b';
        else if (e === 'f') out += '\f';
        else if (e === 'u') {
          out += String.fromCharCode(parseInt(this.s.slice(this.i, this.i + 4), 16));
          this.i += 4;
        } else if (e === 'x') {
          out += String.fromCharCode(parseInt(this.s.slice(this.i, this.i + 2), 16));
          this.i += 2;
        } else out += e;
      } else out += c;
    }
    throw new Error('unterminated string');
  }

  private bare(): unknown {
    const m = /^(?:!0|!1|void 0|-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|[A-Za-z_$][A-Za-z0-9_$]*)/.exec(
      this.s.slice(this.i, this.i + 64),
    );
    if (!m) throw new Error('unexpected token');
    this.i += m[0].length;
    const t = m[0];
    if (t === 'true' || t === '!0') return true;
    if (t === 'false' || t === '!1') return false;
    if (t === 'null' || t === 'undefined' || t === 'void 0' || t === 'NaN' || t === 'Infinity') return null;
    if (/^[-\d.]/.test(t)) return Number(t);
    if (this.bindings?.has(t)) return this.bindings.get(t);
    throw new Error(`identifier ${t}`);
  }
}
