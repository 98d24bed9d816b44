/**
 * Block detection: recognising anti-bot answers (challenge pages, captcha walls, WAF denials,
 * rate limits) so they are retried through another proxy and never returned as content.
 *
 * False positives cost real pages, so body markers that also appear on ordinary pages (a
 * reCAPTCHA on a contact form, Cloudflare's bot-fight script, DataDome's header on every
 * answer) only count on a "wall": an error status (401/403/405/429/503, or AWS WAF's 202) or a
 * page with almost no visible text. Markers only ever found on block pages count anywhere.
 */

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

interface Page {
  status: number;
  header: (name: string) => string;
  cookies: string;
  body: string;
  wall: boolean;
}

type Found = { blockType: BlockType; vendor: BlockVendor } | null;
type Detector = (page: Page) => Found;

const has = (text: string, ...markers: string[]) => markers.some((m) => text.includes(m));
const found = (blockType: BlockType, vendor: BlockVendor): Found => ({ blockType, vendor });

function visibleTextLength(html: string): number {
  return html
    .replace(/<(script|style|noscript)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, '').length;
}

const CAPTCHA_WIDGETS = ['g-recaptcha', 'google.com/recaptcha', 'recaptcha/api.js', 'h-captcha', 'hcaptcha.com', 'cf-turnstile', 'challenges.cloudflare.com/turnstile'];

const cloudflare: Detector = (p) => {
  if (p.header('cf-mitigated') === 'challenge') return found('challenge', 'cloudflare');
  const code = /cf-error-code">\s*(10\d\d)|error code:?\s*(10\d\d)/.exec(p.body);
  const onCloudflare = p.header('server') === 'cloudflare' || has(p.body, 'cloudflare');
  if (code && onCloudflare && p.wall) return found((code[1] ?? code[2]) === '1015' ? 'rate_limit' : 'ip_block', 'cloudflare');
  if (p.wall && has(p.body, 'attention required! | cloudflare')) return found(has(p.body, ...CAPTCHA_WIDGETS) ? 'captcha' : 'ip_block', 'cloudflare');
  if (has(p.body, '_cf_chl_opt', '__cf_chl_', 'cf-chl-') || (p.wall && has(p.body, '<title>just a moment...</title>'))) {
    return found(has(p.body, 'cf-turnstile', 'cf_captcha_kind') && !has(p.body, 'just a moment') ? 'captcha' : 'challenge', 'cloudflare');
  }
  return null;
};

const akamai: Detector = (p) => {
  const onAkamai = has(p.header('server'), 'akamaighost') || p.header('akamai-grn') !== '' || has(p.body, 'errors.edgesuite.net');
  const denied = has(p.body, 'access denied') && (/reference\s*#\s*[\d.a-f]+/.test(p.body) || onAkamai);
  if (denied && p.wall && (p.status === 403 || has(p.body, "you don't have permission to access"))) return found('ip_block', 'akamai');
  if (p.wall && has(p.body, '/_sec/cp_challenge/', 'sec-if-cpt-container', 'bm-verify')) return found('challenge', 'akamai');
  return null;
};

const perimeterx: Detector = (p) => {
  if (has(p.body, 'px-captcha', 'captcha.px-cdn.net', 'captcha.px-cloud.net')) return found('captcha', 'perimeterx');
  if (p.wall && (has(p.body, '_pxappid', 'px-cdn.net') || (has(p.cookies, '_pxhd') && p.status === 403))) return found('captcha', 'perimeterx');
  return null;
};

const datadome: Detector = (p) => {
  if (has(p.body, 'ct.captcha-delivery.com') && p.wall) return found('challenge', 'datadome');
  if (has(p.body, 'captcha-delivery.com')) return found('captcha', 'datadome');
  const marked = p.header('x-datadome') !== '' || p.header('x-dd-b') !== '' || has(p.cookies, 'datadome=');
  if (marked && [401, 403, 405].includes(p.status)) return found('captcha', 'datadome');
  return null;
};

const imperva: Detector = (p) => {
  if (p.wall && has(p.body, 'incapsula incident id', 'request unsuccessful. incapsula')) return found('ip_block', 'imperva');
  if (p.wall && has(p.body, '_incapsula_resource', 'pardon our interruption')) return found('challenge', 'imperva');
  const marked = has(p.cookies, 'incap_ses', 'visid_incap') || p.header('x-iinfo') !== '' || has(p.header('x-cdn'), 'incapsula');
  if (marked && p.status === 403) return found('ip_block', 'imperva');
  return null;
};

const awsWaf: Detector = (p) => {
  const action = p.header('x-amzn-waf-action');
  if (action === 'captcha') return found('captcha', 'aws_waf');
  if (action === 'challenge') return found('challenge', 'aws_waf');
  const marked = has(p.body, 'awswaf.com', 'aws-waf-token', 'awswafintegration') || has(p.cookies, 'aws-waf-token');
  if (marked && p.wall) return found(has(p.body, 'captcha.js', 'awswafcaptcha') ? 'captcha' : 'challenge', 'aws_waf');
  return null;
};

const ROBOT_PHRASES =
  /are you a (ro)?bot|are you (a )?human|verify (that )?you are (a )?human|not a robot|unusual traffic|automated (queries|requests|access)|bot (detection|protection)|checking your browser|checking if the site connection is secure|please enable (javascript|js) and cookies|access to this page has been denied|complete the (security check|captcha)/;

const captchaWall: Detector = (p) => {
  if (has(p.body, 'our systems have detected unusual traffic')) return found('captcha', 'google');
  const widget = CAPTCHA_WIDGETS.find((m) => p.body.includes(m));
  const phrase = ROBOT_PHRASES.test(p.body);
  if (widget && p.wall && (phrase || p.status >= 400)) {
    const vendor: BlockVendor = widget.includes('hcaptcha') || widget === 'h-captcha' ? 'hcaptcha' : widget.includes('turnstile') ? 'cloudflare' : 'google';
    return found('captcha', vendor);
  }
  if (phrase && p.wall) return found('challenge', 'unknown');
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
  const header = (name: string) => (res.headers[name] ?? '').toLowerCase();
  const body = res.text.slice(0, SCAN_CHARS).toLowerCase();
  // 202 is AWS WAF's challenge status; 405 its captcha status.
  const wallStatus = [202, 401, 403, 405, 429, 503].includes(res.status);
  const page: Page = {
    status: res.status,
    header,
    cookies: header('set-cookie'),
    body,
    wall: wallStatus || visibleTextLength(body) < WALL_TEXT_CHARS,
  };
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
