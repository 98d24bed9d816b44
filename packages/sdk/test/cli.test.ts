/**
 * The user CLI, run as `node packages/sdk/bin/quarry-user.js ...` child processes against the
 * scripted service, with a temporary HOME and XDG_CONFIG_HOME.
 */
import { mkdtemp, readFile, rm, stat, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeQuarry, type FakeQuarry } from './helpers/fake-quarry.js';
import { account, completedTask, listing, progress, task } from './helpers/records.js';
import { runProcess } from './helpers/run-process.js';

const BIN = fileURLToPath(new URL('../bin/quarry-user.js', import.meta.url));
const KEY = 'pmx_good';

let server: FakeQuarry;
let home: string;
let xdg: string;

beforeAll(async () => {
  server = await startFakeQuarry({ apiKey: KEY });
  server.on('GET', '/account', { body: account });
});
afterAll(() => server.close());

beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'quarry-cli-home-'));
  xdg = path.join(home, 'xdg');
  return () => rm(home, { recursive: true, force: true });
});

/** Run the CLI; `env` adds to the temp HOME/XDG and the fake service's address. */
function cli(args: string[], env: Record<string, string> = {}, stdin?: string) {
  return runProcess([BIN, ...args], { HOME: home, XDG_CONFIG_HOME: xdg, QUARRY_BASE_URL: server.url, ...env }, stdin);
}
const keyed = { QUARRY_API_KEY: KEY };

describe('login', () => {
  it('checks the key, stores it with the address in a 0600 file', async () => {
    const res = await cli(['login', '--key', KEY]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('as ada@example.com (plan hobby, 900 credits left)');
    const file = path.join(xdg, 'quarry', 'config.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ baseUrl: server.url, apiKey: KEY });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
  });

  it('reads the key from stdin and falls back to ~/.config without XDG_CONFIG_HOME', async () => {
    const res = await runProcess([BIN, 'login'], { HOME: home, QUARRY_BASE_URL: server.url }, `${KEY}\n`);
    expect(res.code).toBe(0);
    const stored = JSON.parse(await readFile(path.join(home, '.config', 'quarry', 'config.json'), 'utf8'));
    expect(stored.apiKey).toBe(KEY);
  });

  it('a refused key exits 1 with the reason and request id, and stores nothing', async () => {
    const res = await cli(['login', '--key', 'pmx_bad']);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/error: invalid API key \(HTTP 401, request id req_\d+\)/);
    await expect(stat(path.join(xdg, 'quarry', 'config.json'))).rejects.toThrow();
  });

  it('the stored key is used, and QUARRY_API_KEY overrides it', async () => {
    server.on('GET', '/dispatch/tasks', { body: { tasks: [], total: 0 } });
    expect((await cli(['login', '--key', KEY])).code).toBe(0);
    const fromFile = await runProcess([BIN, 'apis', 'list'], { HOME: home, XDG_CONFIG_HOME: xdg });
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout).toContain('No completed APIs yet');
    const overridden = await cli(['apis', 'list'], { QUARRY_API_KEY: 'pmx_other' });
    expect(overridden.code).toBe(1);
    expect(overridden.stderr).toContain('invalid API key');
  });

  it('QUARRY_BASE_URL overrides the stored address', async () => {
    await mkdir(path.join(xdg, 'quarry'), { recursive: true });
    await writeFile(path.join(xdg, 'quarry', 'config.json'), JSON.stringify({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY }));
    server.on('GET', '/dispatch/tasks', { body: { tasks: [], total: 0 } });
    expect((await cli(['apis', 'list'])).code).toBe(0);
  });
});

describe('build', () => {
  it('--wait draws progress on stderr and prints the API', async () => {
    server.on('POST', '/dispatch', { body: { task_id: 't_build', matched: false, test_inputs: [], may_require_auth: false } });
    server.on(
      'GET',
      '/dispatch/tasks/t_build',
      { body: task({ id: 't_build', status: 'queued', progress: progress({ stage: 'queued', percent: 0, headline: 'Waiting for a worker' }) }) },
      { body: task({ id: 't_build', status: 'running', progress: progress({ stage: 'exploring', percent: 40, headline: 'Looking at pages' }) }) },
      { body: completedTask({ id: 't_build' }) },
    );
    const res = await cli(['build', 'https://books.example', '--task', 'list books', '--wait', '--interval-ms', '1'], keyed);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('[--------------------]   0%  queued  Waiting for a worker');
    expect(res.stderr).toContain('[########------------]  40%  exploring  Looking at pages');
    expect(res.stderr).toContain('[####################] 100%  done  Ready');
    expect(res.stdout).toContain('Books to Scrape  (scraper scr_books, task t_build)');
    expect(res.stdout).toMatch(/GET {2}get_book/);
    expect(server.received('POST', '/dispatch').at(-1)?.body).toEqual({ url: 'https://books.example', task: 'list books' });
  });

  it('without --wait prints the task id; --private opts out of the marketplace', async () => {
    server.on('POST', '/dispatch', { body: { task_id: 't_q', matched: false, test_inputs: [], may_require_auth: false } });
    const res = await cli(['build', 'https://books.example', '--private'], keyed);
    expect([res.code, res.stdout.trim()]).toEqual([0, 'Queued task t_q']);
    expect(server.received('POST', '/dispatch').at(-1)?.body).toEqual({ url: 'https://books.example', contributes_to_marketplace: false });
  });

  it('a failed build exits 1 with its reason', async () => {
    server.on('POST', '/dispatch', { body: { task_id: 't_bad', matched: false, test_inputs: [], may_require_auth: false } });
    server.on('GET', '/dispatch/tasks/t_bad', { body: task({ id: 't_bad', status: 'failed', error: 'The site refused every request' }) });
    const res = await cli(['build', 'https://books.example', '--wait', '--interval-ms', '1'], keyed);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Task t_bad failed: The site refused every request');
  });

  it('a refused dispatch exits 1 with the message and request id', async () => {
    server.on('POST', '/dispatch', { status: 402, body: { error: { message: 'Not enough credits', credits_required: 75, credits_remaining: 3 }, status_code: 402 } });
    const res = await cli(['build', 'https://books.example', '--private'], keyed);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/error: Not enough credits \(HTTP 402, request id req_\d+\)/);
  });
});

