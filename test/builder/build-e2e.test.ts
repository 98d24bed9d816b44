/**
 * End-to-end builds against fixture sites on 127.0.0.1: dispatch -> queue -> build job ->
 * published API -> execution, with progress, failures and cancel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite, BOOKS, detailPath } from '../fixtures/sites/books.js';
import { build, execute, waitForTask } from './helpers.js';

describe('building APIs from websites', () => {
  let t: TestApp;
  let u: TestUser;
  const sites: FixtureSite[] = [];
  const site = async (routes: Parameters<typeof startFixtureSite>[0]) => {
    const s = await startFixtureSite(routes);
    sites.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '30000' } });
    u = await t.user('developer');
  });
  afterAll(async () => {
    await t.close();
    for (const s of sites) await s.close();
  });

  it('builds a catalogue: detail endpoint right on pages it never saw, progress recorded', async () => {
    const books = await site(booksSite());
    const task = await build(t, u, `${books.url}/`, 'Get the book details from each book page: title, price, product type, availability');
    expect(task.status, task.error).toBe('completed');
    expect(task.progress.stage).toBe('done');
    expect(task.progress.log.length).toBeGreaterThan(2);
    const api = task.generated_api;
    expect(api.execution_base_url).toBe(`${t.config.publicUrl}/scraper/${api.scraper_id}`);
    const get = api.endpoints.find((e: any) => e.endpoint_name === 'get_book');
    expect(get, JSON.stringify(api.endpoints.map((e: any) => e.endpoint_name))).toBeDefined();
    expect(get.sample_inputs).toBeTruthy();
    expect(get.return_schema.properties.data.properties).toHaveProperty('product_type');
    // Every book, most of which the build never fetched.
    let right = 0;
    for (const b of BOOKS) {
      const [param] = Object.keys(get.input_params.properties);
      const value = get.input_params.properties[param].type === 'integer' ? b.id : Object.values(get.sample_inputs)[0];
      const sample = String(Object.values(get.sample_inputs)[0]);
      const params = { [param]: typeof value === 'number' ? value : sample.replace(/[^/]*_\d+/, `${b.slug}_${b.id}`) };
      const res = await execute(t, u, api.scraper_id, 'get_book', params, get.method);
      if (res.statusCode === 200) {
        const d = res.json().data;
        if (d.title === b.title && d.product_type === 'Books' && Number(d.price) === b.price && /stock/i.test(String(d.availability))) right++;
      }
    }
    expect(right).toBe(BOOKS.length);
  });

  it('fails with a clear message when there is nothing to extract', async () => {
    const empty = await site([['/', '<html><head><title>Hi</title></head><body><p>Just one paragraph.</p></body></html>']]);
    const task = await build(t, u, `${empty.url}/`, 'list the products with price');
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/nothing|no endpoint/i);
    expect(task.progress.log.length).toBeGreaterThan(0);
  });

  it('fails with a clear message when the site is unreachable or disallowed by robots.txt', async () => {
    const unreachable = await build(t, u, 'http://127.0.0.1:9/', 'list things');
    expect(unreachable.status).toBe('failed');
    expect(unreachable.error).toMatch(/reach/i);
    const robots = await site([
      ['/robots.txt', { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /\n' }],
      ['/', '<h1>secret</h1>'],
    ]);
    const disallowed = await build(t, u, `${robots.url}/`, 'list things');
    expect(disallowed.status).toBe('failed');
    expect(disallowed.error).toMatch(/robots\.txt/);
  });

  it('fails on a login wall and flags may_require_auth at dispatch', async () => {
    const wall = await site([
      ['/', { status: 302, headers: { location: '/login' } }],
      ['/login', '<html><body><form method="post"><input name="user"><input type="password" name="pw"><button>Sign in</button></form></body></html>'],
    ]);
    const res = await t.call('POST', '/dispatch', { key: u.key, body: { url: `${wall.url}/`, task: 'my orders' } });
    expect(res.json().may_require_auth).toBe(true);
    const task = await waitForTask(t, u, res.json().task_id);
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/login/i);
  });

  it('a cancel mid-build stops it and nothing is published', async () => {
    const slow = await site([
      ['/', () => ({ body: `<ul>${Array.from({ length: 30 }, (_, i) => `<li><a href="/item/${i}">Item ${i}</a></li>`).join('')}</ul>` })],
      [/^\/item\/\d+$/, async () => {
        await new Promise((r) => setTimeout(r, 400));
        return { body: '<h1>Item</h1><p class="price">£1.00</p>' };
      }],
    ]);
    const res = await t.call('POST', '/dispatch', { key: u.key, body: { url: `${slow.url}/`, task: 'get each item: title, price' } });
    const id = res.json().task_id;
    await waitForTask(t, u, id, { until: (x) => x.status === 'running' });
    const cancel = await t.call('POST', `/dispatch/tasks/${id}/cancel`, { key: u.key });
    expect(cancel.json()).toMatchObject({ cancelled: true, previous_status: 'running' });
    const fetchedAtCancel = slow.requests.length;
    await new Promise((r) => setTimeout(r, 1500));
    const task = (await t.call('GET', `/dispatch/tasks/${id}`, { key: u.key })).json();
    expect(task.status).toBe('cancelled');
    expect(task.result_scraper_id).toBeNull();
    // The build stopped promptly: at most the requests already in flight finished.
    expect(slow.requests.length - fetchedAtCancel).toBeLessThanOrEqual(4);
  });

  it('streams progress as Server-Sent Events', async () => {
    const books = await site(booksSite());
    const res = await t.call('POST', '/dispatch', { key: u.key, body: { url: `${books.url}/`, task: 'get each book: title, price' } });
    const id = res.json().task_id;
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await fetch(`${base}/dispatch/tasks/${id}/events`, { headers: { 'x-api-key': u.key } });
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await stream.text();
    expect(text).toMatch(/event: progress/);
    expect(text).toMatch(/event: done\ndata: \{"status":"completed"/);
    const stages = [...text.matchAll(/"stage":"(\w+)"/g)].map((m) => m[1]);
    expect(stages.length).toBeGreaterThan(1);
  });

  it('detail paths stay usable: another account cannot call the built API', async () => {
    const books = await site(booksSite());
    const task = await build(t, u, `${books.url}/`, 'get each book: title, price');
    const other = await t.user();
    const ep = task.generated_api.endpoints[0];
    const res = await execute(t, other, task.generated_api.scraper_id, ep.endpoint_name, ep.sample_inputs);
    expect(res.statusCode).toBe(404);
    expect(detailPath(BOOKS[0])).toContain('_1000');
  });
});
