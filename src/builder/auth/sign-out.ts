/**
 * Recognising the ways out of a session, so a build behind a login never ends its own session:
 * sign-out links (by the words of their path or query, or of their text, in the languages the
 * builder reads) and sign-out forms (a POST-only button, recognised by its action or its button
 * text). Pure (no I/O): the build's session fetcher (session.ts) learns the sign-out URLs of
 * every page it reads and skips them.
 */
import * as cheerio from 'cheerio';
import { QuarryError, isQuarryError } from '../../errors/index.js';
import { rethrowUnless } from '../../errors/expected.js';

/** Path segments that end a session: /logout, /users/sign_out, /logout.php, /auth/signoff. */
const SIGN_OUT_WORD =
  /(?:^|[/_.-])(?:log-?out|log_out|log-?off|sign-?out|sign_out|sign-?off|abmelden|ausloggen|deconnexion|d%C3%A9connexion|deconnecter|disconnect|uitloggen|afmelden|cerrar-?sesion|wyloguj|odhlasit|kirjaudu-?ulos|logga-?ut|log-?ud|end-?session|destroy-?session)(?=$|[/_.-])/i;

/** A query whose key or value is the sign-out action: ?logout, ?action=logout, ?do=sign_out. */
const SIGN_OUT_QUERY = /(?:^\?|&)(?:[^=&]*=)?(?:log-?out|log_out|log-?off|sign-?out|sign_out)(?=$|[&=])/i;

/** The text of a sign-out link or button, in the languages the builder reads. */
const SIGN_OUT_TEXT = new RegExp(
  '^\\s*(?:' +
    [
      'log ?out', 'log ?off', 'sign ?out', 'sign ?off', 'logout', // en
      'abmelden', 'ausloggen', 'logout', // de
      'se d[ée]connecter', 'd[ée]connexion', // fr
      'cerrar sesi[oó]n', 'salir', // es
      'esci', 'disconnetti', // it
      'sair', 'terminar sess[aã]o', // pt
      'uitloggen', 'afmelden', // nl
      'wyloguj(?: si[eę])?', // pl
      'odhl[aá]sit(?: se)?', // cs, sk
      'logga ut', 'log ud', 'logg ut', 'kirjaudu ulos', // sv, da, no, fi
      'çıkış yap', 'deconectare', 'kijelentkezés', // tr, ro, hu
      'выйти', 'выход', 'вийти', // ru, uk
      'ログアウト', '退出', '登出', '注销', '로그아웃', // ja, zh, ko
    ].join('|') +
    ')(?:[\\s(→»›].*)?$',
  'i',
);

/** True when the URL's path or query says it ends the session. */
export function isSignOutUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (err) {
    rethrowUnless(err, 'url');
    return false;
  }
  return SIGN_OUT_WORD.test(parsed.pathname) || SIGN_OUT_QUERY.test(parsed.search);
}

/** True when a link or button's text says it ends the session ("Sign out", "Abmelden", "Se déconnecter"). */
export function isSignOutText(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 0 && t.length < 40 && SIGN_OUT_TEXT.test(t);
}

const resolve = (href: string, base: string): string | null => {
  try {
    const url = new URL(href, base);
    url.hash = '';
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch (err) {
    rethrowUnless(err, 'url');
    return null;
  }
};

/**
 * The URLs a page offers to end the session: links whose path or text says so, and the actions
 * of forms whose action or submit button says so (a sign-out button in a form is POST-only, but
 * its action may be an innocent path such as /session).
 */
export function signOutUrls(html: string, pageUrl: string): string[] {
  if (!/<(?:a|form)\b/i.test(html)) return [];
  const $ = cheerio.load(html);
  const out = new Set<string>();
  $('a[href]').each((_, el) => {
    const a = $(el);
    const url = resolve(a.attr('href') ?? '', pageUrl);
    if (!url) return;
    const text = `${a.text()} ${a.attr('title') ?? ''} ${a.attr('aria-label') ?? ''}`;
    if (isSignOutUrl(url) || isSignOutText(a.text()) || isSignOutText(a.attr('title') ?? '') || isSignOutText(a.attr('aria-label') ?? '') || isSignOutText(text)) out.add(url);
  });
  $('form').each((_, el) => {
    const form = $(el);
    const action = form.attr('action')?.trim();
    const url = action ? resolve(action, pageUrl) : null;
    // A form posting to the page itself or to the home page names no sign-out URL of its own.
    if (!url || url === resolve(pageUrl, pageUrl) || new URL(url).pathname === '/' || form.find('input[type="password"]').length > 0) return;
    const buttons = form
      .find('button, input[type="submit"], input[type="button"]')
      .toArray()
      .map((b) => `${$(b).text()}${$(b).attr('value') ?? ''}`);
    if (isSignOutUrl(url) || buttons.some(isSignOutText)) out.add(url);
  });
  return [...out];
}

/**
 * A sign-out URL the build skips: a fetch failure like any page that cannot be read (the
 * `forbidden` code with reason `sign_out`), so every stage skips it; no request is sent.
 */
export function signOutSkipped(url: string): QuarryError {
  return new QuarryError('forbidden', `Skipped ${url}: it signs out, and the build never ends its session.`, { url, reason: 'sign_out' });
}

export const isSignOutSkip = (err: unknown): boolean => isQuarryError(err) && err.fields.reason === 'sign_out';
