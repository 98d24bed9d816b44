import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHttp } from '../../src/errors/index.js';
import { createFetcher, detectBlock, parseRetryAfter, type BlockInput, type Fetcher } from '../../src/fetch/index.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { CLOUDFLARE_CHALLENGE, quarryError, testConfig } from './helpers.js';

const page = (status: number, text: string, headers: Record<string, string> = {}): BlockInput => ({ status, headers, text });
const article = `<html><body><article>${'<p>Plenty of real content about shoes and boots.</p>'.repeat(100)}</article></body></html>`;

describe('detectBlock: vendors', () => {
  it.each([
    ['cloudflare JS challenge', page(403, CLOUDFLARE_CHALLENGE, { server: 'cloudflare' }), 'challenge', 'cloudflare'],
    ['cloudflare cf-mitigated header', page(403, '', { 'cf-mitigated': 'challenge' }), 'challenge', 'cloudflare'],
    [
      'cloudflare attention required',
      page(403, '<title>Attention Required! | Cloudflare</title><h1>Sorry, you have been blocked</h1><span class="cf-error-code">1020</span>', { server: 'cloudflare' }),
      'ip_block',
      'cloudflare',
    ],
    ['cloudflare 1015', page(429, '<title>Access denied | example.com used Cloudflare to restrict access</title>error code: 1015', { server: 'cloudflare' }), 'rate_limit', 'cloudflare'],
    [
      'akamai access denied',
      page(403, `<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>You don't have permission to access "http://www.example.com/" on this server.<P>Reference #18.7a4e1102.1712345678.3b2c1d</BODY></HTML>`, { server: 'AkamaiGHost' }),
      'ip_block',
      'akamai',
    ],
    ['akamai bot manager', page(200, '<div id="sec-if-cpt-container"><script src="/_sec/cp_challenge/ak-challenge-4-3.js"></script></div>'), 'challenge', 'akamai'],
    [
      'perimeterx',
      page(403, '<html><head><title>Access to this page has been denied</title></head><body><div id="px-captcha"></div><script>window._pxAppId = "PXabc123";</script></body></html>', { 'set-cookie': '_pxhd=abc; path=/' }),
      'captcha',
      'perimeterx',
    ],
    [
      'datadome',
      page(403, `<html><script>var dd={'rt':'c','cid':'AHrlqAAA','hsh':'ABC','t':'fe','s':1,'e':'x','host':'geo.captcha-delivery.com'}</script><script src="https://ct.captcha-delivery.com/c.js"></script></html>`, {
        'x-datadome': 'protected',
        'set-cookie': 'datadome=abc; Max-Age=31536000',
      }),
      'challenge',
      'datadome',
    ],
    ['datadome header on 403', page(403, '', { 'x-datadome': 'protected', 'set-cookie': 'datadome=abc' }), 'captcha', 'datadome'],
    [
      'imperva incident',
      page(200, '<html><head><META NAME="robots" CONTENT="noindex,nofollow"></head><body>Request unsuccessful. Incapsula incident ID: 1234000140012345678-12345678901234567</body></html>'),
      'ip_block',
      'imperva',
    ],
    ['imperva resource', page(200, '<html><head><script src="/_Incapsula_Resource?SWJIYLWA=719d34d31c8e3a6e6fffd425f7e032f3"></script></head><body></body></html>'), 'challenge', 'imperva'],
    ['imperva cookie on 403', page(403, 'Forbidden', { 'set-cookie': 'incap_ses_123_456=abc; path=/' }), 'ip_block', 'imperva'],
    ['aws waf header', page(202, '', { 'x-amzn-waf-action': 'challenge' }), 'challenge', 'aws_waf'],
    [
      'aws waf challenge page',
      page(202, '<html><script src="https://abc.token.awswaf.com/abc/def/challenge.js"></script><script>AwsWafIntegration.getToken()</script></html>'),
      'challenge',
      'aws_waf',
    ],
    ['aws waf captcha', page(405, '<script src="https://abc.captcha.awswaf.com/abc/jsapi.js"></script><div id="captcha-container"></div><script>AwsWafCaptcha.renderCaptcha()</script>'), 'captcha', 'aws_waf'],
    ['google sorry page', page(429, '<p>Our systems have detected unusual traffic from your computer network.</p><div class="g-recaptcha"></div>'), 'captcha', 'google'],
    ['recaptcha wall', page(200, '<h1>Please verify you are a human</h1><div class="g-recaptcha" data-sitekey="x"></div>'), 'captcha', 'google'],
    ['hcaptcha wall', page(403, '<div class="h-captcha" data-sitekey="x"></div><script src="https://hcaptcha.com/1/api.js"></script>'), 'captcha', 'hcaptcha'],
    ['turnstile wall', page(200, '<h2>Are you a robot?</h2><div class="cf-turnstile" data-sitekey="x"></div>'), 'captcha', 'cloudflare'],
    ['generic robot check', page(200, '<html><body><h1>Are you a robot?</h1><p>We have detected unusual traffic.</p></body></html>'), 'challenge', 'unknown'],
    ['bare 429', page(429, 'Too many requests'), 'rate_limit', 'unknown'],
  ])('%s', (_name, input, blockType, vendor) => {
    expect(detectBlock(input)).toMatchObject({ blocked: true, blockType, vendor });
  });
});

