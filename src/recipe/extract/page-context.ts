/**
 * One fetched page, parsed lazily and at most once: the DOM, JSON-LD blocks, meta tags,
 * embedded JSON blobs and the JSON body. Sources read through this so that evaluating many
 * fields (or many candidate extractions during induction) parses the page only once.
 */
import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Document, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { textContent } from 'domutils';
import { collapseWhitespace, visibleText } from './text.js';
import { parseLiteral, sliceBalanced } from './js-literal.js';
import { devalueUnflatten, flightRows, nextFlightText, nuxt2Payload } from './frameworks.js';
import { selectPlain, type SelectOptions } from './select.js';
import { escapeRegExp } from '../../util/regex.js';

/** The fetched page as the extraction sees it. */
export interface PageInput {
  url: string;
  /** Lower-cased media type, e.g. `text/html`, `application/json`. */
  contentType: string;
  text: string;
}

/** The parser options of every page (htmlparser2, see `$` below); the execute bench's bare loop uses the same. */
export const HTML_PARSE_OPTIONS = {
  xml: { xmlMode: false, decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
} as const;

/**
 * HTML_PARSE_OPTIONS as cheerio.load flattens them: what it hands htmlparser2 and, per query,
 * css-select. Read from cheerio itself once, so parsing and querying without it stay identical.
 */
const LOADED_OPTIONS = (cheerio.load('', HTML_PARSE_OPTIONS) as unknown as { _options: SelectOptions & Record<string, unknown> })._options;

export class PageContext {
  private doc?: Document;
  private scriptEls?: Element[];
  private dom?: CheerioAPI;
  private body?: { value: unknown };
  private ldBlocks?: unknown[];
  private metaMap?: Map<string, string[]>;
  private blobs = new Map<string, unknown[]>();
  private base?: string;
  private textCache = new WeakMap<AnyNode, string>();
  private selections = new WeakMap<object, Map<string, Element[]>>();
  private pageScope = {};

  constructor(readonly page: PageInput) {}

  /** True when the body is JSON (by content type, or by shape when the type is vague). */
  get isJson(): boolean {
    const type = this.page.contentType.toLowerCase();
    if (type.includes('json')) return true;
    if (type.includes('html') || type.includes('xml')) return false;
    return /^\s*[[{]/.test(this.page.text) && this.jsonBody() !== undefined;
  }

  /**
   * The parsed page (an empty document for JSON pages). Parsed with htmlparser2, not the HTML5
   * tree builder: 5-10 times faster on large shop pages, and lenient where parse5 would swallow
   * the rest of a page after a script holding "<!--<script". It keeps markup as written (no
   * implied <tbody>); css sources retry a selector without `tbody` when it matches nothing.
   * Parsed exactly as cheerio.load parses it (the same function, with cheerio's own flattening
   * of the options), so `$` wraps this very document; plain queries (`query`) need no cheerio.
   */
  get document(): Document {
    if (!this.doc) {
      const html = this.page.contentType.toLowerCase().includes('json') ? '' : this.page.text;
      this.doc = parseDocument(html, LOADED_OPTIONS);
    }
    return this.doc;
  }

  /** cheerio over `document`, made on first use (loading a document costs a class of its own). */
  get $(): CheerioAPI {
    this.dom ??= cheerio.load(this.document, HTML_PARSE_OPTIONS);
    return this.dom;
  }

  /**
   * Lets go of the DOM once nothing will read this page again (the interpreter calls it when a
   * call ends). Not for memory alone: cheerio.load makes a class per document, whose hidden
   * class lives in the old generation until the next full GC and reaches the document through
   * the class's closure, so a minor GC keeps every parsed page alive and promotes it. Under
   * bench:execute that was ~100 KB promoted per call, a full GC every second and the old space
   * swinging between 40 and 170 MB. Detaching the document's children (and dropping the
   * selection and text memos, which reach elements too) leaves that chain holding an empty
   * document. Every other memo is dropped too: a later read parses the page again, so a
   * released context still answers right, only slower. The page's entry in `contexts` goes as
   * well: a minor GC holds the values of an old WeakMap strongly, and this value holds its key
   * (the page, its text and headers), so the entry would otherwise live until a full GC too.
   */
  release(): void {
    if (contexts.get(this.page) === this) contexts.delete(this.page);
    const root = this.doc;
    if (root) {
      for (const child of root.children) child.parent = null;
      root.children = [];
    }
    this.doc = undefined;
    this.dom = undefined;
    this.scriptEls = undefined;
    this.body = undefined;
    this.ldBlocks = undefined;
    this.metaMap = undefined;
    this.blobs = new Map();
    this.base = undefined;
    this.textCache = new WeakMap();
    this.selections = new WeakMap();
    this.pageScope = {};
  }

  /** The parsed JSON body, or undefined when the body is not JSON. */
  jsonBody(): unknown {
    if (!this.body) {
      let value: unknown;
      try {
        value = JSON.parse(this.page.text.replace(/^\uFEFF/, '').replace(/^\)\]\}',?\s*/, ''));
      } catch {
        value = undefined;
      }
      this.body = { value };
    }
    return this.body.value;
  }

  /**
   * What `compute` selects within a scope (null = the whole page), computed once per scope and
   * selector: fields of one record often read the same element (a link's title and its href).
   */
  selection(scope: Element | null, selector: string, compute: () => Element[]): Element[] {
    const key = scope ?? this.pageScope;
    let byScope = this.selections.get(key);
    if (!byScope) this.selections.set(key, (byScope = new Map()));
    let found = byScope.get(selector);
    if (!found) byScope.set(selector, (found = compute()));
    return found;
  }

  /**
   * What `$(scope).find(selector)` (scope null: `$(selector)`) answers, as an array: from a query
   * compiled once per selector where that gives exactly cheerio's answer (select.ts), else from
   * cheerio. Throws on an invalid selector, as cheerio does.
   */
  query(selector: string, scope: Element | null): Element[] {
    return selectPlain(this.document, LOADED_OPTIONS, scope, selector) ?? ((scope ? this.$(scope).find(selector) : this.$(selector)).toArray() as Element[]);
  }

  /** Visible text of a node, white space collapsed (cached per node). */
  text(node: AnyNode): string {
    return collapseWhitespace(visibleText(node, this.textCache));
  }

  /** Raw (uncollapsed) visible text, cached: cheaper for repeated prefix checks. */
  rawText(node: AnyNode): string {
    return visibleText(node, this.textCache);
  }

  /** The page's `<script>` elements, found once: JSON-LD, embedded blobs and analytics all read them. */
  private scripts(): Element[] {
    this.scriptEls ??= this.query('script', null);
    return this.scriptEls;
  }

  /** Every JSON-LD block of the page, parsed (unparseable blocks are skipped). */
  jsonLdBlocks(): unknown[] {
    if (!this.ldBlocks) {
      this.ldBlocks = [];
      for (const el of this.scripts()) {
        const type = (attrOf(el, 'type') ?? '').toLowerCase().trim();
        if (type !== 'application/ld+json') continue;
        const value = parseJsonLdText(textContent(el));
        if (value !== undefined) this.ldBlocks.push(value);
      }
    }
    return this.ldBlocks;
  }

  /** `<meta>` contents keyed by lower-cased property/name/itemprop, in document order. */
  metaTags(): Map<string, string[]> {
    if (!this.metaMap) {
      const map = new Map<string, string[]>();
      for (const el of this.query('meta', null)) {
        const content = attrOf(el, 'content');
        if (content === undefined) continue;
        for (const attr of ['property', 'name', 'itemprop', 'http-equiv']) {
          const key = attrOf(el, attr)?.trim().toLowerCase();
          if (!key) continue;
          const list = map.get(key) ?? [];
          list.push(content);
          map.set(key, list);
        }
      }
      this.metaMap = map;
    }
    return this.metaMap;
  }

  /**
   * Embedded JSON blobs by kind: `next_data` (Next.js), `nuxt` (window.__NUXT__), `script_json`
   * (every `<script type="application/json">`), `datalayer` (what the page hands its analytics:
   * `dataLayer.push({...})`, `gtag('event', 'view_item', {...})`), `#id` (the script with that
   * id), or any other name as a global assignment (`window.__INITIAL_STATE__ = {...}`). Empty
   * when none parse.
   */
  embedded(kind: string): unknown[] {
    const hit = this.blobs.get(kind);
    if (hit) return hit;
    const found = this.findEmbedded(kind);
    this.blobs.set(kind, found);
    return found;
  }

  /**
   * The embedded blob kinds this page has: `next_data`, `script_json`, `nuxt` and every global
   * assigned a literal in an inline script (`window.__INITIAL_STATE__ = {...}`).
   */
  embeddedKinds(): string[] {
    const kinds = ['next_data', 'script_json', 'nuxt', 'nuxt_data', 'rsc', 'datalayer'].filter((k) => this.embedded(k).length > 0);
    const names = new Set<string>();
    for (const el of this.scripts()) {
      const type = (attrOf(el, 'type') ?? '').toLowerCase();
      if (type && !type.includes('javascript')) continue;
      const src = textContent(el);
      for (const m of src.matchAll(/window\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*["']([\w$]+)["']\s*\])\s*=\s*(?:JSON\.parse\(|[{[])/g)) {
        names.add(m[1] ?? m[2]);
      }
    }
    for (const name of names) if (name !== '__NUXT__' && this.embedded(name).length > 0) kinds.push(name);
    return kinds;
  }

  /** The URL relative links resolve against: `<base href>` if present, else the page URL. */
  baseUrl(): string {
    if (this.base === undefined) {
      this.base = this.page.url;
      // The parser only makes a <base> the markup has, so most pages skip the query.
      const mayHaveBase = !this.page.contentType.includes('json') && /<base[\s/>]/i.test(this.page.text);
      const href = mayHaveBase ? this.$('base[href]').first().attr('href') : undefined;
      if (href) {
        try {
          this.base = new URL(href.trim(), this.page.url).href;
        } catch {
          // keep the page URL
        }
      }
    }
    return this.base;
  }

  private findEmbedded(kind: string): unknown[] {
    const scriptText = (selector: string): string[] => this.query(selector, null).map((el) => textContent(el));
    const parsed = (texts: string[]): unknown[] =>
      texts.map((t) => parseLiteral(stripHtmlComment(t))).filter((v) => v !== undefined);
    if (kind === 'next_data') return parsed(scriptText('script#__NEXT_DATA__'));
    if (kind === 'script_json') {
      return parsed(
        this.scripts()
          .filter((el) => /^application\/(?:[\w.+-]*\+)?json$/i.test((attrOf(el, 'type') ?? '').trim()))
          .filter((el) => !/ld\+json/i.test(attrOf(el, 'type') ?? ''))
          .map((el) => textContent(el)),
      );
    }
    if (kind === 'datalayer') return this.analyticsEvents();
    if (kind === 'rsc') return this.flightRows();
    if (kind === 'nuxt_data') {
      return parsed(scriptText('script#__NUXT_DATA__')).map(devalueUnflatten).filter((v) => v !== undefined);
    }
    if (kind.startsWith('#')) return parsed(scriptText(`script[id="${kind.slice(1).replace(/"/g, '')}"]`));
    const name = kind === 'nuxt' ? '__NUXT__' : kind;
    const byId = parsed(scriptText(`script[id="${name.replace(/"/g, '')}"]`));
    if (byId.length > 0) return byId;
    const assigned = this.globalAssignments(name);
    // Nuxt 2 writes its state as a function whose parameters stand for repeated values.
    if (kind === 'nuxt' && assigned.length === 0) return this.scripts().map((el) => nuxt2Payload(textContent(el))).filter((v) => v !== undefined);
    return assigned;
  }

  /**
   * React Server Components flight rows: the body of a `RSC: 1` answer (text/x-component), or
   * the chunks an app-router page pushes into `self.__next_f`. Each JSON row is one blob.
   */
  private flightRows(): unknown[] {
    if (/x-component/i.test(this.page.contentType)) return flightRows(this.page.text);
    if (!this.page.text.includes('__next_f')) return [];
    return flightRows(nextFlightText(this.scripts().map((el) => textContent(el))));
  }

  /**
   * The objects a page hands its analytics in inline scripts: `dataLayer.push({...})` (Google Tag
   * Manager, the name most shops keep) and the parameters of `gtag('event', name, {...})`. Shops
   * state the product they show there for e-commerce tracking (`ecommerce.items[0].price`,
   * `currency`), often where the page has no other structured data.
   */
  private analyticsEvents(): unknown[] {
    const out: unknown[] = [];
    for (const el of this.scripts()) {
      const src = textContent(el);
      if (!src.includes('dataLayer') && !src.includes('gtag')) continue;
      for (const m of src.matchAll(/\bdataLayer\s*\.\s*push\s*\(\s*|\bgtag\s*\(\s*['"]event['"]\s*,\s*['"][\w-]+['"]\s*,\s*/g)) {
        const literal = sliceBalanced(src, m.index + m[0].length);
        const value = literal ? parseLiteral(literal) : undefined;
        if (value && typeof value === 'object') out.push(value);
      }
    }
    return out;
  }

  /** Values assigned to a global in inline scripts: `window.X = {...}`, `X = [...]`, `window["X"] = ...`. */
  private globalAssignments(name: string): unknown[] {
    const escaped = escapeRegExp(name);
    const re = new RegExp(`(?:window\\s*\\.\\s*${escaped}|window\\s*\\[\\s*["']${escaped}["']\\s*\\]|\\b${escaped})\\s*=\\s*`, 'g');
    const out: unknown[] = [];
    for (const el of this.scripts()) {
      const src = textContent(el);
      if (!src.includes(name)) continue;
      for (const m of src.matchAll(re)) {
        let start = m.index + m[0].length;
        // JSON.parse("...") wrappers: read the string, then parse it.
        const jsonParse = /^JSON\.parse\(\s*(["'])/.exec(src.slice(start, start + 20));
        if (jsonParse) {
          const str = parseLiteral(readQuoted(src, start + jsonParse[0].length - 1));
          if (typeof str === 'string') {
            const value = parseLiteral(str);
            if (value !== undefined) out.push(value);
          }
          continue;
        }
        while (src[start] === '(') start++;
        const literal = sliceBalanced(src, start);
        if (!literal) continue;
        const value = parseLiteral(literal);
        if (value !== undefined) out.push(value);
      }
    }
    return out;
  }
}

function readQuoted(src: string, start: number): string {
  const quote = src[start];
  for (let i = start + 1; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === quote) return src.slice(start, i + 1);
  }
  return '';
}

function stripHtmlComment(text: string): string {
  return text
    .replace(/^\s*<!--/, '')
    .replace(/-->\s*$/, '')
    .replace(/^\s*\/\/\s*<!\[CDATA\[/, '')
    .replace(/\/\/\s*\]\]>\s*$/, '');
}

/** JSON-LD as published: often wrapped in comments/CDATA, sometimes with raw newlines in strings. */
export function parseJsonLdText(raw: string): unknown {
  const text = stripHtmlComment(raw).trim().replace(/;\s*$/, '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Raw control characters inside strings are the usual culprit; replace them with spaces.
    const cleaned = text.replace(/[\u0000-\u001f]+/g, ' ');
    try {
      return JSON.parse(cleaned);
    } catch {
      return parseLiteral(cleaned);
    }
  }
}

/**
 * An attribute as cheerio's `attr(name)` reads it, for the names read here (none of them a
 * boolean attribute, which cheerio answers with its name, nor an option's or input's value).
 */
function attrOf(el: Element, name: string): string | undefined {
  return el.attribs && Object.hasOwn(el.attribs, name) ? el.attribs[name] : undefined;
}

const contexts = new WeakMap<PageInput, PageContext>();

/**
 * The context of a page: a context is returned as is, and the same PageInput object always
 * gets the same context, so callers that pass the page itself still parse it only once.
 */
export function createPageContext(page: PageInput | PageContext): PageContext {
  if (page instanceof PageContext) return page;
  let ctx = contexts.get(page);
  if (!ctx) {
    ctx = new PageContext(page);
    contexts.set(page, ctx);
  }
  return ctx;
}
