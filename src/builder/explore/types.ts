/**
 * Exploration: what the builder learns about a website before inducing any extraction.
 *
 * Glossary
 * - Entry page: the address the user gave, fetched first (after robots.txt). Its final URL
 *   (after redirects) is what relative links resolve against.
 * - Site: the entry page's host and its `www.` twin. Nothing outside it is ever fetched.
 * - URL template: a path (and query) with `{name}` placeholders for its variable parts, e.g.
 *   `/catalogue/{slug}_{id}/index.html`, `/shop?page={page}` (see url-template.ts). The
 *   pattern is a valid recipe URL template once the placeholders are parameters or vars.
 * - Link group: the known internal URLs (links of fetched pages, sitemap and feed entries)
 *   sharing one template, classified as
 *     detail     : many pages of one template, alike in structure, distinct in content (a
 *                  product, a recipe, an article);
 *     list       : pages linking to many detail pages (a category, a catalogue page);
 *     pagination : the numbered/next pages of a list;
 *     other      : everything else (about, login, cart...).
 * - List pages: fetched pages holding records (links to detail pages), the first one followed
 *   by its next pages in order; what `induceList` learns from.
 * - Budget: at most `maxPages` requests, none started after `deadline`, at most
 *   `perHostConcurrency` at once. Budget and deadline are soft stops (the exploration returns
 *   what it found, `stats.stoppedBy` says why); cancellation (the signal) rejects at once.
 */
import type { Fetcher } from '../../fetch/types.js';
import type { PageInput } from '../../recipe/extract/index.js';
import type { Feed } from './feeds.js';
import type { SearchForm } from './forms.js';
import type { StructuredSummary } from './structured.js';
import type { UrlTemplate } from './url-template.js';

export type { Feed, FeedItem } from './feeds.js';
export type { FormInput, SearchForm } from './forms.js';
export type { StructuredSummary } from './structured.js';
export type { TemplateVariable, UrlTemplate, VarKind } from './url-template.js';

export type LogLevel = 'debug' | 'info' | 'warn';

export interface ExploreBudget {
  /** Most requests of the whole exploration (robots.txt, sitemaps, probes included). */
  maxPages: number;
  /** Epoch ms; no request starts after it. */
  deadline: number;
  perHostConcurrency: number;
}

export interface ExploreInput {
  url: string;
  fetcher: Fetcher;
  signal: AbortSignal;
  budget: ExploreBudget;
  onLog?: (level: LogLevel, message: string) => void;
  /** Fields the user asked for. Accepted for the pipeline's convenience; exploration does not use them yet. */
  wantedFields?: string[];
  /** Clock (epoch ms) for the deadline; default Date.now. */
  now?: () => number;
}

export type PageKind = 'list' | 'detail' | 'other';
export type GroupKind = 'list' | 'detail' | 'pagination' | 'other';

/** Why a page was fetched. */
export type FetchPurpose = 'entry' | 'robots' | 'sitemap' | 'feed' | 'list' | 'detail' | 'hub' | 'json' | 'script';

/** A fetched page. `url` is the final URL (after redirects): a PageInput as is. */
export interface FetchedPage extends PageInput {
  requestedUrl: string;
  status: number;
  purpose: FetchPurpose;
  /** Kind decided at the end of the exploration. */
  kind: PageKind;
}

export interface LinkGroup {
  template: UrlTemplate;
  kind: GroupKind;
  /** Distinct known URLs of the group (at most 200 kept). */
  urls: string[];
  /** How many distinct URLs are known (links + sitemaps + feeds). */
  count: number;
  /** A few URLs to show. */
  examples: string[];
  /** URLs of the group that were fetched (keys of `Exploration.pages`). */
  fetched: string[];
  /** Most distinct members linked from one fetched page. */
  maxPerPage: number;
  /** Members seen in sitemaps or feeds. */
  fromSitemaps: number;
  /** Mean structural likeness of the fetched members (0..1), when two or more were fetched. */
  similarity?: number;
  /** Why this kind. */
  reason: string;
}

