import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runEndpoint, type FollowStep, type Step } from '../../src/recipe/index.js';
import type { Fetcher } from '../../src/fetch/types.js';
import { startBooksSite, type BooksSite } from './helpers/books-site.js';
import { createTestFetcher } from './helpers/fetcher.js';
import { bookListExtract, oneEndpoint } from './helpers/recipes.js';

let site: BooksSite;
let fetcher: Fetcher;

beforeAll(async () => {
  site = await startBooksSite();
  fetcher = createTestFetcher();
});
afterAll(async () => {
  await fetcher.close();
  await site.close();
});
beforeEach(() => {
  site.requests.length = 0;
  site.hold.untilInFlight = 0;
  site.resetMaxInFlight();
});

const detailExtract: Step = {
  type: 'extract',
  extract: {
    kind: 'object',
    fields: {
      upc: { sources: [{ label: 'UPC' }] },
      description: { sources: [{ css: '#description p' }] },
      // Not on detail pages: must not erase anything.
      title: { sources: [{ css: '.no-such-title' }] },
    },
  },
};

function follow(extra: Partial<FollowStep> = {}): FollowStep {
  return { type: 'follow', steps: [{ type: 'request', url: '{+item.url}' }, detailExtract], ...extra };
}

const listing = (steps: Step[], path = '/books') => [{ type: 'request', url: path } as Step, bookListExtract, ...steps];
const detailRequests = () => site.requests.filter((r) => r.path.startsWith('/books/'));
type Row = Record<string, unknown>;
const rows = (body: unknown) => (body as { data: Row[] }).data;

describe('follow', () => {
  it('merges each detail page into its record; empty detail values do not erase list values', async () => {
    const recipe = oneEndpoint(site.url, listing([follow()]));
    const { body, pagesFetched } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(rows(body)).toHaveLength(10);
    expect(rows(body)[0]).toEqual({
      title: 'Book 1',
      url: `${site.url}/books/1`,
      upc: 'UPC-0001',
      description: 'The story of book number 1.',
    });
    expect(pagesFetched).toBe(11);
  });

  it('never has more records in flight than its concurrency', async () => {
    site.hold.untilInFlight = 3;
    const recipe = oneEndpoint(site.url, listing([follow({ concurrency: 3 })]));
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(rows(body).every((r) => typeof r.upc === 'string')).toBe(true);
    // The site held each answer until 3 were in flight: the bound was reached and never passed.
    expect(site.maxInFlight()).toBe(3);
  });

  it('lets the operator limits lower the concurrency', async () => {
    // Held until 2 are in flight: with one at a time each answer waits out the site's 300 ms.
    site.hold.untilInFlight = 2;
    const recipe = oneEndpoint(site.url, listing([follow({ concurrency: 8, max: 3 })]));
    await runEndpoint(recipe, 'run', {}, { fetcher, limits: { maxConcurrency: 1 } });
    expect(detailRequests()).toHaveLength(3);
    expect(site.maxInFlight()).toBe(1);
  });

  it('follows at most max records and keeps the others as they are', async () => {
    const recipe = oneEndpoint(site.url, listing([follow({ max: 2 })]));
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(detailRequests()).toHaveLength(2);
    expect(rows(body)[1]).toHaveProperty('upc', 'UPC-0002');
    expect(rows(body)[2]).toEqual({ title: 'Book 3', url: `${site.url}/books/3` });
  });

  it('stores the result under a key when asked', async () => {
    const recipe = oneEndpoint(site.url, listing([follow({ max: 1, merge: { key: 'details' } })]));
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(rows(body)[0]).toEqual({
      title: 'Book 1',
      url: `${site.url}/books/1`,
      details: { upc: 'UPC-0001', description: 'The story of book number 1.', title: null },
    });
  });

  it('walks a var and names the record as asked', async () => {
    const recipe = oneEndpoint(site.url, [
      { type: 'set', vars: { picks: [{ id: 4 }, { id: 9 }] } },
      {
        type: 'follow',
        items: 'picks',
        as: 'pick',
        steps: [{ type: 'request', url: '/books/{pick.id}' }, detailExtract],
      },
      { type: 'set', vars: { out: '{picks}' } },
      { type: 'extract', from: 'out', extract: { kind: 'json_list', path: '$', fields: { upc: { sources: [{ json: 'upc' }] } } } },
    ]);
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(rows(body)).toEqual([{ upc: 'UPC-0004' }, { upc: 'UPC-0009' }]);
  });

  it('on_error skip keeps a failing record unchanged', async () => {
    const recipe = oneEndpoint(site.url, [
      { type: 'set', vars: { picks: [{ id: 2 }, { id: 999 }, { id: 3 }] } },
      { type: 'follow', items: 'picks', steps: [{ type: 'request', url: '/books/{item.id}' }, detailExtract] },
      { type: 'shape', meta: { picks: '{picks}' } },
    ]);
    const { body } = await runEndpoint(recipe, 'run', {}, { fetcher });
    const picks = (body as unknown as { meta: { picks: Row[] } }).meta.picks;
    expect(picks.map((p) => p.upc ?? null)).toEqual(['UPC-0002', null, 'UPC-0003']);
    expect(picks[1]).toEqual({ id: 999 });
  });

  it('on_error fail fails the call with the record error', async () => {
    const recipe = oneEndpoint(site.url, [
      { type: 'set', vars: { picks: [{ id: 2 }, { id: 999 }, { id: 3 }] } },
      { type: 'follow', items: 'picks', on_error: 'fail', concurrency: 1, steps: [{ type: 'request', url: '/books/{item.id}' }] },
    ]);
    await expect(runEndpoint(recipe, 'run', {}, { fetcher })).rejects.toMatchObject({
      code: 'input_not_found',
      fields: { upstream_status_code: 404, url: `${site.url}/books/999` },
    });
    // Sequential: the record after the failing one was never requested.
    expect(detailRequests().map((r) => r.path)).toEqual(['/books/2', '/books/999']);
  });

  it('follows the records of every page inside a paginate step', async () => {
    const recipe = oneEndpoint(site.url, [
      {
        type: 'paginate',
        strategy: { kind: 'next_link', selector: 'a[rel=next]' },
        max_pages: 2,
        steps: [{ type: 'request', url: '/books' }, bookListExtract, follow({ concurrency: 2 })],
      },
    ]);
    const { body, pagesFetched } = await runEndpoint(recipe, 'run', {}, { fetcher });
    expect(rows(body).map((r) => r.upc)).toEqual(Array.from({ length: 20 }, (_, i) => `UPC-${String(i + 1).padStart(4, '0')}`));
    expect(pagesFetched).toBe(22);
    expect((body as { meta: unknown }).meta).toEqual({ has_more: true });
  });

  it('never skips past the request budget of the call', async () => {
    const recipe = oneEndpoint(site.url, listing([follow()]));
    await expect(runEndpoint(recipe, 'run', {}, { fetcher, limits: { maxRequests: 4 } })).rejects.toMatchObject({
      code: 'scraper_bug',
      message: 'The endpoint needed more than 4 upstream requests for one call.',
    });
    expect(site.requests.length).toBeLessThanOrEqual(4);
  });
});
