/**
 * Revisions end to end on the Shelf fixture site: build -> revise -> the worker runs the revise
 * job -> a new version of the same scraper -> execution. One test per revision type, a site
 * redesigned between build and fix, a revision that cannot be satisfied, and a cancel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { SHELF, SHELF_PAGE_SIZE, shelfPath, shelfSite, shelfState, onSale, type ShelfState } from '../fixtures/sites/shelf.js';
import { build, execute, revise, reviseAndWait, versionsOf, waitForTask } from './helpers.js';

describe('revising APIs end to end', () => {
  let t: TestApp;
  let u: TestUser;
  const sites: FixtureSite[] = [];
  const shelf = async (state: ShelfState) => {
    const s = await startFixtureSite(shelfSite(state));
    sites.push(s);
    return s;
  };
  /** get_book's parameter for a book (the build names it after the URL's variable part). */
  const bookParams = (api: any, b: (typeof SHELF)[number]) => {
    const get = api.endpoints.find((e: any) => e.endpoint_name === 'get_book');
    const [param] = Object.keys(get.input_params.properties);
    return { [param]: shelfPath(b).replace(/^\/book\//, '').replace(/\.html$/, '') };
  };

  beforeAll(async () => {
    t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '60000' } });
    u = await t.user('developer');
  });
  afterAll(async () => {
    await t.close();
    for (const s of sites) await s.close();
  });

  it('extend: adds the fields a sentence names, right on pages the revision never saw', async () => {
    const site = await shelf(shelfState());
    const built = await build(t, u, `${site.url}/`, 'Get each book page: title, price');
    expect(built.status, built.error).toBe('completed');
    const scraperId = built.generated_api.scraper_id;

    const child = await reviseAndWait(t, u, built.id, 'also return the author and the ISBN');
    expect(child.status, child.error).toBe('completed');
    expect(child).toMatchObject({ revision_type: 'extend', parent_task_id: built.id, extends_scraper_id: scraperId, result_scraper_id: scraperId });
    expect(child.progress.stage).toBe('done');
    const get = child.generated_api.endpoints.find((e: any) => e.endpoint_name === 'get_book');
    expect(Object.keys(get.return_schema.properties.data.properties)).toEqual(expect.arrayContaining(['title', 'price', 'author', 'isbn']));
    expect((await versionsOf(t, u, scraperId)).map((v) => [v.version, v.reason])).toEqual([[2, 'revision'], [1, 'build']]);
    // The parent stays completed and shows the live API.
    const parent = (await t.call('GET', `/dispatch/tasks/${built.id}`, { key: u.key })).json();
    expect(parent.status).toBe('completed');
    expect(parent.generated_api.endpoints[0].return_schema.properties.data.properties).toHaveProperty('isbn');
    let right = 0;
    for (const b of SHELF) {
      const res = await execute(t, u, scraperId, 'get_book', bookParams(child.generated_api, b));
      const d = res.json().data;
      if (res.statusCode === 200 && d.title === b.title && String(d.author) === b.author && String(d.isbn) === b.isbn) right++;
    }
    expect(right).toBe(SHELF.length);
  });

  it('extend: adds a search endpoint found the way a build finds one', async () => {
    const site = await shelf(shelfState());
    const built = await build(t, u, `${site.url}/`, 'List all the books with title and price');
    expect(built.status, built.error).toBe('completed');
    expect(built.generated_api.endpoints.map((e: any) => e.endpoint_name)).not.toContain('search_books');
    const child = await reviseAndWait(t, u, built.id, 'add a search endpoint');
    expect(child.status, child.error).toBe('completed');
    expect(child.revision_type).toBe('extend');
    const search = child.generated_api.endpoints.find((e: any) => e.endpoint_name === 'search_books');
    expect(search).toBeDefined();
    const res = await execute(t, u, built.generated_api.scraper_id, 'search_books', { query: 'Copper' }, search.method);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: any) => r.title)).toEqual(['Copper Sky']);
  });

  it('modify: renames an endpoint and changes a default, verified by running them', async () => {
    const site = await shelf(shelfState());
    const built = await build(t, u, `${site.url}/`, 'List all the books with title and price');
    expect(built.status, built.error).toBe('completed');
    const child = await reviseAndWait(t, u, built.id, 'rename list_books to all_books and make limit default to 3');
    expect(child.status, child.error).toBe('completed');
    expect(child.revision_type).toBe('modify');
    const names = child.generated_api.endpoints.map((e: any) => e.endpoint_name);
    expect(names).toContain('all_books');
    expect(names).not.toContain('list_books');
    const all = child.generated_api.endpoints.find((e: any) => e.endpoint_name === 'all_books');
    expect(all.input_params.properties.limit.default).toBe(3);
    const res = await execute(t, u, built.generated_api.scraper_id, 'all_books', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: any) => r.title)).toEqual(SHELF.slice(0, 3).map((b) => b.title));
    expect((await execute(t, u, built.generated_api.scraper_id, 'list_books', {})).statusCode).toBe(404);
  });

  it('fix: the price is empty on sale items -> re-induced on fresh pages, regular prices kept', async () => {
    const state = shelfState();
    const site = await shelf(state);
    const built = await build(t, u, `${site.url}/`, 'Get each book page: title, price');
    expect(built.status, built.error).toBe('completed');
    const scraperId = built.generated_api.scraper_id;
    state.sale = true;
    const sale = SHELF.find((b) => onSale(b, state))!;
    const before = await execute(t, u, scraperId, 'get_book', bookParams(built.generated_api, sale));
    expect(before.json().data.price).toBeNull();

    const child = await reviseAndWait(t, u, built.id, 'the price is empty on sale items');
    expect(child.status, child.error).toBe('completed');
    expect(child.revision_type).toBe('fix');
    for (const b of SHELF) {
      const res = await execute(t, u, scraperId, 'get_book', bookParams(built.generated_api, b));
      expect(res.json().data.price, b.title).toBe(onSale(b, state) ? b.salePrice : b.price);
    }
  });

  it('fix: recovers from a redesign of the detail pages between two builds', async () => {
    const state = shelfState();
    const site = await shelf(state);
    const built = await build(t, u, `${site.url}/`, 'Get each book page: title, price, author');
    expect(built.status, built.error).toBe('completed');
    const scraperId = built.generated_api.scraper_id;
    state.template = 'B';
    const broken = (await execute(t, u, scraperId, 'get_book', bookParams(built.generated_api, SHELF[3]))).json().data;
    expect(broken.title === SHELF[3].title && broken.price === SHELF[3].price).toBe(false);

    const child = await reviseAndWait(t, u, built.id, 'the site changed');
    expect(child.status, child.error).toBe('completed');
    expect(child.revision_type).toBe('fix');
    let right = 0;
    for (const b of SHELF) {
      const d = (await execute(t, u, scraperId, 'get_book', bookParams(built.generated_api, b))).json().data;
      if (d.title === b.title && d.price === b.price && String(d.author) === b.author) right++;
    }
    expect(right).toBe(SHELF.length);
  });

  it('fix: a redesigned pager -> the list reaches its next pages again', async () => {
    const state = shelfState();
    const site = await shelf(state);
    const built = await build(t, u, `${site.url}/`, 'List all the books with title and price');
    expect(built.status, built.error).toBe('completed');
    const scraperId = built.generated_api.scraper_id;
    // Every page by its 1-based number (issue 11: one page per call, the whole page).
    const everyPage = async () => {
      const titles: string[] = [];
      for (let page = 1; page <= Math.ceil(SHELF.length / SHELF_PAGE_SIZE); page++) {
        const res = await execute(t, u, scraperId, 'list_books', { page });
        titles.push(...(res.statusCode === 200 ? res.json().data.map((r: any) => r.title) : []));
      }
      return titles;
    };
    expect(await everyPage()).toEqual(SHELF.map((b) => b.title));
    state.pager = 'more';
    expect((await everyPage()).length).toBeLessThan(SHELF.length);

    const child = await reviseAndWait(t, u, built.id, 'only the first page of books comes back');
    expect(child.status, child.error).toBe('completed');
    expect(child.revision_type).toBe('fix');
    expect(await everyPage()).toEqual(SHELF.map((b) => b.title));
  });

  it('a revision that cannot be satisfied fails with the reason and the old version keeps serving', async () => {
    const site = await shelf(shelfState());
    const built = await build(t, u, `${site.url}/`, 'Get each book page: title, price');
    expect(built.status, built.error).toBe('completed');
    const scraperId = built.generated_api.scraper_id;
    const child = await reviseAndWait(t, u, built.id, 'also return the shoe size');
    expect(child.status).toBe('failed');
    expect(child.error).toMatch(/shoe_size/);
    expect(child.error).toMatch(/previous version stays live/);
    expect(child.result_scraper_id).toBeNull();
    expect((await versionsOf(t, u, scraperId)).length).toBe(1);
    const res = await execute(t, u, scraperId, 'get_book', bookParams(built.generated_api, SHELF[5]));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.title).toBe(SHELF[5].title);
    // A failed revision frees the API for the next one.
    const next = await revise(t, u, built.id, 'rename get_book to get_title');
    expect(next.statusCode, next.body).toBe(200);
    expect((await waitForTask(t, u, next.json().task_id)).status).toBe('completed');
  });

  it('cancel stops a running revision; nothing is published and the API stays as it was', async () => {
    const state = shelfState();
    const site = await shelf(state);
    const built = await build(t, u, `${site.url}/`, 'Get each book page: title, price');
    expect(built.status, built.error).toBe('completed');
    const scraperId = built.generated_api.scraper_id;
    state.delayMs = 400;
    const res = await revise(t, u, built.id, 'the site changed');
    expect(res.statusCode).toBe(200);
    const id = res.json().task_id;
    await waitForTask(t, u, id, { until: (x) => x.status === 'running' });
    const active = (await t.call('GET', `/dispatch/scrapers/${scraperId}/active-task`, { key: u.key })).json();
    expect(active.task).toMatchObject({ id, status: 'running', revision_type: 'fix' });
    const cancel = await t.call('POST', `/dispatch/tasks/${id}/cancel`, { key: u.key });
    expect(cancel.json()).toMatchObject({ cancelled: true, previous_status: 'running' });
    const fetchedAtCancel = site.requests.length;
    await new Promise((r) => setTimeout(r, 1500));
    const task = (await t.call('GET', `/dispatch/tasks/${id}`, { key: u.key })).json();
    expect(task.status).toBe('cancelled');
    expect(task.result_scraper_id).toBeNull();
    expect(site.requests.length - fetchedAtCancel).toBeLessThanOrEqual(4);
    expect((await versionsOf(t, u, scraperId)).length).toBe(1);
    expect((await t.call('GET', `/dispatch/scrapers/${scraperId}/active-task`, { key: u.key })).json().task).toBeNull();
    const parent = (await t.call('GET', `/dispatch/tasks/${built.id}`, { key: u.key })).json();
    expect(parent.status).toBe('completed');
  });
});