/**
 * One way to call a detail endpoint: its parameters and the request URL template using them.
 * `urlTemplate` is a recipe template (absolute, `{name}` percent-encoded, `{+url}` as is).
 */
export interface DetailParameterCandidate {
  params: Array<{
    name: string;
    type: 'integer' | 'string';
    /** A regular expression every example matches (for input_params `pattern`). */
    pattern?: string;
    examples: string[];
  }>;
  urlTemplate: string;
  /** Ready sample_inputs, one per known detail page (first ones). */
  examples: Array<Record<string, string | number>>;
  describe: string;
}

export interface DetailTemplate {
  template: UrlTemplate;
  /** Scheme and host to put before the pattern. */
  origin: string;
  /** Known detail URLs (at most 200). */
  urls: string[];
  /** Fetched detail pages (keys of `Exploration.pages`): the training pages for detail induction. */
  sampleUrls: string[];
  /** Best first: the template's own variables, the variable path part as one value, the whole URL. */
  parameters: DetailParameterCandidate[];
  /** Mean structural likeness of the samples. */
  similarity: number;
}

export interface PaginationInfo {
  /** `next_link`: a next link on each list page; `page_param`: a page number in the URL. */
  kind: 'next_link' | 'page_param';
  /** Template of the numbered pages (with a `page` variable), when the URLs show one. */
  pageTemplate?: UrlTemplate;
  /** Name of the page-number variable of `pageTemplate`. */
  pageVar?: string;
  /** The list pages in order (fetched ones). */
  pages: string[];
  /** The next page after the last fetched list page, when known. */
  nextUnfetched?: string;
}

export interface JsonProbe {
  status: number;
  contentType: string;
  isJson: boolean;
  /** Top-level keys of an object body. */
  topKeys: string[];
  /** Arrays of objects found in the body: dotted path (`$` = root), length, keys of the first. */
  arrays: Array<{ path: string; length: number; keys: string[] }>;
  /** Key of `Exploration.pages` holding the body (JSON bodies only). */
  page?: string;
  error?: string;
}

export interface JsonEndpoint {
  url: string;
  /** Page (or script file) it was found in. */
  foundIn: string;
  via: 'fetch_call' | 'api_path' | 'json_url' | 'data_attribute' | 'entry';
  probe?: JsonProbe;
  /**
   * Keys of `Exploration.pages` with this endpoint's JSON pages in order: the probe, then the
   * next page when the body showed how to reach it. Feed them to `induceJsonList`.
   */
  pages: string[];
}

export interface Exploration {
  entry: {
    url: string;
    finalUrl: string;
    status: number;
    contentType: string;
    text: string;
    kind: PageKind;
  };
  /** Origin of the entry page's final URL, and the hosts exploration kept to. */
  site: { origin: string; hosts: string[] };
  /** Every successfully fetched page by final URL (robots.txt, sitemaps and feeds included). */
  pages: Record<string, FetchedPage>;
  /** Link groups, most relevant first (detail, then list, pagination, other). */
  groups: LinkGroup[];
  detail: DetailTemplate | null;
  /** List pages in order: the first list page, then its next pages. Keys of `pages`. */
  listPages: string[];
  pagination: PaginationInfo | null;
  searchForms: SearchForm[];
  feeds: Feed[];
  sitemaps: {
    /** Sitemap documents read (robots.txt lines, /sitemap.xml, index children). */
    read: string[];
    /** Declared or guessed but not read (budget, errors, 404). */
    unread: string[];
    /** How many page URLs they list, and the first ones. */
    pageCount: number;
    sample: string[];
  };
  robots: { fetched: boolean; sitemapLines: string[] };
  jsonEndpoints: JsonEndpoint[];
  /** Structured data seen on fetched pages, by page kind. */
  structured: Record<PageKind, StructuredSummary>;
  stats: {
    fetches: number;
    maxPages: number;
    /** `done`: exploration finished its plan; otherwise the limit that stopped it. */
    stoppedBy: 'done' | 'budget' | 'deadline';
    failures: Array<{ url: string; error: string }>;
  };
  warnings: string[];
}
