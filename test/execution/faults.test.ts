/**
 * A fault site: every way an upstream can fail, each classified into the contract's envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksRecipe } from './recipes.js';

const CHALLENGE = `<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>
<div id="cf-wrapper"><h1>Checking if the site connection is secure</h1><form id="challenge-form" action="/?__cf_chl_f_tk=abc"></form>
<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script></div></body></html>`;

describe('upstream faults', () => {
  let t: TestApp;
  let site: FixtureSite;
  let u: TestUser;
  let id: string;

  beforeAll(async () => {
    site = await startFixtureSite([
      ['/index.html', '<h1>Home</h1>'],
      ['/gone', { status: 410, body: 'Gone' }],
      ['/missing', { status: 404, body: 'Missing' }],
      ['/broken', { status: 500, body: `<h1>Internal Server Error</h1>${'x'.repeat(5000)}` }],
      ['/forbidden', { status: 403, body: 'Forbidden' }],
      ['/challenge', { status: 403, headers: { 'cf-mitigated': 'challenge', server: 'cloudflare' }, body: CHALLENGE }],
      ['/slow', async () => {
        await new Promise((r) => setTimeout(r, 3000));
        return { body: '<h1>late</h1>' };
      }],
      ['/huge', { body: `<h1>big</h1>${'y'.repeat(400_000)}` }],
      ['/to-private', { status: 302, headers: { location: 'http://10.255.255.1/secret' } }],
      ['/to-metadata', { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }],
      ['/reset', (req) => {
        req.socket.destroy();
      }],
    ]);
    t = await startTestApp({
      env: {
        QUARRY_ALLOW_PRIVATE_TARGETS: '127.0.0.1',
        QUARRY_FETCH_TIMEOUT_MS: '700',
        QUARRY_FETCH_MAX_BODY_BYTES: '200000',
      },
    });
    u = await t.user('developer');
    id = (await t.call('POST', '/scrapers', { key: u.key, body: booksRecipe(site.url) })).json().scraper_id;
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  const fetchPath = (path: string) => t.call('POST', `/scraper/${id}/fetch_path`, { key: u.key, body: { path } });

  it('404 and 410 are 422 input_not_found', async () => {
    for (const [path, status] of [['/missing', 404], ['/gone', 410]] as const) {
      const res = await fetchPath(path);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ status: 'stale_input', kind: 'input_not_found', upstream_status_code: status, url: `${site.url}${path}` });
    }
  });

  it('500 with a body is 502 upstream_error with a snippet of the first KiB', async () => {
    const res = await fetchPath('/broken');
    expect(res.statusCode).toBe(502);
    const err = res.json().error;
    expect(err).toMatchObject({ status: 'upstream_error', upstream_status_code: 500, url: `${site.url}/broken` });
    expect(err.snippet.startsWith('<h1>Internal Server Error</h1>')).toBe(true);
    expect(Buffer.byteLength(err.snippet)).toBeLessThanOrEqual(1024);
    const forbidden = await fetchPath('/forbidden');
    expect(forbidden.statusCode).toBe(502);
    expect(forbidden.json().error.upstream_status_code).toBe(403);
  });

  it('a challenge page is 503 blocked, never a success', async () => {
    const res = await fetchPath('/challenge');
    expect(res.statusCode).toBe(503);
    const err = res.json().error;
    expect(err).toMatchObject({ status: 'blocked', vendor: 'cloudflare', attempts: 1 });
    expect(err.block_type).toEqual(expect.any(String));
    expect(['antibot_solvable', 'antibot_unsolvable', 'ip_burned']).toContain(err.kind);
    if (err.retry_after === null) expect(res.headers['retry-after']).toBeUndefined();
    else expect(res.headers['retry-after']).toBe(String(err.retry_after));
  });

  it('a slow answer past the time-out is an upstream error, not a hang', async () => {
    const res = await fetchPath('/slow');
    expect(res.statusCode).toBe(502);
    expect(res.json().error.status).toBe('upstream_error');
  });

  it('a body over the cap is an upstream error', async () => {
    const res = await fetchPath('/huge');
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/large|size|limit/i);
  });

  it('redirects to private or metadata addresses are refused', async () => {
    for (const path of ['/to-private', '/to-metadata']) {
      const res = await fetchPath(path);
      expect(res.statusCode, path).toBe(502);
      expect(res.json().error.message).toMatch(/private/i);
    }
  });

  it('a connection reset is an upstream error', async () => {
    const res = await fetchPath('/reset');
    expect(res.statusCode).toBe(502);
    expect(res.json().error.status).toBe('upstream_error');
  });

  it('none of these charged credits', async () => {
    const res = await fetchPath('/missing');
    expect(res.headers['x-credits-charged']).toBe('0');
    expect(res.headers['x-credits-remaining']).toBe('5000');
  });
});
