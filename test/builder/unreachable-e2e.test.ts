/**
 * A site that cannot be reached fails the build saying so, with the address: not "nothing
 * matching the task was found", which sends a person to rewrite a description that was fine.
 * Connection refused (a port nothing listens on) and a time-out (a server that accepts and
 * never answers), both on 127.0.0.1.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { build } from './helpers.js';

describe('a build of a site that cannot be reached', () => {
  let t: TestApp;
  let u: TestUser;
  let silent: net.Server;
  const held: net.Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '20000', QUARRY_FETCH_TIMEOUT_MS: '1500' } });
    u = await t.user('developer');
    // Accepts connections and never answers a byte.
    silent = net.createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const s of held) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await t.close();
  });

  async function closedPort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it('connection refused: the task fails saying the site could not be reached, and where', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/books/`;
    const task = await build(t, u, url, 'list the books with title and price');
    expect(task.status).toBe('failed');
    expect(task.error, task.error).toMatch(/could not be reached/i);
    expect(task.error).toContain(url);
    expect(task.error).not.toMatch(/nothing matching|clearer/i);
  });

  it('no answer in time: the task fails saying the site could not be reached, and where', async () => {
    const url = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}/catalogue/`;
    const task = await build(t, u, url, 'list the books with title and price');
    expect(task.status).toBe('failed');
    expect(task.error, task.error).toMatch(/could not be reached/i);
    expect(task.error).toContain(url);
  });
});
