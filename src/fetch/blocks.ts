/**
 * Block detection: recognising anti-bot answers (challenge pages, captcha walls, WAF denials,
 * rate limits) so they are retried through another proxy and never returned as content.
 *
 * False positives cost real pages, so body markers that also appear on ordinary pages (a
 * reCAPTCHA on a contact form, Cloudflare's bot-fight script, DataDome's header on every
 * answer) only count on a "wall": an error status (401/403/405/429/503, or AWS WAF's 202) or a
 * page with almost no visible text. Markers only ever found on block pages count anywhere.
 */
import { escapeRegExp } from '../util/regex.js';

export type BlockType = 'captcha' | 'challenge' | 'rate_limit' | 'ip_block' | 'empty';
export type BlockVendor =
  | 'cloudflare'
  | 'akamai'
  | 'perimeterx'
  | 'datadome'
  | 'imperva'
  | 'aws_waf'
  | 'google'
  | 'hcaptcha'
  | 'unknown';

export interface BlockInfo {
  blocked: true;
  blockType: BlockType;
  vendor: BlockVendor;
  /** Whether trying again later (or through a browser engine) can help. */
  retryable: boolean;
  /** Seconds to wait before retrying when retryable (Retry-After header or a default), else null. */
  retryAfterSeconds: number | null;
}

export interface BlockInput {
  status: number;
  /** Lower-case header names; multiple values joined (set-cookie included). */
  headers: Record<string, string>;
  text: string;
}

/** Default wait when a retry can help but the answer names no Retry-After. */
const DEFAULT_RETRY_AFTER: Record<BlockType, number | null> = {
  rate_limit: 60,
  challenge: 30,
  empty: 30,
  captcha: null,
  ip_block: null,
};

/** Pages with less visible text than this may be a wall even with a 2xx status. */
const WALL_TEXT_CHARS = 2000;
/** Block pages are small; markers further in are page content, not a wall. */
const SCAN_CHARS = 300_000;

/**
 * Body markers are declared up front (`markers()`), so one regular-expression pass finds every
 * marker a page holds instead of one substring scan per marker and detector: ordinary pages,
 * by far the most common answer, then cost one pass.
 */
declare const MARKERS: unique symbol;
type Markers = readonly string[] & { readonly [MARKERS]: true };
const REGISTERED = new Set<string>();
function markers(...list: string[]): Markers {
  for (const m of list) REGISTERED.add(m);
  return list as unknown as Markers;
}

let scanner: { re: RegExp; implied: Map<string, string[]> } | null = null;
/** Every registered marker present in a (lower-case) body. */
function markersIn(body: string): Set<string> {
  if (!scanner) {
    // Longest first, so at one position the longest marker is reported; markers inside it are implied.
    const all = [...REGISTERED].sort((a, b) => b.length - a.length);
    const re = new RegExp(all.map((m) => escapeRegExp(m)).join('|'), 'g');
    scanner = { re, implied: new Map(all.map((m) => [m, all.filter((o) => m.includes(o))])) };
  }
  const { re, implied } = scanner;
  const found = new Set<string>();
  re.lastIndex = 0;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    for (const inner of implied.get(m[0]) ?? []) found.add(inner);
    re.lastIndex = m.index + 1; // overlapping markers each count
  }
  return found;
}

class Page {
  readonly cookies: string;
  private found?: Set<string>;
  private wallMemo?: boolean;
  private phraseMemo?: boolean;

  constructor(
    readonly status: number,
    private readonly headers: Record<string, string>,
    readonly body: string,
  ) {
    this.cookies = this.header('set-cookie');
  }

  header(name: string): string {
    return (this.headers[name] ?? '').toLowerCase();
  }

  /** Whether the body holds any of these markers. */
  mentions(list: Markers): boolean {
    return this.firstOf(list) !== undefined;
  }

  /** The first of these markers the body holds, in the list's order (one scan per page, on first ask). */
  firstOf(list: Markers): string | undefined {
    this.found ??= markersIn(this.body);
    const found = this.found;
    return list.find((m) => found.has(m));
  }

  /** An error status, or a page with almost no visible text (computed only when a detector asks). */
  get wall(): boolean {
    // 202 is AWS WAF's challenge status; 405 its captcha status.
    this.wallMemo ??= WALL_STATUSES.has(this.status) || visibleTextLength(this.body) < WALL_TEXT_CHARS;
    return this.wallMemo;
  }

  /** Whether the body asks the reader to prove it is human (the regex runs only when an anchor is present). */
  get robotPhrase(): boolean {
    this.phraseMemo ??= this.mentions(ROBOT_PHRASE_ANCHORS) && ROBOT_PHRASES.test(this.body);
    return this.phraseMemo;
  }
}

const WALL_STATUSES = new Set([202, 401, 403, 405, 429, 503]);

