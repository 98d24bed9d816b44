/**
 * Issue 11's new-user scenario through the real service: a bookstore laid out like
 * books.toscrape.com (20 books a page, 5 pages joined by next links, a product-information
 * table with the UPC, star ratings as classes), built from the two task phrasings of the issue.
 */
import { describe, expect, it } from 'vitest';
import { bookstoreSite, STORE, PER_PAGE, availabilityText } from '../fixtures/sites/bookstore.js';
import { build, execute, useBuildService } from './helpers.js';

describe('a bookstore it has never seen (issue 11)', () => {
  const s = useBuildService(bookstoreSite);

  const endpoint = (task: any, name: string) => {
    const ep = task.generated_api.endpoints.find((e: any) => e.endpoint_name === name);
    expect(ep, JSON.stringify(task.generated_api.endpoints.map((e: any) => e.endpoint_name))).toBeDefined();
    return ep;
  };
  const call = async (task: any, ep: any, params: Record<string, unknown>) => {
    const res = await execute(s.t, s.u, task.generated_api.scraper_id, ep.endpoint_name, params, ep.method);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('"get book titles, prices, ratings and availability from the catalogue, and the details of each book"', async () => {
    const { t, u, site } = s;
    const task = await build(t, u, `${site.url}/`, 'get book titles, prices, ratings and availability from the catalogue, and the details of each book');
    expect(task.status, task.error).toBe('completed');
    const list = endpoint(task, 'list_books');
    const get = endpoint(task, 'get_book');
    // Keys are the concepts, not the task's words; nothing asked for is a constant null.
    const page1 = await call(task, list, list.sample_inputs);
    expect(list.sample_inputs).toEqual({ page: 1 });
    expect(page1).toHaveLength(PER_PAGE);
    for (const [i, r] of page1.entries()) {
      const b = STORE[i];
      expect(r).toMatchObject({ title: b.title, price: Number(b.price), rating: b.rating, availability: availabilityText(b) });
    }
    expect(Object.keys(page1[0])).not.toContain('details_of_each_book');
    // Page 2 is page 2; page 5 the last; past the end nothing.
    const page2 = await call(task, list, { page: 2 });
    expect(page2.map((r: any) => r.title)).toEqual(STORE.slice(PER_PAGE, 2 * PER_PAGE).map((b) => b.title));
    const page5 = await call(task, list, { page: 5 });
    expect(page5.map((r: any) => r.title)).toEqual(STORE.slice(4 * PER_PAGE).map((b) => b.title));
    // list -> detail: the detail endpoint takes what each record returns, and gives the details.
    const [param] = Object.keys(get.input_params.properties);
    const record = page2[7];
    expect(record).toHaveProperty(param);
    const book = STORE[PER_PAGE + 7];
    const detail = await call(task, get, { [param]: record[param] });
    expect(detail).toMatchObject({ title: book.title, upc: book.upc, rating: book.rating, product_type: 'Books' });
    expect(String(detail.description)).toContain(`Number ${book.id} of our collection`);
    const own = await call(task, get, get.sample_inputs);
    expect(own.upc).toBe(STORE[0].upc);
  });

  it('"list books with title, price, rating and availability, and get a book\'s details including UPC"', async () => {
    const { t, u, site } = s;
    const task = await build(t, u, `${site.url}/`, "list books with title, price, rating and availability, and get a book's details including UPC");
    expect(task.status, task.error).toBe('completed');
    const list = endpoint(task, 'list_books');
    const get = endpoint(task, 'get_book');
    const rows = await call(task, list, list.sample_inputs);
    expect(rows).toHaveLength(PER_PAGE);
    expect(rows.every((r: any, i: number) => r.rating === STORE[i].rating)).toBe(true);
    expect(Object.keys(rows[0]).some((k) => /details|including/i.test(k))).toBe(false);
    const book = STORE[63];
    const detail = await call(task, get, { [Object.keys(get.input_params.properties)[0]]: `${book.slug}_${book.id}` });
    expect(detail).toMatchObject({ title: book.title, upc: book.upc });
  });

  it('a field the site does not show is reported (and left out when nothing knows it)', async () => {
    const { t, u, site } = s;
    const task = await build(t, u, `${site.url}/`, 'Get the book details from each book page: title, upc, dedication, isbn_13');
    expect(task.status, task.error).toBe('completed');
    const get = endpoint(task, 'get_book');
    expect(get.return_schema.properties.data.properties).not.toHaveProperty('dedication');
    expect(task.progress.log.some((l: any) => /dedication.*left out/.test(l.message))).toBe(true);
    expect(task.progress.log.some((l: any) => /isbn_13.*not shown/.test(l.message))).toBe(true);
  });
});
