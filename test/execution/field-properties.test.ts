/**
 * The recipe field properties `unless_struck` and `prefer_values` through the service: a recipe
 * that misuses them is refused in the contract's shape and stores nothing; one that uses them
 * executes against a fixture site on 127.0.0.1 (real server app, real database, the run's
 * SQLite or PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { booksSite } from '../fixtures/sites/books.js';
import { booksRecipe } from './recipes.js';

describe('recipe field properties through the service', () => {
  let t: TestApp;
  let site: FixtureSite;
  let u: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    site = await startFixtureSite(booksSite());
    u = await t.user('developer');
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  /** The books recipe with extra properties on its list's price field. */
  function withPriceProperties(extra: Record<string, unknown>) {
    const recipe = booksRecipe(site.url) as unknown as { endpoints: Array<{ steps: Array<{ extract?: { fields: Record<string, Record<string, unknown>> } }> }> };
    const extract = recipe.endpoints[0].steps[1].extract!;
    extract.fields.price = { ...extract.fields.price, ...extra };
    return recipe;
  }

  const scraperCount = async () =>
    Number((await t.runtime.deps.db.kysely.selectFrom('scrapers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('refuses a misused property with a 422 naming it (the contract shape, with details) and stores no scraper', async () => {
    const before = await scraperCount();
    for (const extra of [{ unless_struck: 'yes' }, { prefer_values: 'PreOrder' }, { prefer_values: [] }]) {
      const res = await t.call('POST', '/scrapers', { key: u.key, body: withPriceProperties(extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(res.json(), JSON.stringify(extra)).toMatchObject({ status_code: 422 });
      const [name] = Object.keys(extra);
      expect(res.json().error).toContain(`/fields/price/${name}`);
      expect(res.json().details).toEqual([expect.objectContaining({ path: `/endpoints/0/steps/1/extract/fields/price/${name}` })]);
    }
    expect(await scraperCount()).toBe(before);
  });

  it('executes a recipe that uses them', async () => {
    const made = await t.call('POST', '/scrapers', { key: u.key, body: withPriceProperties({ unless_struck: true, prefer_values: ['PreOrder'] }) });
    expect(made.statusCode).toBe(201);
    const res = await t.call('POST', `/scraper/${made.json().scraper_id}/list_books`, { key: u.key, body: { page: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ price: expect.any(Number) });
  });
});
