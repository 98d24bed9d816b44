/**
 * Consent walls (issue 26): a site that serves only its consent manager's dialog until the
 * visitor accepts (a "consent or pay" wall; a CMP that withholds the page server-side until its
 * cookie is set). A banner over a page that is there anyway (OneTrust, Cookiebot and Didomi as
 * most sites use them) is not a wall: the page's content is read past it (render/shell.ts).
 *
 * A wall is accepted once per build in the browser, as a visitor would: its "Accept all" is
 * pressed, the cookies the consent script stores are kept, and they go with every request of the
 * build and, as the recipe's `cookie` header, of every call. Nothing is guessed about the
 * cookie's format: the site's own script writes it.
 */
import * as cheerio from 'cheerio';
import type { FetchRequest, Fetcher } from '../fetch/types.js';
import { renderPage } from '../fetch/browser/index.js';
import { collapseWhitespace } from '../recipe/extract/index.js';

/** Containers consent managers draw (generic words and the big CMPs' own ids and classes). */
const WALL_CONTAINERS = [
  '[role=dialog]', '[role=alertdialog]', '[aria-modal=true]',
  '[id*=consent i]', '[class*=consent i]', '[id*=cookie i]', '[class*=cookie i]', '[id*=cmp i]', '[class*=cmp i]',
  '[id*=gdpr i]', '[class*=gdpr i]', '[id*=privacy i]', '[class*=privacy i]',
  '#onetrust-banner-sdk', '#onetrust-consent-sdk', '#CybotCookiebotDialog', '#didomi-host', '#didomi-popup', '.qc-cmp2-container', '[id^=sp_message_container]', '#usercentrics-root',
].join(', ');

/** What an "accept everything" control says, in the languages CMPs ship. */
const ACCEPT = new RegExp(
  '^(?:' + [
    'accept(?: all)?(?: cookies)?(?: (?:and|&) (?:continue|close|proceed))?', 'allow all(?: cookies)?', 'allow cookies', 'i accept', 'i agree', 'agree(?: (?:and|&) (?:continue|close|proceed))?', 'yes,? i agree', 'ok(?:ay)?,? (?:got it|i agree)', 'got it', 'continue with (?:ads|cookies)',
    'alle (?:cookies )?akzeptieren', 'akzeptieren(?: und weiter)?', 'alle(?:n)? zustimmen', 'zustimmen(?: und weiter)?', 'einverstanden',
    'tout accepter', 'accepter(?: et (?:continuer|fermer))?', "j['’]accepte", 'accepter tous les cookies',
    'accetta(?: tutt[oi])?', 'acepto', 'aceptar(?: todo| todas)?(?: las cookies)?', 'aceitar(?: tudo| todos)?', 'concordo',
    'alles? accepteren', 'accepteren', 'akkoord', 'godkänn alla', 'acceptera alla', 'hyväksy kaikki', 'accepter alle', 'godta alle', 'tillad alle',
    'zaakceptuj(?: wszystkie)?', 'akceptuję', 'přijmout vše', 'elfogadom', 'accept toate', 'acceptă tot', 'kabul et', 'принять(?: все)?', 'すべて同意する', '同意する', '全部接受', '接受',
  ].join('|') + ')[.!]?$',
  'i',
);

/** Text and links a page shows outside its consent dialog before it counts as content. */
const CONTENT_CHARS = 240;
const CONTENT_LINKS = 4;

export interface ConsentWall {
  /** Selector of the accept control, for the browser (Playwright's `:has-text` when it has no id). */
  accept: string;
  /** What the control says. */
  label: string;
}

/** The consent wall a page is, or null when it is a page (with or without a banner over it). */
export function detectConsentWall(html: string): ConsentWall | null {
  if (html.length > 400_000) return null; // a wall is a small page
  const $ = cheerio.load(html);
  let wall: ConsentWall | null = null;
  $(WALL_CONTAINERS).each((_, container) => {
    if (wall) return;
    $(container).find('button, a, input[type=button], input[type=submit], [role=button]').each((_i, el) => {
      if (wall) return;
      const label = collapseWhitespace($(el).is('input') ? ($(el).attr('value') ?? '') : $(el).text());
      if (!label || !ACCEPT.test(label)) return;
      const id = $(el).attr('id');
      const tag = (el as { tagName?: string }).tagName?.toLowerCase() ?? 'button';
      const accept = id && /^[A-Za-z][\w-]*$/.test(id) ? `#${id}` : tag === 'input' ? `input[value=${JSON.stringify(label)}]` : `${tag}:has-text(${JSON.stringify(label)})`;
      wall = { accept, label };
    });
  });
  if (!wall) return null;
  // A page whose content is there beside the dialog is not walled.
  $('script, style, noscript, template, head').remove();
  $(WALL_CONTAINERS).remove();
  const text = collapseWhitespace($('body').text());
  const links = $('body a[href]').length;
  return text.length <= CONTENT_CHARS && links <= CONTENT_LINKS ? wall : null;
}

/** The cookie header for the cookies a wall's acceptance stored. */
export function cookieHeader(cookies: Array<{ name: string; value: string }>): string {
  return cookies.filter((c) => /^[\w!#$%&'*+.^`|~-]+$/.test(c.name) && !/[;\r\n]/.test(c.value)).map((c) => `${c.name}=${c.value}`).join('; ');
}

/**
 * Accepts the entry page's consent wall (`html`, the page at `url`) in the browser. Answers the
 * cookie header that opens the site, or null when the entry is not a wall (or no browser, or
 * pressing changed nothing).
 */
export async function acceptConsentWall(fetcher: Fetcher, url: string, html: string, signal: AbortSignal, log: (message: string) => void): Promise<string | null> {
  const wall = detectConsentWall(html);
  if (!wall) return null;
  const engine = fetcher.browser;
  if (!engine?.available()) {
    log(`${url} shows only a consent wall ("${wall.label}") and no browser is configured to accept it`);
    return null;
  }
  log(`${url} shows only a consent wall: pressing "${wall.label}" in the browser`);
  const rendered = await renderPage(engine, { url, accept: wall.accept, record: false, signal });
  const cookie = cookieHeader(rendered.cookies ?? []);
  if (!cookie) {
    log(`Pressing "${wall.label}" stored no cookie: the wall stays`);
    return null;
  }
  const opened = await fetcher.fetch({ url, headers: { cookie }, signal });
  if (detectConsentWall(opened.text)) {
    log(`The consent cookies (${(rendered.cookies ?? []).map((c) => c.name).join(', ')}) did not open ${url}`);
    return null;
  }
  log(`Consent given: the build and the API send the cookies ${(rendered.cookies ?? []).map((c) => c.name).join(', ')}`);
  return cookie;
}

/** A fetcher that sends the consent cookies on requests to the site's origin. */
export function consentFetcher(base: Fetcher, origin: string, cookie: string): Fetcher {
  return {
    fetch(req: FetchRequest) {
      if (new URL(req.url).origin !== origin) return base.fetch(req);
      const headers = { ...(req.headers ?? {}) };
      const own = Object.keys(headers).find((k) => k.toLowerCase() === 'cookie');
      // A request that already carries them (the recipe's header, while its endpoints are tested) is left alone.
      if (own && headers[own].includes(cookie)) return base.fetch(req);
      headers[own ?? 'cookie'] = own ? `${headers[own]}; ${cookie}` : cookie;
      return base.fetch({ ...req, headers });
    },
    robotsAllowed: (url, signal) => base.robotsAllowed(url, signal),
    browser: base.browser,
    // The build's own fetcher is closed by its owner.
    close: async () => {},
  };
}
