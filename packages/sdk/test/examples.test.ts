/**
 * The README's examples (packages/sdk/examples/*.ts) run as real programs against the
 * scripted service, so the documented code is proven to run. The type-only imports below
 * put the examples in the type-checked program (`tsc --noEmit`) without running them here.
 */
import type {} from '../examples/quickstart.js';
import type {} from '../examples/marketplace.js';
import type {} from '../examples/errors.js';
import type {} from '../examples/events.js';
import type {} from '../examples/session.js';
import type {} from '../examples/updates.js';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeQuarry, type Answer, type FakeQuarry } from './helpers/fake-quarry.js';
import { completedTask, endpointDef, listing, progress } from './helpers/records.js';
import { runProcess } from './helpers/run-process.js';

const KEY = 'pmx_examples';
let server: FakeQuarry;

beforeAll(async () => {
  server = await startFakeQuarry({ apiKey: KEY });
});
afterAll(() => server.close());

function example(name: string, args: string[] = [], env: Record<string, string> = {}) {
  const file = fileURLToPath(new URL(`../examples/${name}.ts`, import.meta.url));
  return runProcess(['--import', 'tsx', file, ...args], { QUARRY_API_KEY: KEY, QUARRY_BASE_URL: server.url, ...env });
}

const envelope = (status: number, error: Record<string, unknown>): Answer => ({ status, body: { error, status_code: status } });

