/**
 * Building APIs of sites behind a login, end to end through the real service (HTTP app with
 * request logging, embedded worker, real database file) against the login shop on 127.0.0.1:
 * dispatch with allow_auth -> needs_input -> respond -> completed -> login endpoint -> protected
 * calls. Afterwards the database files, the captured logs and every answer are scanned for the
 * password.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { buildApp } from '../../src/http/app.js';
import { createUser } from '../../src/services/accounts.js';
import { createKey } from '../../src/services/keys.js';
import { createTestDb, type TestDb } from '../helpers/db.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { ACCOUNT, ORDERS, loginShop, type LoginVariant } from '../fixtures/sites/login-shop.js';

const postgres = process.env.QUARRY_TEST_DATABASE === 'postgres';
const TASK = 'List my orders with order number, date, total and status, and get one order by id';

describe('building a login-protected site', () => {
  let testDb: TestDb;
  let runtime: Runtime;
  let app: FastifyInstance;
  const logLines: string[] = [];
  const answers: string[] = [];
  /** Session cookies the sites issued and encryption keys the service answered: never stored or logged in clear. */
  const secrets: string[] = [];
  const sites: FixtureSite[] = [];
  let n = 0;

  /** Every answer of the service goes through here, so the scan sees them all. */
  const call = async (method: string, url: string, key: string | null, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: method as 'GET', url, headers: { ...headers, ...(key ? { 'x-api-key': key } : {}) }, ...(body !== undefined ? { payload: body as object } : {}) });
    answers.push(JSON.stringify(res.headers), res.body);
    return res;
  };
  const user = async (plan = 'developer', disclaimer = true) => {
    const { db, clock } = runtime.deps;
    const account = await createUser(db, clock, { email: `auth${++n}-${Date.now()}@example.test`, password: 'correct horse battery', plan });
    if (disclaimer) await db.kysely.updateTable('users').set({ disclaimer_accepted_at: new Date().toISOString() }).where('id', '=', account.id).execute();
    return (await createKey(db, clock, account.id, { name: 'test' })).api_key;
  };
  const shopSite = async (variant: LoginVariant) => {
    const shop = loginShop(variant);
    const site = await startFixtureSite(shop.routes);
    sites.push(site);
    return { shop, site };
  };
  const waitFor = async (key: string, taskId: string, statuses: string[]) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const task = (await call('GET', `/dispatch/tasks/${taskId}`, key)).json();
      if (statuses.includes(task.status) || ['completed', 'failed', 'cancelled'].includes(task.status)) return task;
      if (Date.now() > deadline) throw new Error(`task still ${task.status}`);
      await new Promise((r) => setTimeout(r, 60));
    }
  };
  const dispatch = async (key: string, url: string, allowAuth: boolean) => {
    const res = await call('POST', '/dispatch', key, { url, task: TASK, allow_auth: allowAuth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { task_id: string; may_require_auth: boolean };
  };

  beforeAll(async () => {
    testDb = await createTestDb({ postgres });
    const config = loadConfig({
      ...testDb.env,
      QUARRY_ALLOW_PRIVATE_TARGETS: '1',
      // A slow poll: dispatch and answers must wake the worker themselves (queue.nudge), or these tests crawl.
      QUARRY_QUEUE_POLL_MS: '5000',
      QUARRY_JOB_HEARTBEAT_MS: '200',
      QUARRY_BUILD_TIME_BUDGET_MS: '40000',
      QUARRY_RATE_LIMITS: '0',
    });
    // The most talkative logger the service has, captured whole.
    const sink = new Writable({ write: (chunk, _enc, done) => (logLines.push(String(chunk)), done()) });
    runtime = await createRuntime(config, { db: testDb.db, logger: pino({ level: 'trace' }, sink), startWorker: true });
    app = await buildApp(runtime.deps);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await runtime.close();
    await testDb.cleanup();
    for (const s of sites) await s.close();
  });

  it('without allow_auth the build fails saying the site needs a login and how to allow it', async () => {
    const key = await user();
    const { site } = await shopSite('form');
    const d = await dispatch(key, `${site.url}/account/orders`, false);
    expect(d.may_require_auth).toBe(true);
    const task = await waitFor(key, d.task_id, []);
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/needs a login/);
    expect(task.error).toMatch(/allow_auth/);
    // allow_auth itself needs a paid plan and the disclaimer.
    expect((await call('POST', '/dispatch', await user('free'), { url: site.url, allow_auth: true })).statusCode).toBe(402);
    expect((await call('POST', '/dispatch', await user('developer', false), { url: site.url, allow_auth: true })).statusCode).toBe(403);
  });

  it('asks for the credentials of the form, takes a wrong answer back, builds with the right one; the API logs in for its caller', async () => {
    const key = await user();
    const { site, shop } = await shopSite('form');
    const d = await dispatch(key, `${site.url}/account/orders`, true);
    let task = await waitFor(key, d.task_id, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    expect(task.auth_enabled).toBe(true);
    const prompt = task.user_input_prompt;
    expect(prompt.kind).toBe('credentials');
    expect(prompt.message).toMatch(/needs a login/);
    expect(prompt.fields).toEqual([
      { name: 'email', label: 'Email address', type: 'email', required: true },
      { name: 'password', label: 'Password', type: 'password', required: true },
    ]);
    expect(Date.parse(prompt.asked_at)).not.toBeNaN();

    // Bad answers: a missing field (422), another account (404); nothing moves.
    const missing = await call('POST', `/dispatch/${d.task_id}`, key, { user_response: { email: ACCOUNT.email } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().details).toEqual([{ field: 'password', message: 'required' }]);
    expect((await call('POST', `/dispatch/${d.task_id}`, await user(), { user_response: { email: ACCOUNT.email, password: ACCOUNT.password } })).statusCode).toBe(404);
    expect((await call('GET', `/dispatch/tasks/${d.task_id}`, key)).json().status).toBe('needs_input');
    const kept = await runtime.deps.db.kysely.selectFrom('task_logins').select('secret').where('task_id', '=', d.task_id).executeTakeFirstOrThrow();
    expect(kept.secret).toBeNull();

    // A wrong password comes back as needs_input with a message.
    const wrong = await call('POST', `/dispatch/${d.task_id}`, key, { user_response: { email: ACCOUNT.email, password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ ok: true });
    task = await waitFor(key, d.task_id, ['needs_input']);
    expect(task.status).toBe('needs_input');
    expect(task.user_input_prompt.message).toMatch(/refused/);
    expect(task.user_input_prompt.message).toMatch(/attempt 2 of 3/);

    // An extra field in the answer is ignored, not taken as a refusal.
    const right = await call('POST', `/dispatch/${d.task_id}`, key, { user_response: { email: ACCOUNT.email, password: ACCOUNT.password, remember: 'yes' } });
    expect(right.statusCode).toBe(200);
    task = await waitFor(key, d.task_id, []);
    expect(task.status, task.error).toBe('completed');
    expect(task.auth_enabled).toBe(true);
    expect(task.user_input_prompt).toBeNull();
    // Answering a task that is not waiting: 409.
    expect((await call('POST', `/dispatch/${d.task_id}`, key, { user_response: { email: 'x', password: 'y' } })).statusCode).toBe(409);

    const endpoints = task.generated_api.endpoints as any[];
    const login = endpoints.find((e) => e.initiates_session);
    expect(login.endpoint_name).toBe('login');
    expect(Object.keys(login.input_params.properties).sort()).toEqual(['email', 'password']);
    const protectedOnes = endpoints.filter((e) => !e.initiates_session);
    expect(protectedOnes.length).toBeGreaterThan(0);
    for (const e of protectedOnes) expect(e.depends_on_session).toBe('login');

    // A private build: not released, and its scraper never contributes (so no revision releases it).
    const scraperRow = await runtime.deps.db.kysely.selectFrom('scrapers').selectAll().where('id', '=', task.generated_api.scraper_id).executeTakeFirstOrThrow();
    expect(scraperRow.contributes_to_marketplace).toBe(0);
    expect(await runtime.deps.db.kysely.selectFrom('marketplace_listings').select('id').execute()).toEqual([]);

    // The generated API: log in, read the orders with the pair, and lose the session when the site logs out.
    const scraper = task.generated_api.scraper_id;
    const s = await call('POST', `/scraper/${scraper}/login`, key, { email: ACCOUNT.email, password: ACCOUNT.password });
    expect(s.statusCode, s.body).toBe(200);
    const pair = { 'x-session-id': s.json().session_id, 'x-encryption-key': s.json().encryption_key };
    secrets.push(s.json().encryption_key);
    const list = protectedOnes.find((e) => /^list_/.test(e.endpoint_name)) ?? protectedOnes[0];
    const listed = await call('POST', `/scraper/${scraper}/${list.endpoint_name}`, key, list.sample_inputs, pair);
    expect(listed.statusCode, listed.body).toBe(200);
    const text = JSON.stringify(listed.json().data);
    expect(ORDERS.filter((o) => text.includes(o.number)).length).toBeGreaterThanOrEqual(5);
    expect((await call('POST', `/scraper/${scraper}/${list.endpoint_name}`, key, list.sample_inputs)).statusCode).toBe(422);
    secrets.push(...shop.issued);
    expect(shop.issued.length).toBeGreaterThan(1); // the build's session and the caller's
    shop.logoutAll();
    const after = await call('POST', `/scraper/${scraper}/${list.endpoint_name}`, key, list.sample_inputs, pair);
    expect(after.statusCode).toBe(422);
    expect(after.json().error.kind).toBe('session_invalid');

    // Exports show the login flow.
    const sdk = (await call('GET', `/dispatch/tasks/${d.task_id}/sdk-example`, key)).json();
    expect(sdk.sdk_usage_example.has_session).toBe(true);
    const openapi = (await call('GET', `/v1/apis/${scraper}/openapi.json`, key)).json();
    const ops = Object.values(openapi.paths).map((p: any) => p.post ?? p.get);
    expect(ops.find((o: any) => o['x-quarry-initiates-session'])).toBeDefined();
    const guarded = ops.find((o: any) => o['x-quarry-depends-on-session'] === 'login');
    expect(JSON.stringify(guarded.parameters)).toContain('SessionId');
    const mcp = (await call('GET', `/dispatch/tasks/${d.task_id}/export/mcp`, key)).json();
    expect(mcp.tools.find((t: any) => t._meta.initiates_session)._meta.endpoint_name).toBe('login');

    // Nothing of the answers is left: no sealed secret, no user_response.
    const row = await runtime.deps.db.kysely.selectFrom('task_logins').selectAll().where('task_id', '=', d.task_id).executeTakeFirstOrThrow();
    expect(row.secret).toBeNull();
    const taskRow = await runtime.deps.db.kysely.selectFrom('tasks').select(['user_response']).where('id', '=', d.task_id).executeTakeFirstOrThrow();
    expect(taskRow.user_response).toBeNull();
  });

  it('three refused logins fail the task', async () => {
    const key = await user();
    const { site } = await shopSite('form');
    const d = await dispatch(key, `${site.url}/account/orders`, true);
    let task = await waitFor(key, d.task_id, ['needs_input']);
    const started = Date.now();
    for (let i = 1; i <= 3; i++) {
      expect(task.status).toBe('needs_input');
      expect((await call('POST', `/dispatch/${d.task_id}`, key, { user_response: { email: ACCOUNT.email, password: `wrong-${i}` } })).statusCode).toBe(200);
      task = await waitFor(key, d.task_id, ['needs_input']);
    }
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/failed 3 times/);
    // Each answer resumed the build at once: three rounds well inside one 5 s poll interval.
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('a one-time code asked for mid-login is a second prompt', async () => {
    const key = await user();
    const { site } = await shopSite('otp');
    const d = await dispatch(key, `${site.url}/account/orders`, true);
    let task = await waitFor(key, d.task_id, ['needs_input']);
    expect(task.user_input_prompt.fields.map((f: any) => f.name)).toEqual(['email', 'password']);
    await call('POST', `/dispatch/${d.task_id}`, key, { user_response: { email: ACCOUNT.email, password: ACCOUNT.password } });
    task = await waitFor(key, d.task_id, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    expect(task.user_input_prompt.fields).toEqual([{ name: 'otp', label: 'Verification code', type: 'otp', required: true }]);
    expect(task.user_input_prompt.message).toMatch(/one-time code/);
    expect((await call('POST', `/dispatch/${d.task_id}`, key, { user_response: {} })).statusCode).toBe(422);
    await call('POST', `/dispatch/${d.task_id}`, key, { user_response: { otp: ACCOUNT.otp } });
    task = await waitFor(key, d.task_id, []);
    expect(task.status, task.error).toBe('completed');
    const login = task.generated_api.endpoints.find((e: any) => e.initiates_session);
    expect(Object.keys(login.input_params.properties)).toContain('otp');
  });

  it('a JSON login API is found behind the sign-in page', async () => {
    const key = await user();
    const { site } = await shopSite('json');
    const d = await dispatch(key, `${site.url}/account/orders`, true);
    let task = await waitFor(key, d.task_id, ['needs_input']);
    expect(task.user_input_prompt.fields.map((f: any) => [f.name, f.type])).toEqual([['username', 'text'], ['password', 'password']]);
    await call('POST', `/dispatch/${d.task_id}`, key, { user_response: { username: ACCOUNT.email, password: ACCOUNT.password } });
    task = await waitFor(key, d.task_id, []);
    expect(task.status, task.error).toBe('completed');
    const scraper = task.generated_api.scraper_id;
    const s = await call('POST', `/scraper/${scraper}/login`, key, { username: ACCOUNT.email, password: ACCOUNT.password });
    expect(s.statusCode, s.body).toBe(200);
  });

  it('a "log in to see" notice is a wall too: the sign-in form is found behind its link', async () => {
    const key = await user();
    const shop = loginShop('form', '401');
    const site = await startFixtureSite(shop.routes);
    sites.push(site);
    const d = await dispatch(key, `${site.url}/account/orders`, true);
    let task = await waitFor(key, d.task_id, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    expect(task.user_input_prompt.message).toMatch(/401/);
    await call('POST', `/dispatch/${d.task_id}`, key, { user_response: { email: ACCOUNT.email, password: ACCOUNT.password } });
    task = await waitFor(key, d.task_id, []);
    expect(task.status, task.error).toBe('completed');
    const scraper = task.generated_api.scraper_id;
    const s = (await call('POST', `/scraper/${scraper}/login`, key, { email: ACCOUNT.email, password: ACCOUNT.password })).json();
    const list = task.generated_api.endpoints.find((e: any) => e.depends_on_session);
    const pair = { 'x-session-id': s.session_id, 'x-encryption-key': s.encryption_key };
    expect((await call('POST', `/scraper/${scraper}/${list.endpoint_name}`, key, list.sample_inputs, pair)).statusCode).toBe(200);
    shop.logoutAll();
    const after = await call('POST', `/scraper/${scraper}/${list.endpoint_name}`, key, list.sample_inputs, pair);
    expect(after.statusCode).toBe(422);
    expect(after.json().error.kind).toBe('session_invalid');
  });

  it('a public home page whose links lead to a sign-in page is a wall too', async () => {
    const key = await user();
    const { site } = await shopSite('form');
    const d = await dispatch(key, `${site.url}/`, true);
    expect(d.may_require_auth).toBe(false);
    const task = await waitFor(key, d.task_id, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    expect(task.user_input_prompt.message).toMatch(/pages ask to sign in/);
    expect(task.user_input_prompt.fields.map((f: any) => f.name)).toEqual(['email', 'password']);
    await call('POST', `/dispatch/${d.task_id}`, key, { user_response: { email: ACCOUNT.email, password: ACCOUNT.password } });
    const done = await waitFor(key, d.task_id, []);
    expect(done.status, done.error).toBe('completed');
    expect(done.generated_api.endpoints.filter((e: any) => e.depends_on_session === 'login').length).toBeGreaterThan(0);
  });

  it('the password is nowhere: database files (with the WAL), logs, answers', async () => {
    await runtime.deps.callLog.flush();
    const haystacks: Array<[string, string]> = [['logs', logLines.join('')], ['answers', answers.join('\n')]];
    expect(logLines.length).toBeGreaterThan(20);
    expect(answers.length).toBeGreaterThan(30);
    if (!postgres) {
      // Every file of the data folder: the database, its -wal and -shm.
      const dir = testDb.dataDir;
      const files = readdirSync(dir, { recursive: true }).map(String).filter((f) => !f.endsWith('/'));
      expect(files.some((f) => f.endsWith('-wal')), files.join()).toBe(true);
      for (const f of files) {
        try {
          haystacks.push([f, readFileSync(path.join(dir, f)).toString('latin1')]);
        } catch {
          /* a folder */
        }
      }
    } else {
      // PostgreSQL: every text column of every table of the test schema.
      const tables = ['tasks', 'jobs', 'task_logins', 'api_sessions', 'scraper_versions', 'endpoint_calls', 'credit_ledger'];
      for (const table of tables) {
        const rows = await runtime.deps.db.kysely.selectFrom(table as 'tasks').selectAll().execute();
        haystacks.push([table, JSON.stringify(rows)]);
      }
    }
    expect(secrets.length).toBeGreaterThan(2);
    for (const [where, text] of haystacks) {
      // The caller's own answers carry its encryption_key once; nothing else may.
      if (where !== 'answers') for (const secret of secrets) expect(text.includes(secret), `a session secret found in ${where}`).toBe(false);
      expect(text.includes(ACCOUNT.password), `password found in ${where}`).toBe(false);
      expect(text.includes(encodeURIComponent(ACCOUNT.password)), `encoded password found in ${where}`).toBe(false);
    }
  });
});
