/**
 * Recognising sign-out links and buttons as pages write them, and the build's session fetcher
 * skipping them without a request (a real fixture site counts what it receives).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSignOutText, isSignOutUrl, signOutUrls, isSignOutSkip } from '../../src/builder/auth/sign-out.js';
import { sessionFetcher } from '../../src/builder/auth/session.js';
import { createCookieJar, createFetcher } from '../../src/fetch/index.js';
import { loadConfig } from '../../src/config/index.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';

describe('sign-out recognition', () => {
  it('knows sign-out paths and queries, and leaves look-alikes alone', () => {
    for (const url of ['https://x.test/logout', 'https://x.test/users/sign_out', 'https://x.test/account/log-out?next=/', 'https://x.test/wp-login.php?action=logout&_wpnonce=1', 'https://x.test/abmelden', 'https://x.test/auth/signoff', 'https://x.test/logout.php']) {
      expect(isSignOutUrl(url), url).toBe(true);
    }
    for (const url of ['https://x.test/login', 'https://x.test/blog/logging-outdoors', 'https://x.test/products/outlet', 'https://x.test/signup', 'https://x.test/catalog?sort=logout-date-desc-x']) {
      expect(isSignOutUrl(url), url).toBe(false);
    }
  });

  it('knows sign-out words in the languages the builder reads', () => {
    for (const text of ['Sign out', 'Log out', 'Logout', 'Abmelden', 'Se déconnecter', 'Déconnexion', 'Cerrar sesión', 'Uitloggen', 'Wyloguj się', 'Logga ut', 'Выйти', 'ログアウト', 'Sign out of all devices']) {
      expect(isSignOutText(text), text).toBe(true);
    }
    for (const text of ['Sign in', 'Log in', 'Anmelden', 'Outdoor jackets', 'Salir de compras por la ciudad con amigos y familia']) expect(isSignOutText(text), text).toBe(false);
  });

  it('finds sign-out links by path or text and sign-out buttons in POST forms by action or button', () => {
    const html = `<a href="/bye-now">Abmelden</a><a href="/account/logout">x</a><a href="/orders">Orders</a>
<form method="post" action="/session/end"><input type="hidden" name="_method" value="delete"><button>Log out</button></form>
<form method="post" action="/users/sign_out"><input type="submit" value="Go"></form>
<form method="get" action="/search"><input name="q"><button>Search</button></form>
<form method="post"><button>Log out</button></form>`;
    expect(signOutUrls(html, 'https://x.test/account').sort()).toEqual(
      ['https://x.test/account/logout', 'https://x.test/bye-now', 'https://x.test/session/end', 'https://x.test/users/sign_out'].sort(),
    );
  });
});

describe("the build's session fetcher", () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite([
      ['/account', '<a href="/see-you">Sign out</a><form method="post" action="/session/end"><button>Log out</button></form><a href="/orders">Orders</a>'],
      ['/orders', '<p>orders</p>'],
      ['/see-you', '<p>bye</p>'],
      ['/session/end', '<p>bye</p>'],
      ['/logout', '<p>bye</p>'],
    ]);
  });
  afterAll(async () => {
    await site.close();
  });

  it('skips what it recognises and what the pages it read offered as a way out, sending nothing', async () => {
    const base = createFetcher(loadConfig({ QUARRY_ALLOW_PRIVATE_TARGETS: '1' }));
    const fetcher = sessionFetcher(base, createCookieJar());
    const signal = AbortSignal.timeout(5000);
    await expect(fetcher.fetch({ url: `${site.url}/logout`, signal })).rejects.toSatisfy(isSignOutSkip);
    expect((await fetcher.fetch({ url: `${site.url}/account`, signal })).status).toBe(200);
    for (const path of ['/see-you', '/session/end']) await expect(fetcher.fetch({ url: `${site.url}${path}`, signal })).rejects.toSatisfy(isSignOutSkip);
    expect((await fetcher.fetch({ url: `${site.url}/orders`, signal })).status).toBe(200);
    expect(site.requests.map((r) => r.path).filter((p) => p !== '/robots.txt')).toEqual(['/account', '/orders']);
    await base.close();
  });
});
