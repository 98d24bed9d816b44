/**
 * Numbers as people write them: "1,299.00" (US), "1.299,00" (European), "1 299,00" / "1'299.00"
 * (grouped by spaces or apostrophes), "12", "-3.5". The first number in the text is read.
 */

const NUMBER_RE = /[-+\u2212]?\d[\d.,'\u2019\s\u00a0\u202f\u2009]*/;

export interface ParseNumberOptions {
  /**
   * How to read one separator followed by exactly three digits ("1.299", "1,299"): `grouping`
   * (thousands, the usual reading of prices) or `decimal` for a dot. Default: a comma groups, a dot is decimal.
   */
  threeDigitDot?: 'grouping' | 'decimal';
  /**
   * The page's decimal separator, when the page says it (its own prices' format): a single
   * separator before exactly three digits is that page's decimal point or its grouping.
   */
  decimal?: '.' | ',' | null;
  /** The currency's decimal places (KWD 3): a separator before that many digits is its decimal point. */
  fractionDigits?: number;
}

/**
 * Digits of every script as ASCII: full-width "２，４９０" (NFKC), Arabic-Indic "٢٬٤٩٠",
 * Persian "۱۲۰۰", Devanagari, Bengali, Thai... (each Unicode decimal-digit block runs 0-9), and
 * the Arabic separators (٬ groups, ٫ is the decimal point).
 */
export function asciiDigits(text: string): string {
  // Most texts are ASCII already: nothing to map, and no normalising pass.
  if (!/[^\x00-\x7f]/.test(text)) return text;
  return text
    .normalize('NFKC')
    .replace(/\p{Nd}/gu, (d) => {
      if (d >= '0' && d <= '9') return d;
      const code = d.codePointAt(0)!;
      // The block's zero is the nearest code point below (or at) d that is a digit zero.
      for (let zero = code; zero >= code - 9; zero--) {
        if (zero === code - 9 || !/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) return String(code - zero);
      }
      return d;
    })
    .replace(/\u066c/g, ',')
    .replace(/\u066b/g, '.');
}

/** The first number in a text, or null. */
export function parseNumber(input: unknown, options: ParseNumberOptions = {}): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (typeof input !== 'string') return null;
  const text = asciiDigits(input);
  const m = NUMBER_RE.exec(text);
  if (!m) return null;
  // A hyphen joined to a word before it is no minus sign: Zulu "abangu-8", a model "KD-55".
  const negative = /^[-\u2212]/.test(m[0]) && !(m.index > 0 && /\p{L}/u.test(text.charAt(m.index - 1)));
  let digits = m[0].replace(/^[-+\u2212]/, '').replace(/[\s\u00a0\u202f\u2009]+$/, '');
  // Grouping by spaces or apostrophes: "1 299,00", "1'299.00".
  digits = digits.replace(/(\d)[\s\u00a0\u202f\u2009'\u2019](?=\d{3}(?!\d))/g, '$1');
  // Anything after a space that did not group is another number ("4 6" reads 4).
  digits = digits.split(/[\s\u00a0\u202f\u2009'\u2019]/)[0].replace(/[.,]+$/, '');
  const value = readSeparators(digits, options);
  if (value === null) return null;
  return negative ? -value : value;
}

function readSeparators(s: string, options: ParseNumberOptions): number | null {
  const dots = (s.match(/\./g) ?? []).length;
  const commas = (s.match(/,/g) ?? []).length;
  let normalised: string;
  if (dots > 0 && commas > 0) {
    // Both: the last one is the decimal separator.
    const decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    normalised = s.split(group).join('').replace(decimal, '.');
  } else if (dots + commas === 1 && /^\d{1,3}[.,]\d{3}$/.test(s) && (options.decimal || options.fractionDigits === 3)) {
    // "1.299", "423,923": three digits after one separator, read as the page or currency writes.
    const separator = dots === 1 ? '.' : ',';
    const decimal = options.fractionDigits === 3 || options.decimal === separator;
    normalised = decimal ? s.replace(',', '.') : s.replace(/[.,]/, '');
  } else if (commas > 1) normalised = s.replace(/,/g, '');
  else if (dots > 1) normalised = s.replace(/\./g, '');
  else if (commas === 1) {
    // "1,299" groups thousands; "1,5" and "12,50" are decimals.
    normalised = /^\d{1,3},\d{3}$/.test(s) ? s.replace(',', '') : s.replace(',', '.');
  } else if (dots === 1) {
    const grouping = options.threeDigitDot === 'grouping' && /^[1-9]\d{0,2}\.\d{3}$/.test(s);
    normalised = grouping ? s.replace('.', '') : s;
  } else normalised = s;
  const n = Number(normalised);
  return Number.isFinite(n) ? n : null;
}

/** The first number rounded to an integer, or null. */
export function parseInteger(input: unknown): number | null {
  const n = parseNumber(input);
  return n === null ? null : Math.round(n);
}
