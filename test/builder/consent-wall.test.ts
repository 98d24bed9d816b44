/**
 * Which pages are consent walls (builder/consent.ts): a page that is only a CMP's dialog with an
 * "accept all" control, in the CMPs' markup and languages; never a page with content beside a
 * banner, nor a dialog without an accept control (a newsletter pop-up, a login modal).
 */
import { describe, expect, it } from 'vitest';
import { consentFetcher, cookieHeader, detectConsentWall } from '../../src/builder/consent.js';
import type { FetchRequest, Fetcher } from '../../src/fetch/types.js';

const doc = (body: string) => `<!doctype html><html><head><title>Site</title><script>var x = 1;</script></head><body>${body}</body></html>`;
const ARTICLES = Array.from({ length: 8 }, (_, i) => `<article><h2><a href="/news/${i}">Story number ${i} about the harbour and the town</a></h2><p>By Reporter ${i}</p></article>`).join('');

describe('consent walls', () => {
  it('finds the accept control of walls in CMP markup and several languages', () => {
    expect(detectConsentWall(doc('<div id="didomi-host"><div role="dialog"><p>We and our partners use cookies.</p><button id="didomi-notice-agree-button"><span>Agree and close</span></button><a href="/subscribe">Subscribe</a></div></div>'))).toEqual({ accept: '#didomi-notice-agree-button', label: 'Agree and close' });
    expect(detectConsentWall(doc('<div class="cmp-wall" aria-modal="true"><p>Wir und unsere Partner…</p><button class="cmp-btn">Alle akzeptieren</button><button>Einstellungen</button></div>'))).toEqual({ accept: 'button:has-text("Alle akzeptieren")', label: 'Alle akzeptieren' });
    expect(detectConsentWall(doc('<div class="qc-cmp2-container"><p>Nous respectons votre vie privée</p><button mode="primary">TOUT ACCEPTER</button></div>'))?.label).toBe('TOUT ACCEPTER');
    expect(detectConsentWall(doc('<div id="CybotCookiebotDialog" role="dialog"><button id="CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll">Allow all</button></div>'))?.accept).toBe('#CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll');
  });

  it('a banner over a page with content is not a wall; nor a dialog with no accept control', () => {
    expect(detectConsentWall(doc(`<main>${ARTICLES}</main><div id="onetrust-banner-sdk"><button id="onetrust-accept-btn-handler">Accept All Cookies</button></div>`))).toBeNull();
    expect(detectConsentWall(doc('<div role="dialog" class="newsletter"><p>Get our newsletter</p><button>Subscribe</button></div>'))).toBeNull();
    expect(detectConsentWall(doc('<div role="dialog"><form><input name="email"><button>Sign in</button></form></div>'))).toBeNull();
  });

  it('keeps only cookies that make a valid header; the fetcher adds them on the site origin only', async () => {
    expect(cookieHeader([{ name: 'euconsent-v2', value: 'CQabc.YAAA' }, { name: 'bad name', value: 'x' }, { name: 'x', value: 'a;b' }])).toBe('euconsent-v2=CQabc.YAAA');
    const seen: Array<Record<string, string> | undefined> = [];
    const base: Fetcher = { fetch: async (req: FetchRequest) => (seen.push(req.headers), { url: req.url, status: 200, headers: {}, contentType: 'text/html', charset: 'utf-8', text: '', bytes: 0, redirects: [], elapsedMs: 0 }), robotsAllowed: async () => true, close: async () => {} };
    const f = consentFetcher(base, 'https://news.example', 'c=1');
    await f.fetch({ url: 'https://news.example/a' });
    await f.fetch({ url: 'https://cdn.example/a' });
    await f.fetch({ url: 'https://news.example/b', headers: { cookie: 'sid=2' } });
    await f.fetch({ url: 'https://news.example/c', headers: { cookie: 'c=1' } });
    expect(seen).toEqual([{ cookie: 'c=1' }, undefined, { cookie: 'sid=2; c=1' }, { cookie: 'c=1' }]);
  });
});