describe('examples', () => {
  it('quickstart: build, wait with progress, call the first endpoint', async () => {
    server.on('POST', '/dispatch', { body: { task_id: 't_qs', matched: false, test_inputs: [], may_require_auth: false } });
    server.on('GET', '/dispatch/tasks/t_qs', { body: completedTask({ id: 't_qs' }) });
    server.on('POST', '/scraper/scr_books/list_books', {
      body: { status: 'success', data: [{ title: 'Dune' }], meta: { page: 1, has_more: true } },
      headers: { 'x-credits-charged': '1', 'x-credits-remaining': '899' },
    });
    const res = await example('quickstart');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Building (task t_qs)');
    expect(res.stdout).toContain('100%  done  Ready');
    expect(res.stdout).toContain('GET get_book: List books of a catalogue page');
    expect(res.stdout).toContain('"title": "Dune"');
    expect(res.stdout).toContain('More pages are available.');
    expect(res.stdout).toMatch(/Request req_\d+: 1 credit\(s\) charged, 899 left/);
    expect(server.received('POST', '/scraper/scr_books/list_books').at(-1)?.body).toEqual({ page: 1 });
  });

  it('marketplace: search, call the canonical (GET learned from the listing), subscribe', async () => {
    server.on('GET', '/marketplace/apis', { body: { items: [listing()], total: 1, limit: 5, offset: 0 } });
    server.on('GET', '/marketplace/apis/mkt_books', {
      body: {
        ...listing(),
        canonical_scraper_id: 'scr_canon',
        latest_version: 3,
        apis: [endpointDef({ method: 'GET', endpoint_name: 'search_books', sample_inputs: { q: 'dune' } })],
      },
    });
    server.on('GET', '/scraper/scr_canon/search_books', { body: { status: 'success', data: [] } });
    server.on('POST', '/marketplace/apis/mkt_books/subscribe', { body: { scraper_id: 'scr_mine', canonical_scraper_id: 'scr_canon' } });
    server.on('GET', '/marketplace/search-endpoints', {
      body: {
        query: 'book prices',
        apis: [],
        endpoints: [{ api_id: 'mkt_books', api_slug: 'books-to-scrape', api_name: 'Books', endpoint_name: 'search_books', method: 'GET', summary: 'Search books', score: 0.9 }],
      },
    });
    const res = await example('marketplace', ['book prices']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('books-to-scrape: Books to Scrape (2 endpoints)');
    expect(res.stdout).toContain('release 3, canonical scr_canon');
    expect(res.stdout).toContain('search_books -> success');
    expect(res.stdout).toContain('/scraper/scr_mine/search_books');
    expect(res.stdout).toContain('books-to-scrape/search_books: Search books');
    expect(server.received('GET', '/scraper/scr_canon/search_books').at(-1)?.query.get('q')).toBe('dune');
    expect(server.received('GET', '/marketplace/apis').at(-1)?.query.get('q')).toBe('book prices');
  });

  const errorCases: Array<[string, Answer, RegExp]> = [
    ['stale input', envelope(422, { status: 'stale_input', kind: 'input_not_found', message: 'book nope is gone' }), /Bad input \(input_not_found\): book nope is gone/],
    ['upstream 404', envelope(502, { status: 'upstream_error', message: 'x', upstream_status_code: 404, url: 'https://b.example/nope', snippet: 'Not here' }), /The site answered 404 for https:\/\/b.example\/nope: Not here/],
    ['permanent block', envelope(503, { status: 'blocked', kind: 'ip_burned', message: 'x', vendor: 'akamai', attempts: 4, retry_after: null }), /Blocked by akamai after 4 attempts; retry after: not advised/],
    ['scraper bug', envelope(500, { status: 'error', kind: 'scraper_bug', message: 'selector matched nothing' }), /The scraper has a bug \(selector matched nothing\)/],
    ['daily limit', envelope(429, { error: 'Rate limit exceeded', limit_type: 'daily', retry_after: 50_000 }), /Rate limited \(daily\); try again in 50000 s/],
    ['credits', envelope(402, { message: 'Not enough credits', credits_required: 1, credits_remaining: 0 }), /Out of credits: 0 left, 1 needed/],
  ];
  for (const [name, answer, expected] of errorCases) {
    it(`errors: ${name}`, async () => {
      server.on('POST', '/scraper/scr_err/get_book', answer);
      const res = await example('errors', ['scr_err', 'get_book', '{"id":"nope"}']);
      expect(res.code).toBe(0);
      expect(res.stdout).toMatch(expected);
      expect(res.stdout).toMatch(/Quote request id req_\d+ to support/);
      expect(server.received('POST', '/scraper/scr_err/get_book').at(-1)?.body).toEqual({ id: 'nope' });
    });
  }

  it('events: follows the SSE stream until the server closes it', async () => {
    server.on('POST', '/dispatch', { body: { task_id: 't_ev', matched: false, test_inputs: [], may_require_auth: false } });
    // The server's own shapes (src/http/routes/dispatch/events.ts): progress {status, progress}, then done.
    server.on('GET', '/dispatch/tasks/t_ev/events', async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const p of [progress({ percent: 30 }), progress({ stage: 'testing', percent: 90, headline: 'Testing' })]) {
        res.write(`event: progress\ndata: ${JSON.stringify({ status: 'running', progress: p })}\n\n`);
        await new Promise((r) => setTimeout(r, 5));
      }
      res.end('event: done\ndata: {"status":"completed","error":null,"result_scraper_id":"scr_books"}\n\n');
    });
    server.on('GET', '/dispatch/tasks/t_ev', { body: completedTask({ id: 't_ev' }) });
    const res = await example('events');
    expect(res.code).toBe(0);
    expect(res.stdout.trim().split('\n')).toEqual([
      '30%  exploring  Looking at pages',
      '90%  testing  Testing',
      'done: completed',
      'Task t_ev is completed',
    ]);
  });

  it('session: logs in, passes the session, and explains an expired one', async () => {
    server.on('POST', '/scraper/scr_auth/login', { body: { status: 'success', data: {}, session_id: 'sess_9', encryption_key: 'ek_9' } });
    server.on('POST', '/scraper/scr_auth/list_orders', { body: { status: 'success', data: [1, 2, 3] } });
    const ok = await example('session', ['scr_auth']);
    expect([ok.code, ok.stdout.trim()]).toEqual([0, '3 orders on page 1']);
    const sent = server.received('POST', '/scraper/scr_auth/list_orders').at(-1);
    expect([sent?.headers['x-session-id'], sent?.headers['x-encryption-key']]).toEqual(['sess_9', 'ek_9']);

    server.on('POST', '/scraper/scr_auth/list_orders', envelope(422, { status: 'stale_input', kind: 'session_invalid', message: 'unknown session' }));
    const expired = await example('session', ['scr_auth']);
    expect([expired.code, expired.stdout.trim()]).toEqual([0, 'The session expired: log in again.']);
  });

  it('updates: lists, previews, merges, rolls back, exports', async () => {
    server.on('GET', '/dispatch/tasks/t_sub/updates', {
      body: { updates: [{ endpoint_name: 'get_book', type: 'updated', description: 'd', method: 'GET', user_has_called: true }], canonical_scraper_id: 'scr_canon' },
    });
    server.on('POST', '/dispatch/tasks/t_sub/preview-update/get_book', { body: { status: 'error', data: null, sample_inputs: {} } });
    server.on('POST', '/dispatch/tasks/t_sub/merge-updates', { body: { merged: 1, endpoints: ['get_book'], code_merged: false } });
    server.on('POST', '/dispatch/tasks/t_sub/rollback-merge', { body: { rolled_back: true } });
    server.on('GET', '/dispatch/tasks/t_sub', { body: completedTask({ id: 't_sub' }) });
    server.on('GET', '/v1/apis/scr_books/openapi.json', (req): Answer =>
      req.headers['if-none-match'] === '"v1"' ? { status: 304, headers: { etag: '"v1"' } } : { body: { openapi: '3.1.0', paths: {} }, headers: { etag: '"v1"' } },
    );
    server.on('GET', '/dispatch/tasks/t_sub/export/mcp', { body: { tools: [{ name: 'books__get_book', description: 'd', inputSchema: {} }] } });
    const res = await example('updates', ['t_sub']);
    expect(res.stderr).toBe('');
    expect(res.stdout.trim().split('\n')).toEqual([
      'updated GET get_book (you use it)',
      'Preview of get_book: error',
      'Merged 1 endpoint(s); code merged: false',
      'Rolled back: true',
      'OpenAPI 3.1.0, ETag "v1"',
      'Unchanged since: true',
      'MCP tools: books__get_book',
    ]);
    expect(server.received('POST', '/dispatch/tasks/t_sub/merge-updates').at(-1)?.body).toEqual({ endpoints: ['get_book'] });
  });
});

describe('README', () => {
  it('the quick start block is the code of examples/quickstart.ts', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const block = /## Quick start[^\n]*\n+```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    const example = await readFile(new URL('../examples/quickstart.ts', import.meta.url), 'utf8');
    const code = example
      .split('\n')
      .filter((line) => !line.startsWith('/* eslint') && !line.startsWith('// Build an API') && !line.startsWith('//   '))
      .join('\n')
      .trim();
    expect(block?.trim()).toBe(code);
  });

  it('every example file is linked from the README', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    for (const name of ['quickstart', 'marketplace', 'errors', 'events', 'session', 'updates']) {
      expect(readme).toContain(`(examples/${name}.ts)`);
    }
  });
});