describe('call', () => {
  it('parses --param values as JSON when they parse, and prints the body', async () => {
    server.on('POST', '/scraper/scr_x/search', {
      body: { status: 'success', data: [{ title: 'Dune' }] },
      headers: { 'x-credits-charged': '1', 'x-credits-remaining': '899' },
    });
    const res = await cli(
      ['call', 'scr_x', 'search', '--method', 'post', '--param', 'page=2', '--param', 'q=dune messiah', '--param', 'tags=["a"]', '-p', 'exact=true', '--param', 'note={oops'],
      keyed,
    );
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ status: 'success', data: [{ title: 'Dune' }] });
    expect(server.received('POST', '/scraper/scr_x/search').at(-1)?.body).toEqual({
      page: 2,
      q: 'dune messiah',
      tags: ['a'],
      exact: true,
      note: '{oops',
    });
    expect(res.stderr).toContain('1 credit(s) charged · 899 left');
  });

  it('without --method, finds the method in the completed tasks (GET: params in the query)', async () => {
    server.on('GET', '/dispatch/tasks', { body: { tasks: [completedTask()], total: 1 } });
    server.on('GET', '/scraper/scr_books/get_book', { body: { status: 'success', data: { id: 'b1' } } });
    const res = await cli(['call', 'scr_books', 'get_book', '--param', 'id=b1'], keyed);
    expect(res.code).toBe(0);
    expect(server.received('GET', '/scraper/scr_books/get_book').at(-1)?.query.get('id')).toBe('b1');
  });

  it('an execution error exits 1 with the message and request id', async () => {
    server.on('POST', '/scraper/scr_x/broken', {
      status: 422,
      body: { error: { status: 'stale_input', kind: 'input_format_invalid', message: 'page must be an integer' }, status_code: 422 },
    });
    const res = await cli(['call', 'scr_x', 'broken', '--method', 'POST', '--param', 'page=x'], keyed);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/error: page must be an integer \(HTTP 422, request id req_\d+\)/);
  });
});

describe('apis list and marketplace search', () => {
  it('apis list prints one line per scraper of the completed tasks', async () => {
    server.on('GET', '/dispatch/tasks', {
      body: { tasks: [completedTask({ id: 't2' }), completedTask({ id: 't1' }), completedTask({ id: 't3', result_scraper_id: 'scr_news', generated_api: null })], total: 3 },
    });
    const res = await cli(['apis', 'list'], keyed);
    expect(res.code).toBe(0);
    expect(res.stdout.trim().split('\n')).toEqual(['scr_books  Books to Scrape  [list_books, get_book]', 'scr_news  https://books.example  []']);
    expect(server.received('GET', '/dispatch/tasks').at(-1)?.query.get('status')).toBe('completed');
  });

  it('marketplace search needs no key', async () => {
    server.on('GET', '/marketplace/apis', { body: { items: [listing()], total: 4, limit: 20, offset: 0 } });
    const res = await cli(['marketplace', 'search', 'cheap', 'books', '--category', 'e-commerce']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('books-to-scrape  Books to Scrape  (2 endpoints, e-commerce)  id mkt_books');
    expect(res.stdout).toContain('1 of 4 shown');
    const req = server.received('GET', '/marketplace/apis').at(-1);
    expect([req?.query.get('q'), req?.query.get('category'), req?.headers['x-api-key']]).toEqual(['cheap books', 'e-commerce', undefined]);
  });
});

describe('usage errors exit 64', () => {
  const cases: Array<[string, string[], Record<string, string>, RegExp]> = [
    ['no command', [], {}, /usage: quarry-user <command>/],
    ['an unknown command', ['fly'], keyed, /unknown command "fly"/],
    ['an unknown option', ['apis', 'list', '--colour'], keyed, /Unknown option '--colour'/],
    ['a missing endpoint', ['call', 'scr_x'], keyed, /call takes SCRAPER and ENDPOINT/],
    ['a malformed --param', ['call', 'scr_x', 'search', '--param', 'novalue'], keyed, /--param expects key=value/],
    ['half a session', ['call', 'scr_x', 'search', '--session-id', 's'], keyed, /go together/],
    ['no key anywhere', ['apis', 'list'], {}, /not logged in/],
  ];
  for (const [name, args, env, message] of cases) {
    it(name, async () => {
      const res = await cli(args, env);
      expect(res.code).toBe(64);
      expect(res.stderr).toMatch(message);
    });
  }

  it('help exits 0 on stdout', async () => {
    const res = await cli(['--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('marketplace search');
  });
});
