import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../../src/fetch/index.js';
import { redactProxy } from '../../src/fetch/proxies.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { CLOUDFLARE_CHALLENGE, quarryError, testConfig } from './helpers.js';

interface TestProxy {
  url: string;
  /** Absolute-URI request targets received, in order. */
  seen: string[];
  /** 'forward' passes requests on; 'block' answers every request with a Cloudflare challenge. */
  mode: 'forward' | 'block';
  close(): Promise<void>;
}

/**
 * A tiny HTTP forward proxy. undici's ProxyAgent (with proxyTunnel: false, as the fetch layer
 * configures it) sends plain-http targets as absolute-URI requests (`GET http://host:port/path`),
 * which is all this proxy implements; CONNECT is refused so a tunnelling client would fail.
 */
async function startProxy(mode: TestProxy['mode']): Promise<TestProxy> {
  const proxy: TestProxy = { url: '', seen: [], mode, close: async () => undefined };
  const server = http.createServer((req, res) => {
    proxy.seen.push(req.url ?? '');
    if (!req.url?.startsWith('http://')) return void res.writeHead(400).end('absolute URI expected');
    if (proxy.mode === 'block') {
      return void res.writeHead(403, { 'content-type': 'text/html', server: 'cloudflare' }).end(CLOUDFLARE_CHALLENGE);
    }
    const headers: http.OutgoingHttpHeaders = { ...req.headers, 'x-via-proxy': proxy.url };
    delete headers['proxy-connection'];
    const upstream = http.request(req.url, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end('proxy could not reach the target'));
    req.pipe(upstream);
  });
  server.on('connect', (_req, socket) => socket.end('HTTP/1.1 405 Method Not Allowed\r\n\r\n'));
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

let site: FixtureSite;
let blocking: TestProxy;
let forwarding: TestProxy;

beforeAll(async () => {
  site = await startFixtureSite([['/page', (req) => ({ body: `hello via ${String(req.headers['x-via-proxy'])}` })]]);
  blocking = await startProxy('block');
  forwarding = await startProxy('forward');
});

afterAll(async () => {
  await Promise.all([site.close(), blocking.close(), forwarding.close()]);
});

describe('proxy rotation', () => {
  it('retries a blocked answer through the next proxy', async () => {
    const fetcher = createFetcher(testConfig({ fetch: { proxies: [blocking.url, forwarding.url] } }));
    try {
      const res = await fetcher.fetch({ url: `${site.url}/page` });
      expect(res.text).toBe(`hello via ${forwarding.url}`);
      expect(blocking.seen).toEqual([`${site.url}/page`]);
      expect(forwarding.seen).toEqual([`${site.url}/page`]);
    } finally {
      await fetcher.close();
      blocking.seen.length = 0;
      forwarding.seen.length = 0;
    }
  });

  it('throws blocked after trying each proxy once', async () => {
    const other = await startProxy('block');
    const fetcher = createFetcher(testConfig({ fetch: { proxies: [blocking.url, other.url] } }));
    try {
      const err = await quarryError(fetcher.fetch({ url: `${site.url}/page` }));
      expect(err.code).toBe('blocked');
      expect(err.fields).toMatchObject({ attempts: 2, vendor: 'cloudflare', block_type: 'challenge' });
      expect(err.message).toContain('all 2 attempts');
      expect([blocking.seen.length, other.seen.length]).toEqual([1, 1]);
    } finally {
      await fetcher.close();
      await other.close();
      blocking.seen.length = 0;
    }
  });

  it('rotates round-robin across calls', async () => {
    const second = await startProxy('forward');
    const fetcher = createFetcher(testConfig({ fetch: { proxies: [forwarding.url, second.url] } }));
    try {
      const texts = [];
      for (let i = 0; i < 4; i++) texts.push((await fetcher.fetch({ url: `${site.url}/page` })).text);
      expect(texts).toEqual([forwarding.url, second.url, forwarding.url, second.url].map((u) => `hello via ${u}`));
    } finally {
      await fetcher.close();
      await second.close();
      forwarding.seen.length = 0;
    }
  });

  it('still applies the private-address guard to targets reached through a proxy', async () => {
    const fetcher = createFetcher(testConfig({ fetch: { proxies: [forwarding.url] } }));
    try {
      const err = await quarryError(fetcher.fetch({ url: 'http://10.0.0.1/' }));
      expect(err.fields.reason).toBe('private_address');
      expect(forwarding.seen).toEqual([]);
    } finally {
      await fetcher.close();
    }
  });

  it('keeps proxy credentials out of labels', () => {
    expect(redactProxy('http://user:secret@proxy.example:3128')).toBe('http://proxy.example:3128');
  });
});
