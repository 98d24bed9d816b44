/**
 * Each client method sends the contract's request (method, path, query, body, headers) and
 * hands back the typed answer; execution exposes the limit headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Quarry, sessionOf, type EndpointResponse } from '../src/index.js';
import { startFakeQuarry, type Answer, type FakeQuarry } from './helpers/fake-quarry.js';
import { account, completedTask, listing, task } from './helpers/records.js';

let server: FakeQuarry;
let quarry: Quarry;

beforeAll(async () => {
  server = await startFakeQuarry({ apiKey: 'pmx_good' });
  quarry = new Quarry({ apiKey: 'pmx_good', baseUrl: `${server.url}/`, maxRetries: 0 });
});
afterAll(() => server.close());

const last = () => server.requests[server.requests.length - 1];

describe('management', () => {
  it('dispatch posts the body and sends the key', async () => {
    server.on('POST', '/dispatch', { body: { task_id: 't1', matched: false, test_inputs: [], may_require_auth: false } });
    const res = await quarry.dispatch({ url: 'https://books.example', task: 'list books', contributes_to_marketplace: false });
    expect(res.task_id).toBe('t1');
    expect(last().body).toEqual({ url: 'https://books.example', task: 'list books', contributes_to_marketplace: false });
    expect(last().headers['x-api-key']).toBe('pmx_good');
    expect(last().headers['content-type']).toBe('application/json');
  });

  it('tasks.list sends only the given query parameters', async () => {
    server.on('GET', '/dispatch/tasks', { body: { tasks: [task()], total: 1 } });
    const res = await quarry.tasks.list({ status: 'completed', limit: 10 });
    expect(res.total).toBe(1);
    expect(Object.fromEntries(last().query)).toEqual({ status: 'completed', limit: '10' });
  });

  it('task operations hit their paths with their bodies', async () => {
    const calls: Array<[() => Promise<unknown>, string, string, unknown]> = [
      [() => quarry.tasks.get('t 1'), 'GET', '/dispatch/tasks/t%201', undefined],
      [() => quarry.tasks.respond('t1', { password: 'pw' }), 'POST', '/dispatch/t1', { user_response: { password: 'pw' } }],
      [() => quarry.tasks.cancel('t1'), 'POST', '/dispatch/tasks/t1/cancel', undefined],
      [() => quarry.tasks.revise('t1', { revision: 'add prices' }), 'POST', '/dispatch/tasks/t1/revise', { revision: 'add prices' }],
      [() => quarry.tasks.revisions('t1'), 'GET', '/dispatch/tasks/t1/revisions', undefined],
      [() => quarry.tasks.sdkExample('t1'), 'GET', '/dispatch/tasks/t1/sdk-example', undefined],
      [() => quarry.tasks.updates('t1'), 'GET', '/dispatch/tasks/t1/updates', undefined],
      [() => quarry.tasks.previewUpdate('t1', 'get_book', { id: 'b1' }), 'POST', '/dispatch/tasks/t1/preview-update/get_book', { params: { id: 'b1' } }],
      [() => quarry.tasks.mergeUpdates('t1', ['get_book']), 'POST', '/dispatch/tasks/t1/merge-updates', { endpoints: ['get_book'] }],
      [() => quarry.tasks.rollbackMerge('t1'), 'POST', '/dispatch/tasks/t1/rollback-merge', undefined],
      [() => quarry.tasks.exportMcp('t1'), 'GET', '/dispatch/tasks/t1/export/mcp', undefined],
      [() => quarry.scrapers.get('scr_books'), 'GET', '/scraper/scr_books', undefined],
      [() => quarry.scrapers.activeTask('scr_books'), 'GET', '/dispatch/scrapers/scr_books/active-task', undefined],
      [() => quarry.marketplace.get('mkt_books'), 'GET', '/marketplace/apis/mkt_books', undefined],
      [() => quarry.marketplace.subscribe('mkt_books'), 'POST', '/marketplace/apis/mkt_books/subscribe', undefined],
      [() => quarry.marketplace.fork('mkt_books'), 'POST', '/marketplace/apis/mkt_books/fork', undefined],
      [() => quarry.account.get(), 'GET', '/account', undefined],
    ];
    for (const [run, method, path, body] of calls) {
      const answer = { marker: path, tasks: [], task: null, apis: [] };
      server.on(method, path, { body: answer });
      expect(await run()).toEqual(answer);
      expect([last().method, last().path, last().body]).toEqual([method, path, body]);
      if (body === undefined) expect(last().rawBody).toBe('');
    }
  });

  it('account.get answers the account record', async () => {
    server.on('GET', '/account', { body: account });
    expect((await quarry.account.get()).credits_remaining).toBe(900);
  });
});

describe('marketplace', () => {
  it('search works without a key and encodes booleans and numbers', async () => {
    const anonymous = new Quarry({ baseUrl: server.url });
    server.on('GET', '/marketplace/apis', { body: { items: [listing()], total: 1, limit: 5, offset: 0 } });
    const page = await anonymous.marketplace.search({ q: 'books', semantic: false, limit: 5, category: 'e-commerce' });
    expect(page.items[0].slug).toBe('books-to-scrape');
    expect(last().headers['x-api-key']).toBeUndefined();
    expect(Object.fromEntries(last().query)).toEqual({ q: 'books', semantic: 'false', limit: '5', category: 'e-commerce' });
  });

  it('searchEndpoints uses the decided parameter names', async () => {
    server.on('GET', '/marketplace/search-endpoints', { body: { query: 'price', apis: [], endpoints: [] } });
    await quarry.marketplace.searchEndpoints({ q: 'price', limit_apis: 3, limit_endpoints: 7, country: 'FR' });
    expect(Object.fromEntries(last().query)).toEqual({ q: 'price', limit_apis: '3', limit_endpoints: '7', country: 'FR' });
  });
});

describe('openapi export', () => {
  it('returns the document with its ETag and pinned version, then 304 on the same ETag', async () => {
    const doc = { openapi: '3.1.0', info: { title: 'Books', version: '3' }, paths: {} };
    server.on('GET', '/v1/apis/scr_books/openapi.json', (req): Answer =>
      req.headers['if-none-match'] === '"abc"'
        ? { status: 304, headers: { etag: '"abc"' } }
        : { body: doc, headers: { etag: '"abc"', 'api-snapshot-version': req.query.get('version') ?? '' } },
    );
    const first = await quarry.apis.openapi('scr_books', { version: 3 });
    expect(first).toEqual({ notModified: false, document: doc, etag: '"abc"', snapshotVersion: 3 });
    expect(last().query.get('version')).toBe('3');
    const second = await quarry.apis.openapi('scr_books', { etag: '"abc"' });
    expect(second).toEqual({ notModified: true, etag: '"abc"', snapshotVersion: null });
  });
});

describe('execution', () => {
  const success = { status: 'success', data: [{ title: 'Dune' }], meta: { page: 1, has_more: true } };
  const limitHeaders = {
    'x-ratelimit-remaining': '29',
    'x-ratelimit-reset': '1767225600',
    'x-ratelimit-daily-remaining': '99',
    'x-credits-charged': '1',
    'x-credits-remaining': '899',
  };

  it('POST sends params as a JSON body; callWithInfo exposes the limit headers and request id', async () => {
    server.on('POST', '/scraper/scr_x/list_books', { body: success, headers: limitHeaders });
    const res = await quarry.callWithInfo<Array<{ title: string }>>('scr_x', 'list_books', { page: 2 });
    expect(res.body.data[0].title).toBe('Dune');
    expect(res.body.meta?.has_more).toBe(true);
    expect(res.limits).toEqual({ remaining: 29, reset: 1767225600, dailyRemaining: 99, creditsCharged: 1, creditsRemaining: 899 });
    expect(res.requestId).toMatch(/^req_/);
    expect(last().body).toEqual({ page: 2 });
  });

  it('absent limit headers are null', async () => {
    server.on('POST', '/scraper/scr_x/bare', { body: success });
    expect((await quarry.callWithInfo('scr_x', 'bare')).limits).toEqual({
      remaining: null,
      reset: null,
      dailyRemaining: null,
      creditsCharged: null,
      creditsRemaining: null,
    });
  });

  it('GET (explicit) sends params in the query string', async () => {
    server.on('GET', '/scraper/scr_x/get_book', { body: success });
    await quarry.call('scr_x', 'get_book', { id: 'b 1', tags: ['a', 'b'], deep: true }, { method: 'GET' });
    expect(last().method).toBe('GET');
    expect(last().query.get('id')).toBe('b 1');
    expect(last().query.getAll('tags')).toEqual(['a', 'b']);
    expect(last().query.get('deep')).toBe('true');
  });

  it('the method is learned from a generated API the client has seen', async () => {
    server.on('GET', '/dispatch/tasks/t_done', { body: completedTask({ id: 't_done' }) });
    server.on('GET', '/scraper/scr_books/get_book', { body: success });
    server.on('POST', '/scraper/scr_books/list_books', { body: success });
    const fresh = new Quarry({ apiKey: 'pmx_good', baseUrl: server.url });
    await fresh.tasks.get('t_done');
    await fresh.call('scr_books', 'get_book', { id: 'b1' });
    expect([last().method, last().query.get('id')]).toEqual(['GET', 'b1']);
    await fresh.call('scr_books', 'list_books', { page: 1 });
    expect([last().method, last().body]).toEqual(['POST', { page: 1 }]);
  });

  it('the method is learned from a marketplace listing (canonical id)', async () => {
    server.on('GET', '/marketplace/apis/mkt_get', {
      body: { id: 'mkt_get', canonical_scraper_id: 'scr_canon', apis: [{ method: 'GET', endpoint_name: 'search' }] },
    });
    server.on('GET', '/scraper/scr_canon/search', { body: success });
    const fresh = new Quarry({ apiKey: 'pmx_good', baseUrl: server.url });
    await fresh.marketplace.get('mkt_get');
    await fresh.call('scr_canon', 'search', { q: 'x' });
    expect(last().method).toBe('GET');
  });

  it('version and session go in headers; sessionOf reads a login answer', async () => {
    const login: EndpointResponse = { status: 'success', data: { user: 'ada' }, session_id: 'sess_1', encryption_key: 'k'.repeat(32) };
    server.on('POST', '/scraper/scr_x/login', { body: login });
    server.on('POST', '/scraper/scr_x/orders', { body: success });
    const session = sessionOf(await quarry.call('scr_x', 'login', { username: 'ada', password: 'pw' }));
    expect(session).toEqual({ session_id: 'sess_1', encryption_key: 'k'.repeat(32) });
    await quarry.call('scr_x', 'orders', {}, { version: 4, session });
    expect(last().headers['api-snapshot-version']).toBe('4');
    expect(last().headers['x-session-id']).toBe('sess_1');
    expect(last().headers['x-encryption-key']).toBe('k'.repeat(32));
    expect(sessionOf(success)).toBeUndefined();
  });

  it('the generic fallback body comes back as is', async () => {
    const fallback = { status: 'success', data: null, raw: '<html>', content_type: 'text/html' };
    server.on('POST', '/scraper/scr_x/raw', { body: fallback });
    expect(await quarry.call('scr_x', 'raw')).toEqual(fallback);
  });
});

describe('construction', () => {
  it('requires a valid baseUrl', () => {
    expect(() => new Quarry({ baseUrl: '' })).toThrow(/baseUrl/);
    expect(() => new Quarry({ baseUrl: 'not a url' })).toThrow();
  });

  it('uses an injected fetch', async () => {
    const seen: string[] = [];
    const custom = new Quarry({
      apiKey: 'pmx_x',
      baseUrl: 'http://quarry.invalid',
      fetch: async (input) => {
        seen.push(input);
        return new Response(JSON.stringify(account), { headers: { 'content-type': 'application/json' } });
      },
    });
    expect((await custom.account.get()).email).toBe('ada@example.com');
    expect(seen).toEqual(['http://quarry.invalid/account']);
  });
});
