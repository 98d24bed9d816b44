/**
 * Property-based fuzz over every route the app registers (its own route table, so a new route
 * is covered the day it is added), on the database chosen by QUARRY_TEST_DATABASE. Bar: no
 * 5xx, no crash, every refusal in the contract's shape, and nothing written by a refused
 * request (a digest of every table but the call log is compared around each request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { usePostgres } from '../helpers/db.js';
import { registeredRoutes, type RegisteredRoute } from '../../src/http/plugins/route-table.js';
import { createKey } from '../../src/services/keys.js';
import { setBalance } from '../../src/services/credits.js';
import { RECIPE_FORMAT, type Recipe } from '../../src/recipe/types.js';
import { fixedBodies, nastyUrlText, queryString, rawJsonObject, type RawBody } from './inputs.js';

/** Random cases per route on top of the fixed ones; sized to stay near a minute per database. */
const RUNS_PER_ROUTE = Number(process.env.QUARRY_FUZZ_RUNS ?? (usePostgres ? 30 : 60));
/** Tables whose rows change as a side effect of being called at all (call log), not of the request's content. */
const DIGEST_SKIP = new Set(['endpoint_calls']);
const VOLATILE_COLUMNS = new Set(['last_used_at']);

function echoRecipe(base: string): Recipe {
  const params = {
    type: 'object',
    properties: { q: { type: 'string', maxLength: 200 }, n: { type: 'integer', minimum: 1, maximum: 5 }, tags: { type: 'array', items: { type: 'string' } } },
  };
  const steps = [
    { type: 'request', url: '/echo?q={q}&n={n}' },
    { type: 'extract', extract: { kind: 'object', fields: { heading: { sources: [{ css: 'h1' }] } } } },
  ];
  return {
    format: RECIPE_FORMAT,
    name: 'Echo',
    description: 'Answers every parameter',
    source_url: `${base}/`,
    endpoints: [
      { name: 'echo_post', method: 'POST', description: 'echo', input_params: params, return_schema: { type: 'object' }, sample_inputs: { q: 'a' }, steps },
      { name: 'echo_get', method: 'GET', description: 'echo', input_params: params, return_schema: { type: 'object' }, sample_inputs: { q: 'a' }, steps },
    ],
  } as unknown as Recipe;
}

function fieldNames(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props) : [];
}

function isContractShape(res: LightMyRequestResponse): boolean {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return false;
  }
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  if (res.statusCode === 404 && b.detail === 'Not Found') return true;
  if (b.status_code !== res.statusCode) return false;
  return typeof b.error === 'string' || (typeof b.error === 'object' && b.error !== null);
}

