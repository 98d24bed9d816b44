/**
 * The recipe: a generated API as a plain, versioned, inspectable document (the scraper's
 * `request_flow`). It is data, never code: it can be diffed, merged, rolled back, validated
 * against its JSON Schema (schema.ts, validate.ts) and run by the interpreter (interpreter/).
 *
 * Glossary
 * - Recipe: one API. A name, a source site and a list of endpoints.
 * - Endpoint: one callable operation (`POST /scraper/{id}/{name}`): its parameters
 *   (`input_params`, a JSON Schema), its answer (`return_schema`), and a pipeline of steps.
 * - Step: one stage of the pipeline. Steps run in order over a shared run context.
 * - Run context: `params` (validated input), `vars` (named values set by steps), the current
 *   `page` (the last response fetched), and `data`/`meta` (what the endpoint will answer).
 * - Template: a string with `{name}` placeholders, filled from params then vars. `{name}` is
 *   percent-encoded (a path segment or query value); `{+name}` is inserted as is (a whole URL
 *   or path). A name may be dotted (`{item.url}`) to reach into an object.
 * - Extraction: a declarative description of how to read values from a page (extract.ts).
 *   A field lists alternative sources tried in order (e.g. JSON-LD, then a CSS selector),
 *   then transforms that clean and type the value.
 *
 * Formats are versioned by `format`; a reader refuses formats it does not know.
 */

export const RECIPE_FORMAT = 'quarry.recipe/1' as const;

/** A JSON Schema object (draft 2020-12 subset: type, properties, required, items, enum, bounds...). */
export type JsonSchema = Record<string, unknown>;

export interface Recipe {
  format: typeof RECIPE_FORMAT;
  /** Human name of the API, e.g. "Books to Scrape". */
  name: string;
  description: string;
  /** The website the API was built from; relative request URLs resolve against it. */
  source_url: string;
  endpoints: EndpointRecipe[];
  /** Default request headers for every request of every endpoint. */
  headers?: Record<string, string>;
}

export interface EndpointRecipe {
  /** snake_case verb phrase: list_books, get_book, search_books. */
  name: string;
  method: 'GET' | 'POST';
  description: string;
  /** JSON Schema of the parameters: `{type: 'object', properties, required}`. */
  input_params: JsonSchema;
  /** JSON Schema of the whole success body `{status, data, meta?}`. */
  return_schema: JsonSchema;
  /** Parameters the endpoint passed its tests with. */
  sample_inputs: Record<string, unknown>;
  /** Credits per successful call; default 1. */
  price?: number;
  initiates_session?: boolean;
  /** Name of the login endpoint whose session this endpoint needs. */
  depends_on_session?: string;
  steps: Step[];
}

export type Step =
  | RequestStep
  | ExtractStep
  | FollowStep
  | PaginateStep
  | SetStep
  | ShapeStep
  | RenderStep
  | LoginStep
  | ScriptStep;

/** Fetch a page; the response becomes the current `page`. */
export interface RequestStep {
  type: 'request';
  /** URL template, absolute or relative to the recipe's source_url. */
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters (templates); a parameter whose value is empty/undefined is left out. */
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A form body (templates), sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** A JSON body; string leaves are templates. */
  json?: unknown;
  /** How to read the body; `auto` uses the content type. Default `auto`. */
  expect?: 'html' | 'json' | 'text' | 'auto';
  /**
   * Statuses that mean "the requested thing does not exist" (422 input_not_found).
   * Default [404, 410].
   */
  not_found_statuses?: number[];
  /** Store the page under this var name as well as making it current. */
  as?: string;
}

/** Run an extraction over the current page (or a var holding a page/JSON value). */
export interface ExtractStep {
  type: 'extract';
  /** Var name to read from; default the current page. */
  from?: string;
  /** Where the result goes: `data` (the answer) or a var name. Default `data`. */
  into?: string;
  extract: Extraction;
}

/** For each record of a list, run sub-steps (usually request + extract) and merge the result into it. */
export interface FollowStep {
  type: 'follow';
  /** Path of the list to walk: `data` or a var name (dotted allowed). Default `data`. */
  items?: string;
  /** Name under which the current record is visible to the sub-steps' templates. Default `item`. */
  as?: string;
  /** Parallel sub-pipelines; bounded to protect the target. Default 4, max 16. */
  concurrency?: number;
  /** At most this many records are followed. Default 50. */
  max?: number;
  steps: Step[];
  /** The sub-pipeline's `data` is merged into the record (`merge`) or stored under a key. Default merge. */
  merge?: 'merge' | { key: string };
  /** On a failing record: drop the error silently (`skip`) or fail the call. Default `skip`. */
  on_error?: 'skip' | 'fail';
}