type Found = { blockType: BlockType; vendor: BlockVendor } | null;
type Detector = (page: Page) => Found;

const has = (text: string, ...needles: string[]) => needles.some((m) => text.includes(m));
const found = (blockType: BlockType, vendor: BlockVendor): Found => ({ blockType, vendor });

function visibleTextLength(html: string): number {
  return html
    .replace(/<(script|style|noscript)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, '').length;
}

const CAPTCHA_WIDGETS = markers('g-recaptcha', 'google.com/recaptcha', 'recaptcha/api.js', 'h-captcha', 'hcaptcha.com', 'cf-turnstile', 'challenges.cloudflare.com/turnstile');

const CF_ERROR_CODE = /cf-error-code">\s*(10\d\d)|error code:?\s*(10\d\d)/;
const CLOUDFLARE = markers('cloudflare');
const CF_ERROR_MARKS = markers('cf-error-code">', 'error code');
const CF_ATTENTION = markers('attention required! | cloudflare');
const CF_CHALLENGE_SCRIPT = markers('_cf_chl_opt', '__cf_chl_', 'cf-chl-');
const CF_JUST_A_MOMENT_TITLE = markers('<title>just a moment...</title>');
const CF_CAPTCHA = markers('cf-turnstile', 'cf_captcha_kind');
const CF_JUST_A_MOMENT = markers('just a moment');

const cloudflare: Detector = (p) => {
  if (p.header('cf-mitigated') === 'challenge') return found('challenge', 'cloudflare');
  const onCloudflare = p.header('server') === 'cloudflare' || p.mentions(CLOUDFLARE);
  const code = onCloudflare && p.mentions(CF_ERROR_MARKS) && p.wall ? CF_ERROR_CODE.exec(p.body) : null;
  if (code) return found((code[1] ?? code[2]) === '1015' ? 'rate_limit' : 'ip_block', 'cloudflare');
  if (p.mentions(CF_ATTENTION) && p.wall) return found(p.mentions(CAPTCHA_WIDGETS) ? 'captcha' : 'ip_block', 'cloudflare');
  if (p.mentions(CF_CHALLENGE_SCRIPT) || (p.mentions(CF_JUST_A_MOMENT_TITLE) && p.wall)) {
    return found(p.mentions(CF_CAPTCHA) && !p.mentions(CF_JUST_A_MOMENT) ? 'captcha' : 'challenge', 'cloudflare');
  }
  return null;
};

const AKAMAI_EDGE = markers('errors.edgesuite.net');
const ACCESS_DENIED = markers('access denied');
const AKAMAI_REFERENCE = /reference\s*#\s*[\d.a-f]+/;
const NO_PERMISSION = markers("you don't have permission to access");
const AKAMAI_CHALLENGE = markers('/_sec/cp_challenge/', 'sec-if-cpt-container', 'bm-verify');

const akamai: Detector = (p) => {
  if (p.mentions(ACCESS_DENIED) && p.wall && (p.status === 403 || p.mentions(NO_PERMISSION))) {
    const onAkamai = has(p.header('server'), 'akamaighost') || p.header('akamai-grn') !== '' || p.mentions(AKAMAI_EDGE);
    if (onAkamai || AKAMAI_REFERENCE.test(p.body)) return found('ip_block', 'akamai');
  }
  if (p.mentions(AKAMAI_CHALLENGE) && p.wall) return found('challenge', 'akamai');
  return null;
};

const PX_CAPTCHA = markers('px-captcha', 'captcha.px-cdn.net', 'captcha.px-cloud.net');
const PX_SCRIPT = markers('_pxappid', 'px-cdn.net');

const perimeterx: Detector = (p) => {
  if (p.mentions(PX_CAPTCHA)) return found('captcha', 'perimeterx');
  if ((p.mentions(PX_SCRIPT) || (has(p.cookies, '_pxhd') && p.status === 403)) && p.wall) return found('captcha', 'perimeterx');
  return null;
};

const DD_CHALLENGE = markers('ct.captcha-delivery.com');
const DD_CAPTCHA = markers('captcha-delivery.com');

const datadome: Detector = (p) => {
  if (p.mentions(DD_CHALLENGE) && p.wall) return found('challenge', 'datadome');
  if (p.mentions(DD_CAPTCHA)) return found('captcha', 'datadome');
  const marked = p.header('x-datadome') !== '' || p.header('x-dd-b') !== '' || has(p.cookies, 'datadome=');
  if (marked && [401, 403, 405].includes(p.status)) return found('captcha', 'datadome');
  return null;
};

const IMPERVA_INCIDENT = markers('incapsula incident id', 'request unsuccessful. incapsula');
const IMPERVA_CHALLENGE = markers('_incapsula_resource', 'pardon our interruption');

