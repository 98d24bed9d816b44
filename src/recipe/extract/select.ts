/**
 * CSS queries compiled once per selector, answering exactly what cheerio's `find` answers.
 *
 * `$(scope).find(selector)` parses and compiles its selector on every call and wraps every
 * answer in a new Cheerio object. An endpoint runs the same few selectors on every call and on
 * every list item, so that work dominated extraction (about 40 us per query on a small page).
 * Here the query is compiled by the same functions cheerio-select uses (css-what's `parse`,
 * css-select's `_compileToken`) with the same options and the same context shape, and searched
 * the same way (`prepareContext`, then domutils' `find`); only the compiling happens once.
 *
 * The context is what makes that exact. cheerio scopes a query under an element to that
 * element (`:scope` is prepended, so `div a` inside an item needs its `div` inside the item
 * too), and the compiled `:scope` test reads its context array when it runs. So a scoped query
 * is compiled once against a context array of its own, and each call puts its scope element in
 * that array right before the synchronous search.
 *
 * Only plain selectors take this path: no pseudo-classes (positionals such as `:first` count
 * per call in cheerio-select, `:has` caches results) and no leading sibling combinator (cheerio
 * then searches the scope itself, not its children). Anything else answers null and the caller
 * asks cheerio.
 */
import { parse } from 'css-what';
import { _compileToken as compileToken, prepareContext } from 'css-select';
import * as DomUtils from 'domutils';
import { Element, type AnyNode, type Document } from 'domhandler';
import { LruCache } from '../../lru-cache.js';

/** Selectors compiled here: no pseudo-classes, not starting with a sibling combinator. */
export const PLAIN_SELECTOR = /^\s*[^\s+~:][^:]*$/;

type Query = ((el: Element) => boolean) & { shouldTestNextSiblings?: boolean };

interface Compiled {
  query: Query;
  /** The context array the compiled `:scope` test reads (scoped queries only). */
  context: AnyNode[] | null;
}

/**
 * A stand-in scope for compiling: an element whose parent is an element, which is what makes
 * css-select scope the query (`absolutize`). Each call replaces it with the real scope.
 */
function placeholderScope(): Element {
  const el = new Element('div', {});
  el.parent = new Element('div', {});
  return el;
}

/** The options cheerio's _findBySelector hands cheerio-select, as far as css-select reads them. */
export interface SelectOptions {
  xmlMode?: boolean;
  lowerCaseTags?: boolean;
  lowerCaseAttributeNames?: boolean;
  quirksMode?: boolean;
}

/**
 * Compiled queries by options object (PageContext passes one constant, so in practice there is
 * one entry), then by scoped/whole and selector.
 */
const compiledByOptions = new WeakMap<object, { scoped: LruCache<string, Compiled | null>; whole: LruCache<string, Compiled | null> }>();
const MAX_SELECTORS = 2_000;

function cacheFor(options: SelectOptions, scoped: boolean): LruCache<string, Compiled | null> {
  let caches = compiledByOptions.get(options);
  if (!caches) compiledByOptions.set(options, (caches = { scoped: new LruCache(MAX_SELECTORS), whole: new LruCache(MAX_SELECTORS) }));
  return scoped ? caches.scoped : caches.whole;
}

function compiledFor(options: SelectOptions, selector: string, scoped: boolean): Compiled | null {
  const cache = cacheFor(options, scoped);
  const hit = cache.get(selector);
  if (hit !== undefined) return hit;
  let compiled: Compiled | null;
  try {
    const context = scoped ? [placeholderScope()] : null;
    const { xmlMode, lowerCaseTags, lowerCaseAttributeNames, quirksMode } = options;
    const query = compileToken(parse(selector) as never, {
      xmlMode,
      lowerCaseTags,
      lowerCaseAttributeNames,
      quirksMode,
      context: context ?? undefined,
    }) as unknown as Query;
    compiled = { query, context };
  } catch {
    compiled = null; // an invalid selector: cheerio answers it (and the caller's error handling) as before
  }
  cache.set(selector, compiled);
  return compiled;
}

/**
 * The elements `selector` matches inside `scope` (null: the whole document), in document order,
 * as cheerio loaded with `options` answers `$(scope).find(selector)` / `$(selector)`; null
 * when the selector is not plain or the scope is one cheerio compiles differently, so the
 * caller asks cheerio instead.
 */
export function selectPlain(document: Document, options: SelectOptions & { pseudos?: unknown }, scope: Element | null, selector: string): Element[] | null {
  if (!PLAIN_SELECTOR.test(selector)) return null;
  if (options.pseudos) return null; // custom pseudo-classes cannot key the cache
  // css-select scopes a query only under an element whose parent is an element.
  if (scope && !(scope.parent && DomUtils.isTag(scope.parent))) return null;
  const compiled = compiledFor(options, selector, scope !== null);
  if (!compiled) return null;
  const root: Element | Document = scope ?? document;
  if (compiled.context) compiled.context[0] = root;
  // cheerio-select searches prepareContext(children): the children themselves when the query
  // tests no next siblings (removeSubsets keeps siblings as they are), so they are used as is.
  const from = compiled.query.shouldTestNextSiblings ? prepareContext([...root.children], DomUtils, true) : root.children;
  return DomUtils.find((node) => DomUtils.isTag(node) && compiled.query(node), from, true, Infinity) as Element[];
}
