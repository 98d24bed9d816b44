/**
 * The browser engine itself: started lazily, one Chromium for the file, the private-address
 * guard on every request a page makes, pages that never finish, a killed browser replaced,
 * a missing executable explained, and no browser process left behind.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { createFetcher } from '../../src/fetch/index.js';
import type { Fetcher } from '../../src/fetch/types.js';
import { BrowserUnavailableError, descendantsRunning, renderPage } from '../../src/fetch/browser/index.js';
import { isQuarryError } from '../../src/errors/index.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { PRIVATE_TARGETS, spaPrivateSite } from '../fixtures/sites/spa-private.js';
import { spaHangSite } from '../fixtures/sites/spa-hang.js';
import { spaJobsSite } from '../fixtures/sites/spa-jobs.js';

const browsers = () => descendantsRunning(process.pid, 'chromium');

let fetcher: Fetcher;
let jobs: FixtureSite;
beforeAll(async () => {
  jobs = await startFixtureSite(spaJobsSite());
  // Private targets allowed for the fixture host only: everything else private stays refused.
  fetcher = createFetcher(loadConfig({ QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1', QUARRY_BROWSER_PAGE_TIMEOUT_MS: '4000' }));
});
afterAll(async () => {
  await fetcher?.close();
  await jobs?.close();
  // The test the issue asks for: nothing of the browser outlives its owner.
  expect(browsers()).toEqual([]);
});

describe('browser engine', () => {
  it('starts Chromium only when a page is rendered, and records the JSON calls', async () => {
    expect(browsers()).toEqual([]);
    const static_ = await fetcher.fetch({ url: `${jobs.url}/api/jobs?page=1` });
    expect(static_.status).toBe(200);
    expect(browsers()).toEqual([]);
    const result = await renderPage(fetcher.browser!, { url: `${jobs.url}/`, waitFor: 'article.job' });
    expect(result.html).toContain('Backend Engineer');
    expect(result.json).toHaveLength(1);
    expect(result.json[0]).toMatchObject({ method: 'GET', url: `${jobs.url}/api/jobs?page=1&q=`, query: { page: '1', q: '' }, status: 200 });
    expect(JSON.parse(result.json[0].body).jobs).toHaveLength(10);
    expect(browsers().length).toBeGreaterThan(0);
    expect(fetcher.browser!.stats().launches).toBe(1);
  });

  it('keeps every feature Playwright disables when adding its own (Chromium reads only the last --disable-features)', () => {
    const args = fs.readFileSync(`/proc/${fetcher.browser!.stats().pid}/cmdline`, 'utf8').split('\0');
    const lists = args.filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','));
    expect(lists.length).toBeGreaterThan(0);
    const effective = lists[lists.length - 1];
    for (const list of lists) expect(effective).toEqual(expect.arrayContaining(list));
    expect(effective).toContain('WebUIOmniboxPopup');
  });

  it('refuses every private request a page makes (fetch, redirect, frame, image, WebSocket) before connecting', async () => {
    const site = await startFixtureSite(spaPrivateSite());
    try {
      // All six notes (own, lan, metadata, v6, redirect, ws), in whatever order they arrive.
      const result = await renderPage(fetcher.browser!, { url: `${site.url}/`, waitFor: '#out li:nth-child(6)' });
      const notes = Object.fromEntries([...result.html.matchAll(/data-k="(\w+)">\w+:([^<]*)</g)].map((m) => [m[1], m[2]]));
      expect(notes.own).toBe('ok');
      expect(notes.lan).toBe('failed');
      expect(notes.metadata).toBe('failed');
      expect(notes.v6).toBe('failed');
      expect(notes.ws).toBe('failed');
      // The redirect hop itself was refused: the page sees a failed (or 403) fetch, never the target.
      expect(notes.redirect).not.toBe('status 200');
      const refused = fetcher.browser!.refused().map((r) => r.address);
      for (const target of PRIVATE_TARGETS) expect(refused).toContain(target);
      // The fixture site saw its own requests only.
      expect(site.requests.map((r) => r.path).filter((p) => p !== '/favicon.ico').sort()).toEqual(['/', '/api/own', '/go-private']);
    } finally {
      await site.close();
    }
  });

  it('fails a page that never finishes with an upstream time-out, on time, and keeps serving', async () => {
    const hang = spaHangSite();
    const site = await startFixtureSite(hang.routes);
    try {
      for (const [path, waitFor] of [['/', undefined], ['/spinner', '.item']] as const) {
        const started = Date.now();
        const err = await renderPage(fetcher.browser!, { url: `${site.url}${path}`, waitFor, timeoutMs: 1500 }).then(() => null, (e: unknown) => e);
        expect(isQuarryError(err) && err.code).toBe('upstream_error');
        expect(Date.now() - started).toBeLessThan(5000);
      }
      // Without a selector, a page whose data never comes still answers at the deadline with what it has.
      const partial = await renderPage(fetcher.browser!, { url: `${site.url}/spinner`, timeoutMs: 3000 });
      expect(partial.html).toContain('Loading');
    } finally {
      hang.release();
      await site.close();
    }
    const ok = await renderPage(fetcher.browser!, { url: `${jobs.url}/`, waitFor: 'article.job' });
    expect(ok.html).toContain('Backend Engineer');
  });

  it('presses "load more" until it is gone, recording each JSON page', async () => {
    const page = (n: number) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: [n * 2 + 1, n * 2 + 2], more: n < 2 }) });
    const site = await startFixtureSite([
      ['/', `<!doctype html><html><body><ul id="list"></ul><button id="more">Load more</button><script>
let n = 0; const btn = document.getElementById('more');
async function load() { const d = await (await fetch('/api/page?n=' + n++)).json();
  for (const i of d.items) { const li = document.createElement('li'); li.className = 'item'; li.textContent = 'Item ' + i; document.getElementById('list').appendChild(li); }
  if (!d.more) btn.remove(); }
btn.addEventListener('click', load); load();</script></body></html>`],
      ['/api/page', (_req, _res, url) => page(Number(url.searchParams.get('n')))],
    ]);
    try {
      const result = await renderPage(fetcher.browser!, { url: `${site.url}/`, waitFor: '.item', loadMore: '#more' });
      expect([...result.html.matchAll(/class="item">Item (\d+)/g)].map((m) => Number(m[1]))).toEqual([1, 2, 3, 4, 5, 6]);
      expect(result.json.map((j) => j.query.n)).toEqual(['0', '1', '2']);
    } finally {
      await site.close();
    }
  });

  it('replaces a browser that died', async () => {
    const before = fetcher.browser!.stats();
    process.kill(before.pid!, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    const result = await renderPage(fetcher.browser!, { url: `${jobs.url}/`, waitFor: 'article.job' });
    expect(result.html).toContain('Backend Engineer');
    expect(fetcher.browser!.stats().launches).toBe(before.launches + 1);
  });

  it('restarts a browser over its memory limit once no page is in flight', async () => {
    // A limit of 1 MB: every check finds the browser over it.
    const small = createFetcher(loadConfig({ QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1', QUARRY_BROWSER_MEMORY_MB: '1', QUARRY_BROWSER_PAGES_PER_CONTEXT: '3', QUARRY_BROWSER_CONTEXTS: '2' }));
    try {
      for (let i = 0; i < 11; i++) expect((await renderPage(small.browser!, { url: `${jobs.url}/`, waitFor: 'article.job' })).html).toContain('Chef');
      const stats = small.browser!.stats();
      expect(stats.recycles).toBe(1);
      expect(stats.launches).toBe(2);
    } finally {
      await small.close();
    }
  });

  it('collects the old documents a reused page leaves in its renderer, every 10 pages', async () => {
    const one = createFetcher(loadConfig({ QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1', QUARRY_BROWSER_CONTEXTS: '1' }));
    // Documents alive in the renderer of the pool's one context (the page this call runs on included).
    const documents = () =>
      one.browser!.withPage(async (page) => {
        const cdp = await page.context().newCDPSession(page);
        try {
          return (await cdp.send('Memory.getDOMCounters')).documents;
        } finally {
          await cdp.detach();
        }
      });
    try {
      for (let i = 0; i < 29; i++) expect((await renderPage(one.browser!, { url: `${jobs.url}/`, waitFor: 'article.job' })).html).toContain('Chef');
      expect(one.browser!.stats().collections).toBe(2);
      // The documents of the 9 pages since the last collection, not of all 29.
      const alive = await documents();
      expect(alive).toBeLessThan(29);
    } finally {
      await one.close();
    }
  });

  it('leaves nothing of one call in the browser for the next: cookies, local and session storage, IndexedDB, the Cache API', async () => {
    // The page shows what it finds stored, then stores the caller's name in every way a site can.
    const page = `<!doctype html><html><body><p id="seen">…</p><script>
      (async () => {
        const who = new URLSearchParams(location.search).get('who');
        const db = await new Promise((ok) => { const r = indexedDB.open('quarry-test', 1); r.onupgradeneeded = () => r.result.createObjectStore('kv'); r.onsuccess = () => ok(r.result); });
        const idb = await new Promise((ok) => { const g = db.transaction('kv').objectStore('kv').get('who'); g.onsuccess = () => ok(g.result ?? ''); });
        const cache = await caches.open('quarry-test');
        const cached = await cache.match('/who');
        document.getElementById('seen').textContent = 'local=' + (localStorage.getItem('who') ?? '') + ';session=' + (sessionStorage.getItem('who') ?? '') + ';cookie=' + document.cookie + ';idb=' + idb + ';cache=' + (cached ? await cached.text() : '');
        localStorage.setItem('who', who); sessionStorage.setItem('who', who); document.cookie = 'who=' + who + '; max-age=3600';
        await cache.put('/who', new Response(who));
        await new Promise((ok) => { const t = db.transaction('kv', 'readwrite'); t.objectStore('kv').put(who, 'who'); t.oncomplete = ok; });
        document.body.dataset.done = '1';
      })();
    </script></body></html>`;
    const site = await startFixtureSite([['/', page]]);
    const one = createFetcher(loadConfig({ QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1', QUARRY_BROWSER_CONTEXTS: '1' }));
    const seen = async (who: string) => {
      const { html } = await renderPage(one.browser!, { url: `${site.url}/?who=${who}`, waitFor: 'body[data-done]' });
      return /id="seen">([^<]*)</.exec(html)?.[1];
    };
    try {
      expect(await seen('alice')).toBe('local=;session=;cookie=;idb=;cache=');
      // The same context and page serve the next call (one slot): none of alice's data is there.
      expect(await seen('bob')).toBe('local=;session=;cookie=;idb=;cache=');
    } finally {
      await one.close();
      await site.close();
    }
  });

  it('says how to install Chromium when it is missing, while static fetches keep working', async () => {
    const missing = createFetcher(loadConfig({ QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1', QUARRY_CHROMIUM_PATH: '/nonexistent/chromium' }));
    try {
      expect((await missing.fetch({ url: `${jobs.url}/api/jobs?page=2` })).status).toBe(200);
      const err = await renderPage(missing.browser!, { url: `${jobs.url}/` }).then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(BrowserUnavailableError);
      expect((err as Error).message).toMatch(/Chromium is not installed at \/nonexistent\/chromium.*apt-get install chromium/);
    } finally {
      await missing.close();
    }
  });
});
