/**
 * GET /v1/apis/{scraper_id}/openapi.json: a valid OpenAPI 3.1 document per API, strong ETag and
 * If-None-Match, version pinning (400 / 404 rules), canonicals at release versions only, and
 * 404 for anything the caller may not see.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator, type SpecData } from '@seriousme/openapi-schema-validator';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { booksRecipe } from '../execution/recipes.js';
import { addApiVersion, createApi, publishApi } from './helpers.js';

const BASE = 'http://127.0.0.1:9';

async function expectValidOpenApi(doc: unknown): Promise<void> {
  const result = await new Validator().validate(doc as SpecData);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
}

describe('OpenAPI export', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let scraperId: string;
  const url = (id: string, query = '') => `/v1/apis/${id}/openapi.json${query}`;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.user('developer');
    other = await t.user('developer');
    ({ scraperId } = await publishApi(t, owner, booksRecipe(BASE)));
  });
  afterAll(async () => t.close());

  it('carries each field’s confidence as an extension, and stays valid', async () => {
    const recipe = booksRecipe(BASE);
    recipe.endpoints[1].field_confidence = { title: { score: 0.9, from: 'css h1', coverage: 1, pages: 4 } };
    const { scraperId: sure } = await publishApi(t, owner, recipe);
    const doc = (await t.call('GET', url(sure), { key: owner.key })).json();
    await expectValidOpenApi(doc);
    expect(doc.paths['/get_book'].get['x-quarry-field-confidence']).toEqual({ title: { score: 0.9, from: 'css h1', coverage: 1, pages: 4 } });
    expect(doc.paths['/list_books'].post['x-quarry-field-confidence']).toBeUndefined();
  });

  it('is a valid OpenAPI 3.1 document with one operation per endpoint', async () => {
    const res = await t.call('GET', url(scraperId), { key: owner.key });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = res.json();
    await expectValidOpenApi(doc);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Books to Scrape', version: '1' });
    expect(doc.servers).toEqual([{ url: `${t.config.publicUrl}/scraper/${scraperId}`, description: expect.any(String) }]);
    expect(Object.keys(doc.paths).sort()).toEqual(['/fetch_path', '/get_book', '/list_books']);
    const recipe = booksRecipe(BASE);

    const list = doc.paths['/list_books'].post;
    expect(list.operationId).toBe('list_books');
    expect(list.requestBody.content['application/json'].schema).toEqual(recipe.endpoints[0].input_params);
    expect(list.requestBody.content['application/json'].example).toEqual({ page: 1 });
    expect(list.responses['200'].content['application/json'].schema).toEqual(recipe.endpoints[0].return_schema);
    expect(list['x-quarry-price']).toBe(1);

    // A GET endpoint takes its parameters in the query string.
    const get = doc.paths['/get_book'].get;
    expect(doc.paths['/get_book'].post).toBeUndefined();
    expect(get.requestBody).toBeUndefined();
    expect(get.parameters).toContainEqual({ name: 'path', in: 'query', required: true, schema: (recipe.endpoints[1].input_params.properties as any).path });
    expect(doc.paths['/fetch_path'].post['x-quarry-price']).toBe(2);

    for (const op of [list, get]) {
      for (const status of ['400', '401', '402', '404', '422', '429', '500', '502', '503']) expect(op.responses[status], status).toBeDefined();
      expect(op.parameters[0]).toMatchObject({ name: 'API-Snapshot-Version', in: 'header', required: false });
    }
    expect(doc.components.securitySchemes).toEqual({
      ApiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
      Bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(doc.security).toEqual([{ ApiKey: [] }, { Bearer: [] }]);
    expect(doc.components.schemas.ExecutionError.properties.error.properties.kind).toBeDefined();
    expect(doc.components.responses.StaleInput.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ExecutionError' });
  });

  it('carries a strong ETag over the exact body, stable across requests', async () => {
    const a = await t.call('GET', url(scraperId), { key: owner.key });
    const b = await t.call('GET', url(scraperId), { key: owner.key });
    const etag = a.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(etag).toBe(`"${createHash('sha256').update(a.body).digest('base64url')}"`);
    expect(b.headers.etag).toBe(etag);
    expect(b.body).toBe(a.body);
    expect(a.headers['api-snapshot-version']).toBeUndefined();
  });

  it('answers 304 with no body when If-None-Match matches (the tag, *, a list, a weakened tag)', async () => {
    const etag = (await t.call('GET', url(scraperId), { key: owner.key })).headers.etag as string;
    for (const header of [etag, '*', `"nope", ${etag}`, `W/${etag}`]) {
      const res = await t.call('GET', url(scraperId), { key: owner.key, headers: { 'if-none-match': header } });
      expect(res.statusCode, header).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
    }
    const miss = await t.call('GET', url(scraperId), { key: owner.key, headers: { 'if-none-match': '"something-else"' } });
    expect(miss.statusCode).toBe(200);
  });

  it('pins versions: API-Snapshot-Version echoed, the live document follows the latest, 400 and 404 rules', async () => {
    const recipe = booksRecipe(BASE);
    const { scraperId: id } = await publishApi(t, owner, recipe);
    const liveV1 = await t.call('GET', url(id), { key: owner.key });
    const changed = { ...recipe, name: 'Books, revised', endpoints: recipe.endpoints.slice(0, 2) };
    expect(await addApiVersion(t, id, changed)).toBe(2);

    const live = await t.call('GET', url(id), { key: owner.key });
    expect(live.json().info).toMatchObject({ title: 'Books, revised', version: '2' });
    expect(live.headers.etag).not.toBe(liveV1.headers.etag);
    // The tag of the old live document no longer matches.
    const stale = await t.call('GET', url(id), { key: owner.key, headers: { 'if-none-match': liveV1.headers.etag as string } });
    expect(stale.statusCode).toBe(200);

    const v1 = await t.call('GET', url(id, '?version=1'), { key: owner.key });
    expect(v1.statusCode).toBe(200);
    expect(v1.headers['api-snapshot-version']).toBe('1');
    const doc1 = v1.json();
    await expectValidOpenApi(doc1);
    expect(doc1.info).toMatchObject({ title: 'Books to Scrape', version: '1' });
    expect(Object.keys(doc1.paths)).toHaveLength(3);
    // A pinned document runs only at its version.
    expect(doc1.paths['/list_books'].post.parameters[0]).toMatchObject({ name: 'API-Snapshot-Version', required: true, schema: { const: 1 } });
    const again = await t.call('GET', url(id, '?version=1'), { key: owner.key, headers: { 'if-none-match': v1.headers.etag as string } });
    expect([again.statusCode, again.headers['api-snapshot-version']]).toEqual([304, '1']);

    const v2 = await t.call('GET', url(id, '?version=2'), { key: owner.key });
    expect([v2.statusCode, v2.headers['api-snapshot-version']]).toEqual([200, '2']);

    const missing = await t.call('GET', url(id, '?version=3'), { key: owner.key });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: expect.stringContaining(id), status_code: 404 });

    for (const bad of ['0', '-1', 'abc', '1.5', '', '01', '1e3', '99999999999']) {
      const res = await t.call('GET', url(id, `?version=${encodeURIComponent(bad)}`), { key: owner.key });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ error: 'version must be an integer >= 1', status_code: 400 });
    }
  });

  it("is 404 for an unknown id, a malformed id and another account's API (never 304)", async () => {
    const etag = (await t.call('GET', url(scraperId), { key: owner.key })).headers.etag as string;
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await t.call('GET', url(id), { key: owner.key });
      expect(res.statusCode).toBe(404);
      expect(res.json().status_code).toBe(404);
    }
    const theirs = await t.call('GET', url(scraperId), { key: other.key, headers: { 'if-none-match': etag } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: `Scraper ${scraperId} not found`, status_code: 404 });
    expect(theirs.headers.etag).toBeUndefined();
  });

  it('shows a marketplace canonical to any key, at release versions only', async () => {
    const system = await t.user('company');
    const recipe = booksRecipe(BASE);
    const canonicalId = await createApi(t, system.userId, recipe, 'canonical');
    await addApiVersion(t, canonicalId, { ...recipe, description: 'v2 (not released)' });
    await addApiVersion(t, canonicalId, { ...recipe, description: 'v3 (released)' });
    const releases = new Set([1, 3]);
    const deps = t.runtime.deps;
    const before = deps.canonicals;
    deps.canonicals = { isCallable: async (s, v) => s.source === 'canonical' && (v === null || releases.has(v)) };
    try {
      const live = await t.call('GET', url(canonicalId), { key: other.key });
      expect(live.statusCode).toBe(200);
      expect(live.json().info.version).toBe('3');
      const v1 = await t.call('GET', url(canonicalId, '?version=1'), { key: other.key });
      expect([v1.statusCode, v1.headers['api-snapshot-version']]).toEqual([200, '1']);
      const v2 = await t.call('GET', url(canonicalId, '?version=2'), { key: other.key });
      expect(v2.statusCode).toBe(404);
      // An ordinary API of someone else stays hidden even with a canonical hook installed.
      expect((await t.call('GET', url(scraperId), { key: other.key })).statusCode).toBe(404);
    } finally {
      deps.canonicals = before;
    }
    expect((await t.call('GET', url(canonicalId), { key: other.key })).statusCode).toBe(404);
  });

  it('accepts the key as a bearer token', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(scraperId), headers: { authorization: `Bearer ${owner.key}` } });
    expect(res.statusCode).toBe(200);
  });
});
