/**
 * Recognising a login wall: the page the site answers is a sign-in form rather than content.
 * Used to fail a build with a clear reason and, at dispatch, for `may_require_auth`.
 */
import * as cheerio from 'cheerio';
import { rethrowUnless } from '../errors/expected.js';

/** Sign-in paths as frameworks write them: /login, /sign-in, Rails' /sign_in and /users/sign_in, /logon, /session/new. */
const LOGIN_PATH = /\/(log[-_]?in|sign[-_]?in|log[-_]?on|auth(entication)?|account\/log-?in|session\/new|sso)\b/i;
const LOGIN_WORDS = /\b(log ?in|sign ?in|log ?on|anmelden|iniciar sesi[oó]n|connexion|se connecter|inloggen|accedi|entrar|zaloguj)\b/i;

/** A short reason when the page looks like a login wall, else null. */
/** A notice that the content is for signed-in users only ("log in to see your orders"). */
const SIGN_IN_NOTICE =
  /\b((log|sign) ?in (to|first to) (see|view|access|continue|read)|please (log|sign) ?in\b|you (must|need to) (be )?(logged|signed) ?in|(login|sign-?in) required|members only)/i;

export function detectLoginWall(
  page: { finalUrl?: string; url: string; status: number; text: string },
  options: { scripts?: boolean } = {},
): string | null {
  if (page.status === 401) return 'the site answered 401 Unauthorized';
  const $ = cheerio.load(page.text);
  const password = $('input[type="password"]').length > 0;
  if (!password) {
    const sent = options.scripts ? scriptSignInUrl(page.text, page.finalUrl ?? page.url) : null;
    if (sent) return `its script sends visitors without a session to a sign-in page (${new URL(sent).pathname})`;
    return signInNotice($);
  }
  const url = page.finalUrl ?? page.url;
  if (LOGIN_PATH.test(new URL(url).pathname)) return `it redirects to a sign-in page (${new URL(url).pathname})`;
  // A password form that is most of the page: little text and few links besides it.
  $('script,style,noscript,form').remove();
  const text = $('body').text().replace(/\s+/g, ' ').trim();
  const links = $('a[href]').length;
  if (text.length < 600 && links < 15 && LOGIN_WORDS.test(page.text)) return 'the page is a sign-in form';
  return null;
}

/** `location.replace('/login?next=' + ...)`, `location.href = "/sign-in"`, `window.location.assign(...)`. */
const SCRIPT_REDIRECT = /location(?:\.href)?\s*=\s*(['"`])([^'"`\s]{1,200})\1|location\.(?:replace|assign)\(\s*(['"`])([^'"`\s]{1,200})\3/g;
/** A script that reads the session the page keeps itself (web storage, a cookie read by script). */
const READS_STORED_SESSION = /(?:local|session)Storage\.getItem|(?:local|session)Storage\[|document\.cookie(?!\s*=)/;

/**
 * The sign-in page an app shell's script sends a visitor without a stored session to (a token in
 * localStorage that only a script can see), or null. Opt-in (`scripts`): a session the build
 * holds as a header cannot be seen by such a script, so the build's own checks after logging in
 * do not ask it.
 */
export function scriptSignInUrl(html: string, pageUrl: string): string | null {
  if (!/<script/i.test(html)) return null;
  const $ = cheerio.load(html);
  for (const el of $('script:not([src])').toArray()) {
    const code = $(el).text();
    if (!READS_STORED_SESSION.test(code)) continue;
    for (const m of code.matchAll(SCRIPT_REDIRECT)) {
      const target = m[2] ?? m[4];
      try {
        const url = new URL(target, pageUrl);
        if (LOGIN_PATH.test(url.pathname) && url.origin === new URL(pageUrl).origin) return url.href;
      } catch (err) {
        rethrowUnless(err, 'url');
      }
    }
  }
  return null;
}

/** The dispatch-time probe (at most `timeoutMs`): true when the entry page looks like a login wall. */
export async function probeLoginWall(
  fetcher: { fetch(req: { url: string; timeoutMs?: number; signal?: AbortSignal }): Promise<{ url: string; status: number; text: string }> },
  url: string,
  timeoutMs = 2_000,
): Promise<boolean> {
  try {
    const page = await fetcher.fetch({ url, timeoutMs, signal: AbortSignal.timeout(timeoutMs) });
    return detectLoginWall({ url: page.url, finalUrl: page.url, status: page.status, text: page.text }) !== null;
  } catch (err) {
    rethrowUnless(err, 'fetch', 'abort'); // unreachable or too slow: no wall seen
    return false;
  }
}

/** A short page whose message is "sign in to see this", with a way to sign in: the content is behind a login. */
function signInNotice($: cheerio.CheerioAPI): string | null {
  $('script,style,noscript').remove();
  const text = $('body').text().replace(/\s+/g, ' ').trim();
  if (text.length > 1500 || !SIGN_IN_NOTICE.test(text)) return null;
  const signInLink = $('a[href]')
    .toArray()
    .some((a) => LOGIN_PATH.test($(a).attr('href') ?? '') || LOGIN_WORDS.test($(a).text()));
  return signInLink ? 'the page asks to sign in to see it' : null;
}
