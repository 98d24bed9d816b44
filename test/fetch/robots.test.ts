import { afterEach, describe, expect, it } from 'vitest';
import { createFetcher, isAllowedByRobots, parseRobots, type Fetcher } from '../../src/fetch/index.js';
import { patternMatches } from '../../src/fetch/robots.js';
import { startFixtureSite, type FixtureRoutes, type FixtureSite } from '../helpers/fixture-server.js';
import { quarryError, testConfig } from './helpers.js';

describe('robots.txt parser', () => {
  const rules = parseRobots(`
# comment
User-agent: *
Disallow: /private
Allow: /private/open
Disallow: /*.pdf$
Disallow: /search?*q=
Disallow:

User-agent: otherbot
User-agent: QUARRY/1.0
Disallow: /only-quarry

Sitemap: https://example.com/sitemap.xml
User-agent: quarry
Disallow: /also-quarry # merged with the group above
`);
  const allowed = (agent: string, path: string) => isAllowedByRobots(rules, agent, `https://example.com${path}`);

  it('uses the * group for agents it does not name', () => {
    expect(allowed('somebot', '/')).toBe(true);
    expect(allowed('somebot', '/private')).toBe(false);
    expect(allowed('somebot', '/private/x')).toBe(false);
    expect(allowed('somebot', '/privateer')).toBe(false);
  });

  it('lets the longest match win and Allow win a tie', () => {
    expect(allowed('somebot', '/private/open/page')).toBe(true);
    const tie = parseRobots('User-agent: *\nDisallow: /page\nAllow: /page');
    expect(isAllowedByRobots(tie, 'x', 'https://e.com/page')).toBe(true);
  });

  it('supports * and $ in patterns', () => {
    expect(allowed('somebot', '/files/report.pdf')).toBe(false);
    expect(allowed('somebot', '/files/report.pdf?download=1')).toBe(true);
    expect(allowed('somebot', '/search?lang=en&q=shoes')).toBe(false);
    expect(allowed('somebot', '/search?lang=en')).toBe(true);
  });

  it('uses (and merges) the groups naming our product token instead of *', () => {
    expect(allowed('quarry', '/private')).toBe(true);
    expect(allowed('quarry', '/only-quarry')).toBe(false);
    expect(allowed('quarry', '/also-quarry')).toBe(false);
  });

  it('always allows /robots.txt and allows everything for empty rules', () => {
    expect(isAllowedByRobots(parseRobots('User-agent: *\nDisallow: /'), 'x', 'https://e.com/robots.txt')).toBe(true);
    expect(isAllowedByRobots(parseRobots(''), 'x', 'https://e.com/anything')).toBe(true);
    expect(isAllowedByRobots(parseRobots('<html>not robots</html>'), 'x', 'https://e.com/a')).toBe(true);
  });

  it('matches non-ASCII paths in their percent-encoded form', () => {
    const unicode = parseRobots('User-agent: *\nDisallow: /café');
    expect(isAllowedByRobots(unicode, 'x', 'https://e.com/café/menu')).toBe(false);
    expect(isAllowedByRobots(unicode, 'x', 'https://e.com/cafe')).toBe(true);
  });

  it('matches hostile patterns without exponential backtracking', () => {
    const pattern = `${'*a'.repeat(30)}b`;
    expect(patternMatches(pattern, 'a'.repeat(5000))).toBe(false);
    expect(patternMatches('/a*b*c$', '/axxbyyc')).toBe(true);
    expect(patternMatches('/a*b*c$', '/axxbyycd')).toBe(false);
  });
});

