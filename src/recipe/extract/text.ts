/**
 * Text helpers shared by the extraction sources: white space, case/diacritic folding, HTML
 * entity decoding and the visible text of an element.
 */
import type { AnyNode, Element } from 'domhandler';

/** Collapse runs of white space (incl. NBSP and other Unicode spaces) into one space and trim. */
export function collapseWhitespace(s: string): string {
  return s.replace(/[\s\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+/g, ' ').trim();
}

/**
 * "((optional))" -> "(optional)": a note already in brackets wrapped in brackets again by a
 * template (recipe plugins do this in their structured data). Doubled brackets mean nothing in
 * prose, so one pair is the text the page meant.
 */
export function collapseDoubledBrackets(s: string): string {
  return s.includes('((') ? s.replace(/\(\(([^()]*)\)\)/g, '($1)') : s;
}

/**
 * Marks writers may add or leave out: Latin accents, and the short vowels of Arabic script
 * (harakat, the dagger alif), which Urdu, Persian and Arabic pages write on one label ("سنِ
 * اشاعت") and not on the next ("سن اشاعت").
 */
const OPTIONAL_MARKS = /[\u0300-\u036f\u064b-\u065f\u0670]/g;

/** Lower-case, strip diacritics and collapse white space: the form labels are compared in. */
export function fold(s: string): string {
  return collapseWhitespace(s.normalize('NFKD').replace(OPTIONAL_MARKS, '').toLowerCase());
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ndash: '\u2013', mdash: '\u2014',
  lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d', hellip: '\u2026', copy: '\u00a9',
  reg: '\u00ae', trade: '\u2122', euro: '\u20ac', pound: '\u00a3', yen: '\u00a5', cent: '\u00a2',
  deg: '\u00b0', frac12: '\u00bd', frac14: '\u00bc', frac34: '\u00be', times: '\u00d7', middot: '\u00b7',
  laquo: '\u00ab', raquo: '\u00bb', bull: '\u2022', shy: '\u00ad',
};

// ISO-8859-1 entity names, code points 160-255 in order (the ones legacy pages use most).
const LATIN1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para ' +
  'middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute ' +
  'Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute ' +
  'THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ' +
  'ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';
LATIN1.split(' ').forEach((name, i) => (NAMED_ENTITIES[name] ??= String.fromCharCode(160 + i)));

/**
 * Decode HTML character references in a string that did not go through the HTML parser
 * (JSON-LD and embedded JSON often carry `&amp;` or `&#8217;`). Unknown names are kept.
 */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    const named = NAMED_ENTITIES[body] ?? NAMED_ENTITIES[body.toLowerCase()];
    return named ?? whole;
  });
}

/** Elements whose content is never visible text. */
export const INVISIBLE_TAGS: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'iframe', 'object']);

/** Elements that start a new line when rendered; their text is separated by a space. */
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure',
  'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'option', 'p',
  'pre', 'section', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'caption', 'summary', 'details',
  'button', 'label', 'select', 'textarea', 'input', 'img',
]);

export function isInvisible(el: Element): boolean {
  return INVISIBLE_TAGS.has(el.name);
}

/** `h1`…`h6`. */
export function isHeading(el: Element): boolean {
  return el.name.length === 2 && el.name[0] === 'h' && el.name[1] >= '1' && el.name[1] <= '6';
}

export function isBlock(el: Element): boolean {
  return BLOCK.has(el.name);
}

/**
 * The visible text of a node as a reader sees it: block boundaries and <br> become spaces
 * (so `<li>a</li><li>b</li>` reads "a b", not "ab"), scripts and styles are skipped.
 * Not collapsed: callers collapse once at the end.
 */
export function visibleText(node: AnyNode, cache?: WeakMap<AnyNode, string>): string {
  if (node.type === 'text') return (node as unknown as { data: string }).data;
  if (node.type !== 'tag' && node.type !== 'root' && node.type !== 'script' && node.type !== 'style') return '';
  const cached = cache?.get(node);
  if (cached !== undefined) return cached;
  const el = node as Element;
  if (node.type !== 'root' && isInvisible(el)) return '';
  let out = '';
  for (const child of el.children ?? []) {
    const childText = visibleText(child, cache);
    if (child.type === 'tag' && isBlock(child as Element)) out += ` ${childText} `;
    else if (child.type === 'tag' && (child as Element).name === 'sup') out += raisedCents(out, childText);
    else out += childText;
  }
  cache?.set(node, out);
  return out;
}

/**
 * Two raised digits right after a number are its cents, as shops print prices ("2.299<sup>99</sup>
 * Lei", "$12<sup>99</sup>"): they read with the decimal mark the number does not use for thousands.
 */
function raisedCents(before: string, raised: string): string {
  if (!/^\d{2}$/.test(raised)) return raised;
  const number = /\d[\d.,\u00a0\u202f ]*$/.exec(before)?.[0];
  if (!number || !/\d$/.test(number)) return raised;
  return `${/\.\d{3}(?!\d)/.test(number) ? ',' : '.'}${raised}`;
}

/** Only the text nodes directly inside the element (`text_mode: 'own'`). */
export function ownText(el: Element): string {
  let out = '';
  for (const child of el.children ?? []) {
    if (child.type === 'text') out += (child as unknown as { data: string }).data;
    else if (child.type === 'tag' && (child as Element).name === 'br') out += ' ';
  }
  return out;
}

/** A line ending in a colon introduces the lines after it ("For the dough:"); it is not an item of a list. */
export function isHeaderLine(line: string): boolean {
  return /[:：]\s*$/.test(line);
}