/** Repeat `steps` page after page, concatenating the list each page produces into `data`. */
export interface PaginateStep {
  type: 'paginate';
  strategy: PaginationStrategy;
  /** Hard cap on pages fetched in one call (including the first). */
  max_pages: number;
  /** Steps run for each page; they must leave a list in `data`. The first page's request is included. */
  steps: Step[];
  /** Stop when the page yields no records. Default true. */
  stop_on_empty?: boolean;
  /**
   * The first page (1-based, a number or a template such as `'{page}'`) whose records are kept;
   * pages before it are fetched only to walk on (a site with next links but no page numbers in
   * its URLs). max_pages counts kept pages. Default 1.
   */
  keep_from?: number | string;
  /**
   * Write paging facts into the answer's meta: `has_more` always, `page` (page_param) and
   * `next_cursor` (cursor). Default true; shape.meta can still override them.
   */
  meta?: boolean;
}

export type PaginationStrategy =
  /** Follow the href of a "next" link on the current page. */
  | { kind: 'next_link'; selector: string }
  /**
   * Increment a page-number parameter (set as var `page` for the templates). `start` is a number
   * or a template such as `'{page_number}'` (the caller's page); default 1.
   */
  | { kind: 'page_param'; var?: string; start?: number | string; step?: number }
  /** Increment an offset by page_size (var `offset`); `start` as for page_param, default 0. */
  | { kind: 'offset'; var?: string; page_size: number; start?: number | string }
  /**
   * Read the next cursor from the JSON page at `path`, visible as var `cursor` (empty on the
   * first page unless `start`, a template, gives one).
   */
  | { kind: 'cursor'; path: string; var?: string; start?: string };

/** Set vars from templates or constants (e.g. computed URLs). */
export interface SetStep {
  type: 'set';
  vars: Record<string, unknown>;
}

/** Shape the success body. Without a shape step the body is `{status: 'success', data}`. */
export interface ShapeStep {
  type: 'shape';
  /** Slice the list in `data` to at most this many records (a template or number). */
  limit?: string | number;
  /** Meta fields (templates or constants), e.g. `{page: '{page}', has_more: ...}`. */
  meta?: Record<string, unknown>;
  /** Unwrap a single record: `data` becomes its first element (detail endpoints reading a list). */
  first?: boolean;
  /**
   * After slicing and unwrapping, an empty `data` (null, empty list) means the requested thing
   * does not exist: the call answers 422 input_not_found instead of an empty success.
   */
  not_found_if_empty?: boolean;
}

/**
 * Render the page in the headless browser (src/fetch/browser); the rendered HTML becomes the
 * current page. Used only when no JSON call of the site can be replayed without a browser.
 */
export interface RenderStep {
  type: 'render';
  url: string;
  /** CSS selector to wait for; without it, the network must settle. */
  wait_for?: string;
  timeout_ms?: number;
  /** Capture JSON responses whose URL matches this pattern into var `captured` (a list of bodies). */
  capture?: string;
  /** Scroll to the bottom this many times (infinite lists). */
  scroll?: number;
  /** Press this "load more" button while it shows (at most `scroll`, default 5, times). */
  load_more?: string;
}

/**
 * Log into the site (interpreter/login.ts): with `form`, read the sign-in form at `url` and post
 * it back with its hidden fields (CSRF tokens) and these values; with `json`, post the JSON to
 * `url`. The call's cookies become the caller's session (services/sessions.ts).
 */
export interface LoginStep {
  type: 'login';
  url: string;
  method?: 'POST' | 'GET';
  form?: Record<string, string>;
  json?: unknown;
  /** Template of the one-time code, sent when the site asks for one after the password. */
  otp?: string;
  /** How success is recognised. */
  success?: { cookie?: string; selector?: string; status?: number };
}

/** Sandboxed script (QuickJS) with time and memory limits; sets the scraper's has_script. */
export interface ScriptStep {
  type: 'script';
  code: string;
  timeout_ms?: number;
  memory_mb?: number;
}

// ---------------------------------------------------------------------------------------
// Extraction: how values are read from a page. Evaluated by extract.ts (pure, no I/O).
// ---------------------------------------------------------------------------------------

export type Extraction =
  /** One record: every field read from the whole document (or `scope`). */
  | { kind: 'object'; scope?: string; fields: Record<string, FieldSpec> }
  /** Many records: `items` selects each record's root; fields are read relative to it. */
  | { kind: 'list'; items: string; fields: Record<string, FieldSpec>; limit?: number }
  /**
   * JSON page: records at a path, each mapped by fields whose sources are `json` paths. With
   * `embedded`, the records are read from that kind of data embedded in an HTML page (`nuxt`,
   * `nuxt_data`, `rsc`, `next_data`...: page-context.ts), the first blob holding the path.
   */
  | { kind: 'json_list'; path: string; fields: Record<string, FieldSpec>; limit?: number; embedded?: string }
  /** One value (not an object), e.g. a count or a next-page URL. */
  | { kind: 'value'; field: FieldSpec };