describe('detectBlock: ordinary answers', () => {
  it.each([
    ['a content page', page(200, article)],
    ['a long page with a contact-form reCAPTCHA', page(200, article.replace('</article>', '</article><form><div class="g-recaptcha"></div></form>'))],
    ['a plain 403', page(403, '<h1>Forbidden</h1><p>You need to sign in.</p>')],
    ['a 503 maintenance page', page(503, '<h1>Down for maintenance</h1>', { 'retry-after': '600' })],
    ['a 404', page(404, '<h1>Not found</h1>')],
    ['DataDome header on a real page', page(200, article, { 'x-datadome': 'protected', 'set-cookie': 'datadome=abc' })],
    ['Cloudflare bot-fight script on a real page', page(200, article.replace('</body>', '<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></body>'), { server: 'cloudflare' })],
    ['Incapsula cookies on a real page', page(200, article, { 'set-cookie': 'visid_incap_1=abc; incap_ses_1_2=def' })],
    ['an article mentioning robots', page(200, article.replace('<article>', '<article><h2>Are you a robot? A history of CAPTCHAs</h2>'))],
    ['an empty 204 without expectContent', page(204, '')],
    ['an empty 200 without expectContent', page(200, '')],
  ])('%s is not a block', (_name, input) => {
    expect(detectBlock(input)).toBeNull();
  });

  it('treats an empty 2xx as a block only when content is expected', () => {
    expect(detectBlock(page(200, '  \n'), { expectContent: true })).toMatchObject({ blockType: 'empty', retryable: true });
    expect(detectBlock(page(404, ''), { expectContent: true })).toBeNull();
  });
});

describe('detectBlock: retry policy', () => {
  it('uses Retry-After for rate limits, and a default otherwise', () => {
    expect(detectBlock(page(429, '', { 'retry-after': '120' }))).toMatchObject({ retryable: true, retryAfterSeconds: 120 });
    expect(detectBlock(page(429, ''))).toMatchObject({ retryable: true, retryAfterSeconds: 60 });
  });

  it('marks challenges retryable and captchas / IP blocks not', () => {
    expect(detectBlock(page(403, CLOUDFLARE_CHALLENGE))).toMatchObject({ retryable: true, retryAfterSeconds: 30 });
    expect(detectBlock(page(403, '<div id="px-captcha"></div>'))).toMatchObject({ retryable: false, retryAfterSeconds: null });
    expect(detectBlock(page(403, 'Forbidden', { 'set-cookie': 'incap_ses_1=a' }))).toMatchObject({ retryable: false, retryAfterSeconds: null });
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});

describe('blocked answers when fetching', () => {
  let site: FixtureSite;
  let fetcher: Fetcher;

  beforeAll(async () => {
    site = await startFixtureSite([
      ['/challenge', { status: 403, headers: { server: 'cloudflare', 'cf-ray': '8a1b2c3d4e5f-AMS' }, body: CLOUDFLARE_CHALLENGE }],
      ['/captcha', { status: 403, body: '<html><body><div id="px-captcha"></div></body></html>' }],
      ['/empty', { body: '' }],
    ]);
    fetcher = createFetcher(testConfig());
  });

  afterAll(async () => {
    await fetcher.close();
    await site.close();
  });

  it('throws a blocked error for a challenge, with the envelope fields', async () => {
    const err = await quarryError(fetcher.fetch({ url: `${site.url}/challenge` }));
    expect(err.code).toBe('blocked');
    expect(err.fields).toMatchObject({ kind: 'antibot_solvable', block_type: 'challenge', vendor: 'cloudflare', attempts: 1, retry_after: 30 });
    const http = toHttp(err);
    expect(http.statusCode).toBe(503);
    expect(http.headers['retry-after']).toBe('30');
  });

  it('marks a captcha unsolvable with no Retry-After', async () => {
    const err = await quarryError(fetcher.fetch({ url: `${site.url}/captcha` }));
    expect(err.fields).toMatchObject({ kind: 'antibot_unsolvable', block_type: 'captcha', vendor: 'perimeterx', attempts: 1, retry_after: null });
    expect(err.retryable).toBe(false);
    expect(toHttp(err).headers['retry-after']).toBeUndefined();
  });

  it('returns the page when block detection is off, and checks emptiness only when asked', async () => {
    expect((await fetcher.fetch({ url: `${site.url}/challenge`, detectBlocks: false })).status).toBe(403);
    expect((await fetcher.fetch({ url: `${site.url}/empty` })).text).toBe('');
    const err = await quarryError(fetcher.fetch({ url: `${site.url}/empty`, expectContent: true }));
    expect(err.fields).toMatchObject({ block_type: 'empty' });
  });
});
