/**
 * A scripted stand-in for the Quarry service: a real node:http server on 127.0.0.1 that
 * answers each route with the answers a test lines up (the last one repeats). It records every
 * request, stamps `X-Quarry-Request-Id` on every answer like the real service, checks the key
 * on keyed routes when told one, and answers unknown paths with `{detail: "Not Found"}`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON, or undefined when empty or not JSON. */
  body: unknown;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, instead of `body`. */
  raw?: string;
}

/** A handler may write the response itself (streams) and return nothing. */
export type Handler = (req: RecordedRequest, res: http.ServerResponse) => Answer | void | Promise<Answer | void>;

interface Route {
  method: string;
  path: string | RegExp;
  answers: Array<Answer | Handler>;
  served: number;
}

export interface FakeQuarry {
  url: string;
  requests: RecordedRequest[];
  /** Line up answers for a route; the last answer repeats. Later calls for the same route replace earlier ones. */
  on(method: string, path: string | RegExp, ...answers: Array<Answer | Handler>): void;
  /** Requests received for a method and path. */
  received(method: string, path: string | RegExp): RecordedRequest[];
  close(): Promise<void>;
}

export interface FakeQuarryOptions {
  /** When set, keyed routes (all but /marketplace GETs) answer 401 unless X-API-Key matches. */
  apiKey?: string;
}

export async function startFakeQuarry(options: FakeQuarryOptions = {}): Promise<FakeQuarry> {
  const routes: Route[] = [];
  const requests: RecordedRequest[] = [];
  let counter = 0;

  const server = http.createServer(async (req, res) => {
    const recorded = await record(req);
    requests.push(recorded);
    res.setHeader('x-quarry-request-id', `req_${++counter}`);
    if (options.apiKey && needsKey(recorded) && recorded.headers['x-api-key'] !== options.apiKey) {
      const reason = recorded.headers['x-api-key'] ? 'invalid API key' : 'missing X-API-Key header';
      return send(res, { status: 401, body: { error: reason, status_code: 401 } });
    }
    const route = [...routes].reverse().find((r) => r.method === recorded.method && matches(r.path, recorded.path));
    if (!route) return send(res, { status: 404, body: { detail: 'Not Found' } });
    const next = route.answers[Math.min(route.served++, route.answers.length - 1)];
    try {
      const answer = typeof next === 'function' ? await next(recorded, res) : next;
      if (answer && !res.headersSent) send(res, answer);
    } catch (err) {
      if (!res.headersSent) send(res, { status: 500, raw: `fake server handler threw: ${String(err)}` });
    }
  });
  server.keepAliveTimeout = 500;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(method, path, ...answers) {
      routes.push({ method, path, answers, served: 0 });
    },
    received: (method, path) => requests.filter((r) => r.method === method && matches(path, r.path)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function record(req: http.IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const rawBody = Buffer.concat(chunks).toString('utf8');
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  let body: unknown;
  try {
    body = rawBody ? JSON.parse(rawBody) : undefined;
  } catch {
    body = undefined;
  }
  return { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, rawBody, body };
}

function send(res: http.ServerResponse, answer: Answer): void {
  const headers: Record<string, string> = { ...answer.headers };
  const text = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
  if (answer.raw === undefined && answer.body !== undefined) headers['content-type'] ??= 'application/json; charset=utf-8';
  res.writeHead(answer.status ?? 200, headers);
  res.end(text);
}

const matches = (pattern: string | RegExp, path: string) => (typeof pattern === 'string' ? pattern === path : pattern.test(path));

const needsKey = (r: RecordedRequest) => !(r.method === 'GET' && r.path.startsWith('/marketplace/'));
