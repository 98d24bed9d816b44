/**
 * The private-address guard inside the browser. Chromium is started with this local proxy as
 * its only way out (`--proxy-server`, loopback not bypassed), so EVERY request a page makes
 * (documents, scripts, XHR/fetch, frames, each redirect hop, WebSocket tunnels) reaches us
 * first. The proxy resolves the target host, checks every address with the fetch layer's
 * guard (address-guard.ts) and connects to the checked address itself: a refused target is
 * answered 403 before any socket to it is opened, and there is no DNS-rebinding window
 * between the check and the connect.
 *
 * Why a proxy rather than Playwright's request routing: routing does not see redirect hops
 * and hands the connection back to Chromium's own resolver after the check.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { PrivateAddressError, resolveChecked, type AllowPrivateTargets, type ResolvedAddress, type Resolver } from '../address-guard.js';

export interface Refusal {
  url: string;
  address: string;
}

export interface GuardProxy {
  /** `http://127.0.0.1:PORT` for Chromium's --proxy-server. */
  url: string;
  /** The latest refusals (at most 100), oldest first. */
  refused: Refusal[];
  close(): Promise<void>;
}

const MAX_REFUSALS = 100;
const IDLE_MS = 60_000;
/** Hop-by-hop headers a proxy must not forward. */
const HOP = new Set(['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade']);

export async function startGuardProxy(options: { allow: AllowPrivateTargets; resolver: Resolver; onRefused?: (r: Refusal) => void }): Promise<GuardProxy> {
  const refused: Refusal[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: IDLE_MS });

  /** The checked address to connect to, or null after answering the refusal. */
  async function check(host: string, url: string): Promise<ResolvedAddress | null> {
    try {
      const [first] = await resolveChecked(host, options.allow, options.resolver);
      return first;
    } catch (err) {
      const address = err instanceof PrivateAddressError ? err.address : '';
      if (err instanceof PrivateAddressError) {
        const refusal = { url, address };
        refused.push(refusal);
        if (refused.length > MAX_REFUSALS) refused.shift();
        options.onRefused?.(refusal);
      }
      throw err;
    }
  }

  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
      if (target.protocol !== 'http:') throw new Error('not http');
    } catch {
      res.writeHead(400).end();
      return;
    }
    check(target.hostname, target.href).then(
      (addr) => {
        const headers: http.OutgoingHttpHeaders = {};
        for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k) && v !== undefined) headers[k] = v;
        const upstream = http.request(
          { host: addr!.address, family: addr!.family, port: Number(target.port || 80), method: req.method, path: target.pathname + target.search, headers, agent },
          (up) => {
            const out: http.OutgoingHttpHeaders = {};
            for (const [k, v] of Object.entries(up.headers)) if (!HOP.has(k) && v !== undefined) out[k] = v;
            res.writeHead(up.statusCode ?? 502, out);
            up.pipe(res);
          },
        );
        upstream.on('error', () => res.headersSent ? res.destroy() : res.writeHead(502).end());
        req.pipe(upstream);
      },
      (err: unknown) => {
        const refusedHere = err instanceof PrivateAddressError;
        if (!res.headersSent) res.writeHead(refusedHere ? 403 : 502, { 'x-quarry-refused': refusedHere ? 'private-address' : 'unreachable' }).end();
      },
    );
  });

  // CONNECT tunnels: https and WebSockets (Chromium tunnels ws:// and wss:// through CONNECT).
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(req.url ?? '');
    client.on('error', () => client.destroy());
    if (!m) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const [, host, port] = m;
    check(host, `connect://${req.url}`).then(
      (addr) => {
        const upstream = net.connect({ host: addr!.address, port: Number(port), family: addr!.family });
        upstream.setTimeout(IDLE_MS, () => upstream.destroy());
        upstream.on('connect', () => {
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          if (head.length) upstream.write(head);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
      },
      (err: unknown) => {
        client.end(err instanceof PrivateAddressError ? 'HTTP/1.1 403 Forbidden\r\nx-quarry-refused: private-address\r\n\r\n' : 'HTTP/1.1 502 Bad Gateway\r\n\r\n');
      },
    );
  });
  server.on('clientError', (_err, socket) => socket.destroy());

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