describe(`fuzz over every registered route (${usePostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  let t: TestApp;
  let site: FixtureSite;
  let u: TestUser;
  let ids: Record<string, string>;
  const stats = { routes: 0, cases: 0, fiveHundreds: 0 };
  const failures: string[] = [];

  beforeAll(async () => {
    site = await startFixtureSite([[/.*/, () => ({ headers: { 'content-type': 'text/html' }, body: '<html><h1>Echo</h1></html>' })]]);
    t = await startTestApp({ env: { QUARRY_LOG_LEVEL: 'silent' } });
    u = await t.user('company');
    const { db, clock } = t.runtime.deps;
    await setBalance(db.kysely, clock, u.userId, 1_000_000, 'grant');
    const scraper = await t.call('POST', '/scrapers', { key: u.key, body: echoRecipe(site.url) });
    expect(scraper.statusCode).toBe(201);
    const task = await t.call('POST', '/dispatch', { key: u.key, body: { url: `${site.url}/`, task: 'x' } });
    expect(task.statusCode).toBe(200);
    const spare = await createKey(db, clock, u.userId, { name: 'spare' });
    ids = { scraper_id: scraper.json().scraper_id, task_id: task.json().task_id, id: spare.id, endpoint_name: 'echo_post' };
  });
  afterAll(async () => {
    console.log(`fuzz ${usePostgres ? 'postgres' : 'sqlite'}: ${stats.routes} routes x ${stats.cases} cases, ${stats.fiveHundreds} 5xx`);
    await t?.close();
    await site?.close();
  });

  let tables: string[] = [];
  /** Every row of every table but the call log (PostgreSQL: hashed server-side, one round trip). */
  async function digest(): Promise<string> {
    const k = t.runtime.deps.db.kysely;
    if (tables.length === 0) {
      // PostgreSQL: this file's own schema only (other test files' schemas have the same tables), read
      // from the catalogue by schema: Kysely's introspection resolves every schema's tables by name,
      // and fails when another test file drops its schema at that moment.
      const names = usePostgres
        ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(k)).rows.map((r) => r.name)
        : (await k.introspection.getTables()).map((x) => x.name);
      tables = names.filter((name) => !DIGEST_SKIP.has(name) && !name.startsWith('kysely_')).sort();
      // An empty list would make "writes nothing" hold trivially.
      if (!tables.includes('users') || !tables.includes('credit_ledger')) throw new Error(`digest found no schema tables: ${tables.join(', ')}`);
    }
    if (usePostgres) {
      const drop = [...VOLATILE_COLUMNS].map((c) => ` - '${c}'`).join('');
      const parts = tables.map((name) => sql`select ${name}::text || ':' || md5(coalesce(string_agg((to_jsonb(t)${sql.raw(drop)})::text, '|' order by (to_jsonb(t)${sql.raw(drop)})::text), '')) as h from ${sql.table(name)} t`);
      const rows = await sql<{ h: string }>`${sql.join(parts, sql` union all `)}`.execute(k);
      return rows.rows.map((r) => r.h).join('\n');
    }
    const parts: string[] = [];
    for (const name of tables) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(k);
      const clean = rows.rows.map((r) => JSON.stringify(Object.entries(r).filter(([c]) => !VOLATILE_COLUMNS.has(c)))).sort();
      parts.push(`${name}:${clean.join('|')}`);
    }
    return parts.join('\n');
  }

  function credentials(route: RegisteredRoute, flip: boolean): Record<string, string> {
    if (route.auth === 'none') return flip ? { 'x-api-key': u.key } : {};
    // A session state change repeats its CSRF token (docs/dashboard.md), so the input reaches validation.
    const session = { cookie: u.cookie };
    if (route.auth === 'session') return session;
    if (route.auth === 'session_or_key') return flip ? session : { 'x-api-key': u.key };
    return { 'x-api-key': u.key };
  }

  function pathOf(route: RegisteredRoute, segments: Record<string, string>): string {
    return route.url.replace(/:([a-z_]+)/g, (_m, name: string) => segments[name] ?? ids[name] ?? 'x');
  }

  async function probe(route: RegisteredRoute, url: string, body: RawBody | null, flip: boolean): Promise<void> {
    const before = await digest();
    const headers: Record<string, string> = credentials(route, flip);
    if (body?.contentType) headers['content-type'] = body.contentType;
    // The MCP transport speaks JSON-RPC: its refusals are JSON-RPC errors, not the REST shape.
    const jsonRpc = route.url === '/mcp';
    if (jsonRpc) headers.accept = 'application/json, text/event-stream';
    let res: LightMyRequestResponse;
    try {
      res = await t.app.inject({ method: route.method as 'GET', url, headers, ...(body ? { payload: body.payload } : {}) });
    } catch (err) {
      failures.push(`${route.method} ${url}: inject threw ${(err as Error).message}`);
      return;
    }
    stats.cases++;
    const show = () => `${route.method} ${url.slice(0, 120)} ${body ? JSON.stringify(String(body.payload).slice(0, 120)) + ' ' + body.contentType : ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
    if (res.statusCode >= 500) {
      stats.fiveHundreds++;
      failures.push(show());
      return;
    }
    if (res.statusCode >= 400) {
      if (!jsonRpc && !(route.url.startsWith('/oauth/') ? isOAuthShape(res) : isContractShape(res))) failures.push(`shape: ${show()}`);
      const after = await digest();
      if (after !== before) failures.push(`wrote on refusal: ${show()}`);
    }
  }

  /**
   * The OAuth endpoints answer in OAuth's own shapes (RFC 6749 / 7591 `{error, error_description}`), and the
   * authorization endpoint, which a person's browser opens, answers an HTML page that says what went wrong.
   */
  function isOAuthShape(res: LightMyRequestResponse): boolean {
    if (/^text\/html/.test(String(res.headers['content-type'] ?? ''))) return /<title>/.test(res.body);
    try {
      const body = res.json() as { error?: unknown };
      return typeof body.error === 'string' && body.error.length > 0;
    } catch {
      return false;
    }
  }

  const routes = () => registeredRoutes(t.app).filter((r) => r.method !== 'HEAD');

  it('covers every route the app registers', () => {
    expect(routes().length).toBeGreaterThan(40);
  });

  it('answers hostile input with a 4xx in the contract shape and writes nothing', async () => {
    for (const route of routes()) {
      stats.routes++;
      // A live event stream never ends: only probe it with ids that cannot name a task.
      const streams = route.url.endsWith('/events') || (route.url === '/mcp' && route.method === 'GET');
      const params = (route.url.match(/:([a-z_]+)/g) ?? []).map((p) => p.slice(1));
      const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
      const bodyKeys = fieldNames(route.schema?.body);
      const queryKeys = fieldNames(route.schema?.querystring);
      const segment = fc.oneof({ weight: streams ? 0 : 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: nastyUrlText });
      const segments = fc.record(Object.fromEntries(params.map((p) => [p, segment]))) as fc.Arbitrary<Record<string, string | null>>;
      const asPath = (s: Record<string, string | null>) =>
        Object.fromEntries(Object.entries(s).filter((e): e is [string, string] => e[1] !== null).map(([k, v]) => [k, v || 'x']));

      if (takesBody) {
        for (const body of fixedBodies(bodyKeys)) {
          if (streams && route.method === 'GET') continue;
          await probe(route, pathOf(route, {}), body, false);
        }
      }
      if (route.method === 'GET' && !streams) {
        for (const q of ['a=%00', 'a=%ED%A0%80', '__proto__=1', 'constructor[prototype]=1', `${queryKeys[0] ?? 'q'}=%00`, `${queryKeys[0] ?? 'q'}=1&${queryKeys[0] ?? 'q'}=2`]) {
          await probe(route, `${pathOf(route, {})}?${q}`, null, false);
        }
      }
      for (const p of params) {
        for (const bad of ['%00', '%ED%A0%80', 'x'.repeat(3000), '%FF']) {
          await probe(route, pathOf(route, { [p]: bad }), takesBody ? { payload: '{}', contentType: 'application/json' } : null, false);
        }
      }
      await fc.assert(
        fc.asyncProperty(
          segments,
          takesBody ? rawJsonObject(bodyKeys) : fc.constant(null),
          streams ? fc.constant(null) : fc.option(queryString(queryKeys), { nil: null }),
          fc.boolean(),
          async (segs, body, query, flip) => {
            const url = pathOf(route, asPath(segs)) + (query ? `?${query}` : '');
            await probe(route, url, body === null ? null : { payload: body, contentType: 'application/json' }, flip);
            return true;
          },
        ),
        { numRuns: streams ? 10 : RUNS_PER_ROUTE },
      );
    }
    const kinds = new Map<string, string>();
    for (const f of failures) kinds.set(f.replace(/ .*?(->)/, ' $1').slice(0, 60), f);
    expect([...kinds.values()].slice(0, 40)).toEqual([]);
  }, 600_000);
});
