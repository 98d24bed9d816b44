/**
 * Real HTTP fixture sites on 127.0.0.1. A site is a route table: path (exact, or a RegExp)
 * -> a handler or a static answer. Tests get the base URL and close the server after.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export type FixtureHandler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  body: string,
) => void | FixtureAnswer | Promise<void | FixtureAnswer>;

export type FixtureRoutes = Array<[string | RegExp, FixtureHandler | FixtureAnswer | string]>;

export interface FixtureSite {
  url: string;
  port: number;
  /** Every request received, in order: method and path with query. */
  requests: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

export async function startFixtureSite(routes: FixtureRoutes): Promise<FixtureSite> {
  const requests: FixtureSite['requests'] = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const route = routes.find(([p]) => (typeof p === 'string' ? p === url.pathname : p.test(url.pathname)));
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    const target = route[1];
    let answer: void | FixtureAnswer;
    if (typeof target === 'string') answer = { body: target };
    else if (typeof target === 'function') {
      try {
        answer = await target(req, res, url, body);
      } catch (err) {
        res.writeHead(500).end(String(err));
        return;
      }
    } else answer = target;
    if (!answer || res.headersSent || res.writableEnded) return;
    res.writeHead(answer.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...answer.headers });
    res.end(answer.body ?? '');
  });
  // Long enough that clients keep connections (undici subtracts a 1 s threshold from the hint).
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