describe('robots.txt when fetching', () => {
  let site: FixtureSite | undefined;
  let fetcher: Fetcher | undefined;

  afterEach(async () => {
    await fetcher?.close();
    await site?.close();
    fetcher = undefined;
    site = undefined;
  });

  const ROBOTS = 'User-agent: *\nDisallow: /private\nAllow: /private/open\n';

  async function setUp(robots: FixtureRoutes[number][1] | null, clock?: { now: number }) {
    const routes: FixtureRoutes = [[/^\/(public|private).*/, 'page']];
    if (robots) routes.unshift(['/robots.txt', robots]);
    site = await startFixtureSite(routes);
    fetcher = createFetcher(testConfig({ respectRobots: true }), clock ? { now: () => clock.now } : {});
    return { site, fetcher, robotsRequests: () => site!.requests.filter((r) => r.path === '/robots.txt').length };
  }

  it('refuses disallowed URLs with a forbidden error, unless told to ignore robots', async () => {
    const { site, fetcher, robotsRequests } = await setUp({ headers: { 'content-type': 'text/plain' }, body: ROBOTS });
    expect((await fetcher.fetch({ url: `${site.url}/public` })).text).toBe('page');
    expect((await fetcher.fetch({ url: `${site.url}/private/open/x` })).text).toBe('page');
    const err = await quarryError(fetcher.fetch({ url: `${site.url}/private/secret` }));
    expect(err.code).toBe('forbidden');
    expect(err.message).toContain('robots.txt');
    expect(err.fields).toMatchObject({ reason: 'robots_disallowed' });
    expect(site.requests.some((r) => r.path === '/private/secret')).toBe(false);
    expect((await fetcher.fetch({ url: `${site.url}/private/secret`, ignoreRobots: true })).text).toBe('page');
    expect(await fetcher.robotsAllowed(`${site.url}/private/secret`)).toBe(false);
    expect(robotsRequests()).toBe(1);
  });

  it('does not read robots.txt when the operator switch is off', async () => {
    const { site, robotsRequests } = await setUp({ body: ROBOTS });
    const lenient = createFetcher(testConfig({ respectRobots: false }));
    try {
      expect((await lenient.fetch({ url: `${site.url}/private/secret` })).text).toBe('page');
      expect(robotsRequests()).toBe(0);
    } finally {
      await lenient.close();
    }
  });

  it('caches robots.txt per origin for the TTL, then reads it again', async () => {
    const clock = { now: 1_000_000 };
    const { site, fetcher, robotsRequests } = await setUp({ body: ROBOTS }, clock);
    await Promise.all([fetcher.fetch({ url: `${site.url}/public/1` }), fetcher.fetch({ url: `${site.url}/public/2` })]);
    await fetcher.fetch({ url: `${site.url}/public/3` });
    expect(robotsRequests()).toBe(1);
    clock.now += 3_600_001;
    await fetcher.fetch({ url: `${site.url}/public/4` });
    expect(robotsRequests()).toBe(2);
  });

  it('allows everything when robots.txt is missing', async () => {
    const { site, fetcher } = await setUp(null);
    expect((await fetcher.fetch({ url: `${site.url}/private/x` })).text).toBe('page');
  });

  it('allows everything when robots.txt fails with 5xx, and asks again soon', async () => {
    const clock = { now: 1_000_000 };
    const { site, fetcher, robotsRequests } = await setUp({ status: 503, body: 'down' }, clock);
    expect((await fetcher.fetch({ url: `${site.url}/private/x` })).text).toBe('page');
    await fetcher.fetch({ url: `${site.url}/private/y` });
    expect(robotsRequests()).toBe(1);
    clock.now += 61_000;
    await fetcher.fetch({ url: `${site.url}/private/z` });
    expect(robotsRequests()).toBe(2);
  });

  it('allows everything when robots.txt is unreachable (connection dropped)', async () => {
    const { site, fetcher } = await setUp((_req, res) => void res.destroy());
    expect((await fetcher.fetch({ url: `${site.url}/private/x` })).text).toBe('page');
  });

  it('follows a redirected robots.txt', async () => {
    site = await startFixtureSite([
      ['/robots.txt', { status: 301, headers: { location: '/real-robots.txt' } }],
      ['/real-robots.txt', { body: 'User-agent: *\nDisallow: /\n' }],
    ]);
    fetcher = createFetcher(testConfig({ respectRobots: true }));
    expect(await fetcher.robotsAllowed(`${site.url}/anything`)).toBe(false);
  });
});