const imperva: Detector = (p) => {
  if (p.mentions(IMPERVA_INCIDENT) && p.wall) return found('ip_block', 'imperva');
  if (p.mentions(IMPERVA_CHALLENGE) && p.wall) return found('challenge', 'imperva');
  const marked = has(p.cookies, 'incap_ses', 'visid_incap') || p.header('x-iinfo') !== '' || has(p.header('x-cdn'), 'incapsula');
  if (marked && p.status === 403) return found('ip_block', 'imperva');
  return null;
};

const AWS_WAF = markers('awswaf.com', 'aws-waf-token', 'awswafintegration');
const AWS_WAF_CAPTCHA = markers('captcha.js', 'awswafcaptcha');

const awsWaf: Detector = (p) => {
  const action = p.header('x-amzn-waf-action');
  if (action === 'captcha') return found('captcha', 'aws_waf');
  if (action === 'challenge') return found('challenge', 'aws_waf');
  const marked = p.mentions(AWS_WAF) || has(p.cookies, 'aws-waf-token');
  if (marked && p.wall) return found(p.mentions(AWS_WAF_CAPTCHA) ? 'captcha' : 'challenge', 'aws_waf');
  return null;
};

const ROBOT_PHRASES =
  /are you a (ro)?bot|are you (a )?human|verify (that )?you are (a )?human|not a robot|unusual traffic|automated (queries|requests|access)|bot (detection|protection)|checking your browser|checking if the site connection is secure|please enable (javascript|js) and cookies|access to this page has been denied|complete the (security check|captcha)/;
/** Every alternative of ROBOT_PHRASES holds one of these literally. */
const ROBOT_PHRASE_ANCHORS = markers(
  'are you ',
  'verify ',
  'not a robot',
  'unusual traffic',
  'automated ',
  'bot detection',
  'bot protection',
  'checking ',
  'please enable ',
  'access to this page has been denied',
  'complete the ',
);
const GOOGLE_SORRY = markers('our systems have detected unusual traffic');

const captchaWall: Detector = (p) => {
  if (p.mentions(GOOGLE_SORRY)) return found('captcha', 'google');
  const widget = p.firstOf(CAPTCHA_WIDGETS);
  if (widget && p.wall && (p.robotPhrase || p.status >= 400)) {
    const vendor: BlockVendor = widget.includes('hcaptcha') || widget === 'h-captcha' ? 'hcaptcha' : widget.includes('turnstile') ? 'cloudflare' : 'google';
    return found('captcha', vendor);
  }
  if (p.robotPhrase && p.wall) return found('challenge', 'unknown');
  return null;
};

const DETECTORS: Detector[] = [cloudflare, akamai, perimeterx, datadome, imperva, awsWaf, captchaWall];

/** Vendor named by headers alone (for a bare 429 or an empty answer). */
function vendorFromHeaders(p: Page): BlockVendor {
  if (p.header('server') === 'cloudflare' || p.header('cf-ray')) return 'cloudflare';
  if (has(p.header('server'), 'akamaighost')) return 'akamai';
  if (p.header('x-datadome')) return 'datadome';
  if (p.header('x-iinfo')) return 'imperva';
  if (p.header('x-amzn-waf-action')) return 'aws_waf';
  return 'unknown';
}

/** Seconds from a Retry-After header (delta-seconds or HTTP date), or null. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(1, Math.ceil((date - now) / 1000));
}

function info(found: NonNullable<Found>, retryAfterHeader: number | null): BlockInfo {
  const fallback = DEFAULT_RETRY_AFTER[found.blockType];
  const retryable = fallback !== null;
  return { blocked: true, ...found, retryable, retryAfterSeconds: retryable ? (retryAfterHeader ?? fallback) : null };
}

/**
 * Recognises an anti-bot answer. A 429 is always a rate-limit block (its status says so); other
 * 4xx/5xx answers are blocks only when they carry a vendor's marks. With `expectContent`, an
 * empty 2xx body is a block too. Returns null for an ordinary answer.
 */
export function detectBlock(res: BlockInput, options: { expectContent?: boolean } = {}): BlockInfo | null {
  const page = new Page(res.status, res.headers, res.text.slice(0, SCAN_CHARS).toLowerCase());
  const retryAfter = parseRetryAfter(res.headers['retry-after']);
  for (const detect of DETECTORS) {
    const hit = detect(page);
    if (hit) return info(hit, retryAfter);
  }
  if (res.status === 429) return info({ blockType: 'rate_limit', vendor: vendorFromHeaders(page) }, retryAfter);
  if (options.expectContent && res.status >= 200 && res.status < 300 && res.text.trim() === '') {
    return info({ blockType: 'empty', vendor: vendorFromHeaders(page) }, retryAfter);
  }
  return null;
}