export interface FieldSpec {
  /** Alternatives tried in order; the first that yields a non-empty value wins. */
  sources: Source[];
  /** Applied in order to the value (to each item when `many`). */
  transforms?: Transform[];
  /** Collect every match as a list instead of the first. */
  many?: boolean;
  /**
   * A price the page shows only struck out is a former price (structured data from a stale
   * catalogue states it during a sale): that source's value is passed over for the next one's.
   * When no source reads another price, the first value stands.
   */
  unless_struck?: boolean;
  /**
   * Values that win when any source reads them, over an earlier source's other value: a stock
   * state the page announces ("pre-order") while its structured data, which many platforms
   * cannot set to it, still says InStock or OutOfStock.
   */
  prefer_values?: string[];
  /**
   * A required field that is empty on a 2xx page makes the call a `scraper_bug` (500):
   * the page changed under the scraper. Optional fields become null.
   */
  required?: boolean;
  /** Nested record(s): the field's value is an object read relative to the matched node. */
  fields?: Record<string, FieldSpec>;
  /**
   * A value combined from sibling fields of the same record, used when no source yields one
   * (a recipe's total time = prep + cook when the page states only the parts).
   */
  compute?: ComputedValue;
}

/**
 * `sum`: the sum of the named sibling fields' numbers (after their transforms), null unless
 * every one has a number. The named fields must be plain (not computed themselves).
 */
export interface ComputedValue {
  op: 'sum';
  fields: string[];
}

export type Source =
  /** CSS selector; `attr` picks an attribute, `text` (default) the text, `html` the inner HTML, `outer_html`. */
  | { css: string; attr?: string; text_mode?: 'full' | 'own' }
  /** A JSON-LD object (by @type, searched through @graph and arrays) and a path inside it. */
  | { jsonld: { type?: string | string[]; path: string } }
  /** Microdata: an itemprop (optionally inside an itemtype scope). */
  | { microdata: { itemtype?: string; itemprop: string } }
  /** A <meta> tag by property or name (OpenGraph, twitter:, description...). */
  | { meta: string }
  /** Dotted/bracket path into the JSON page or an embedded JSON blob (`embedded`). */
  | { json: string; embedded?: 'next_data' | 'nuxt' | 'script_json' | string }
  /**
   * The value next to a label: tables, dl/dt/dd, "Label: value" text, th/td. With `first`, only
   * the values beside the first label element found (the entity's own "Author:", not a review's).
   */
  | { label: string | string[]; scope?: string; first?: boolean }
  /** A regular expression over the text (or html) of the scope; `group` picks the capture. */
  | { regex: string; flags?: string; group?: number; on?: 'text' | 'html' }
  /** A table read as rows of header -> cell. */
  | { table: string }
  /** The current page's URL (or a part of it via transforms). */
  | { page_url: true }
  /** A template filled from params/vars. */
  | { template: string }
  /** A fixed value. */
  | { const: unknown };

export type Transform =
  | { op: 'trim' }
  | { op: 'collapse_ws' }
  | { op: 'lower' }
  | { op: 'upper' }
  | { op: 'number' }
  | { op: 'integer' }
  | { op: 'currency_amount' }
  /**
   * `site_currency`: the ISO code the site's structured data names on other pages (the builder's
   * training pages); it decides a sign several currencies share ("$") on a page naming none.
   */
  | { op: 'currency_code'; site_currency?: string }
  | { op: 'iso_date' }
  | { op: 'duration_minutes' }
  | { op: 'boolean'; true_values?: string[] }
  | { op: 'absolute_url' }
  | { op: 'join'; separator?: string }
  | { op: 'split'; separator: string }
  /** Split at every match of a regular expression ("A, B and C" -> A, B, C). */
  | { op: 'split'; pattern: string; flags?: string }
  | { op: 'map'; table: Record<string, unknown>; default?: unknown }
  | { op: 'default'; value: unknown }
  | { op: 'regex'; pattern: string; group?: number; flags?: string }
  | { op: 'replace'; pattern: string; replacement: string; flags?: string }
  | { op: 'strip_label'; labels?: string[] }
  | { op: 'first' }
  | { op: 'last' }
  | { op: 'unique' }
  | { op: 'class_word'; words: Record<string, unknown> }
  | { op: 'schema_enum' };
