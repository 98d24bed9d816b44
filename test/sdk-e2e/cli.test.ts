/**
 * The user CLI (packages/sdk/bin/quarry-user.js) as child processes against a real server with a
 * worker: login stores the key, build --wait follows a real build with a progress bar, apis list,
 * call (the GET method found in the caller's tasks), marketplace search of the build's release,
 * and the exit codes of refusals.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite, BOOKS } from '../fixtures/sites/books.js';
import { CLI, runNode } from './helpers.js';

describe('the quarry-user CLI against a real server', () => {
  let t: TestApp;
  let site: FixtureSite;
  let base: string;
  let user: TestUser;
  let home: string;
  let scraperId: string;
  /** The CLI with a home of its own; after login, no key or address in the environment. */
  const cli = (args: string[], env: Record<string, string> = {}, stdin = '') =>
    runNode([CLI, ...args], { HOME: home, XDG_CONFIG_HOME: path.join(home, 'xdg'), ...env }, stdin);

  beforeAll(async () => {
    t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '30000' } });
    site = await startFixtureSite(booksSite());
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    user = await t.user('developer');
    home = await mkdtemp(path.join(os.tmpdir(), 'quarry-cli-e2e-'));
  });
  afterAll(async () => {
    await t.close();
    await site.close();
    await rm(home, { recursive: true, force: true });
  });

  it('login checks the key with the server and stores it; a refused key stores nothing', async () => {
    const refused = await cli(['login', '--key', 'pmx_' + 'x'.repeat(43), '--base-url', base]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: Invalid API key \(HTTP 401, request id [0-9a-f-]{36}\)/);
    await expect(readFile(path.join(home, 'xdg', 'quarry', 'config.json'), 'utf8')).rejects.toThrow(/ENOENT/);

    const res = await cli(['login', '--base-url', base], {}, `${user.key}\n`);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`Logged in to ${base} as ${user.email} (plan developer,`);
    const stored = JSON.parse(await readFile(path.join(home, 'xdg', 'quarry', 'config.json'), 'utf8'));
    expect(stored).toEqual({ baseUrl: base, apiKey: user.key });
  });

  it('build --wait follows a real build with a progress bar and prints the API', async () => {
    const res = await cli(['build', `${site.url}/`, '--task', 'Get the book details from each book page: title, price', '--wait', '--interval-ms', '50']);
    expect(res.code, res.stderr).toBe(0);
    const bars = res.stderr.split('\n').filter((l) => l.startsWith('['));
    expect(bars.length).toBeGreaterThanOrEqual(1);
    expect(bars.at(-1)).toMatch(/^\[#{20}\] 100%  done/);
    const m = /\(scraper ([0-9a-f-]{36}), task ([0-9a-f-]{36})\)/.exec(res.stdout);
    expect(m, res.stdout).not.toBeNull();
    scraperId = m![1];
    expect(res.stdout).toMatch(/GET {2}get_\w+/);
  }, 90_000);

  it('apis list shows the API', async () => {
    const res = await cli(['apis', 'list']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^${scraperId}  .+  \\[.*get_\\w+.*\\]$`, 'm'));
  });

  it('call runs an endpoint (GET, learned from the tasks) and prints its JSON; credits on stderr', async () => {
    const task = (await t.call('GET', '/dispatch/tasks?status=completed', { key: user.key })).json().tasks[0];
    const detail = task.generated_api.endpoints.find((e: any) => e.endpoint_name.startsWith('get_'));
    const params = Object.entries(detail.sample_inputs).flatMap(([k, v]) => ['--param', `${k}=${String(v)}`]);
    const res = await cli(['call', scraperId, detail.endpoint_name, ...params]);
    expect(res.code, res.stderr).toBe(0);
    const body = JSON.parse(res.stdout);
    expect(BOOKS.map((b) => b.title)).toContain(body.data.title);
    expect(res.stderr).toMatch(/request [0-9a-f-]{36} · 1 credit\(s\) charged · \d+ left/);
    const paths = site.requests.map((r) => r.path);
    expect(paths.at(-1)).toContain('/catalogue/');

    const bad = await cli(['call', scraperId, detail.endpoint_name]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^error: .+ \(HTTP 422, request id [0-9a-f-]{36}\)/);
  });

  it('marketplace search finds the release of the build, without a key', async () => {
    const res = await runNode([CLI, 'marketplace', 'search', 'books', '--base-url', base], { HOME: home, XDG_CONFIG_HOME: path.join(home, 'none') });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/\(\d+ endpoints, [a-z-]+\)\s+id \S+/);
    expect(res.stdout).toMatch(/^1 of 1 shown$/m);
  });

  it('a failed build exits 1 with its reason', async () => {
    const res = await cli(['build', 'http://127.0.0.1:9/', '--task', 'x', '--wait', '--interval-ms', '50']);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/error: Task \S+ failed: .*reach/i);
  }, 90_000);
});
