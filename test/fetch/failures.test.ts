import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHttp } from '../../src/errors/index.js';
import { createFetcher, type Fetcher } from '../../src/fetch/index.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { quarryError, testConfig } from './helpers.js';

/** A raw TCP server: each connection gets the behaviour of `onSocket`. */
async function rawServer(onSocket: (socket: net.Socket) => void): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

let site: FixtureSite;
let fetcher: Fetcher;
const held: Array<() => void> = [];

beforeAll(async () => {
  site = await startFixtureSite([
    // Never answers until the test ends.
    ['/hang', (_req, res) => void held.push(() => res.destroy())],
    // Sends headers and a first chunk, then stalls.
    [
      '/stall-body',
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first chunk');
        held.push(() => res.destroy());
      },
    ],
    ['/ok', 'fine'],
  ]);
  fetcher = createFetcher(testConfig({ fetch: { totalTimeoutMs: 300 } }));
});

afterAll(async () => {
  for (const release of held) release();
  await fetcher.close();
  await site.close();
});

describe('time-outs', () => {
  it('fails a request whose answer never comes', async () => {
    const err = await quarryError(fetcher.fetch({ url: `${site.url}/hang` }));
    expect(err.code).toBe('upstream_error');
    expect(err.fields).toMatchObject({ reason: 'timeout', upstream_status_code: null, url: `${site.url}/hang` });
    expect(err.retryable).toBe(true);
    expect(toHttp(err).statusCode).toBe(502);
  });

  it('fails a body that stalls midway, naming the status already received', async () => {
    const err = await quarryError(fetcher.fetch({ url: `${site.url}/stall-body` }));
    expect(err.fields).toMatchObject({ reason: 'timeout', upstream_status_code: 200 });
  });

  it('takes a per-request time-out', async () => {
    const patient = createFetcher(testConfig({ fetch: { totalTimeoutMs: 60_000 } }));
    try {
      const err = await quarryError(patient.fetch({ url: `${site.url}/hang`, timeoutMs: 200 }));
      expect(err.fields.reason).toBe('timeout');
      expect(err.message).toContain('200 ms');
    } finally {
      await patient.close();
    }
  });

  it('rethrows the caller’s own abort untouched', async () => {
    const controller = new AbortController();
    const pending = fetcher.fetch({ url: `${site.url}/hang`, signal: controller.signal, timeoutMs: 10_000 });
    controller.abort(new Error('client went away'));
    await expect(pending).rejects.toThrow('client went away');
  });
});

describe('connection failures', () => {
  it('reports a connection reset before any answer', async () => {
    const server = await rawServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
    try {
      const err = await quarryError(fetcher.fetch({ url: `${server.url}/` }));
      expect(err.fields).toMatchObject({ reason: 'connection_reset', upstream_status_code: null });
    } finally {
      await server.close();
    }
  });

  it('reports a connection closed in the middle of the body', async () => {
    const server = await rawServer((socket) =>
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 1000\r\n\r\nonly part');
        setTimeout(() => socket.destroy(), 20);
      }),
    );
    try {
      const err = await quarryError(fetcher.fetch({ url: `${server.url}/` }));
      expect(err.fields).toMatchObject({ reason: 'connection_reset', upstream_status_code: 200 });
    } finally {
      await server.close();
    }
  });

  it('reports a refused connection', async () => {
    const server = await rawServer(() => undefined);
    const { url } = server;
    await server.close();
    const err = await quarryError(fetcher.fetch({ url: `${url}/` }));
    expect(err.fields).toMatchObject({ reason: 'connect_failed', upstream_status_code: null });
  });

  it('keeps working after failures', async () => {
    expect((await fetcher.fetch({ url: `${site.url}/ok` })).text).toBe('fine');
  });
});
