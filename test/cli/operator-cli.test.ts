/**
 * The operator CLI runs as a real child process on the same data as a running server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { startTestApp, type TestApp } from '../helpers/app.js';

const run = promisify(execFile);
const BIN = path.resolve('bin/quarry.js');

describe('quarry operator CLI', () => {
  let t: TestApp;
  let base: string;
  const cli = (args: string[]) =>
    run(process.execPath, [BIN, ...args], { env: { ...process.env, ...t.testDb.env, QUARRY_LOG_LEVEL: 'silent' } });

  beforeAll(async () => {
    t = await startTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('creates a user and a key that the running server accepts', async () => {
    const user = JSON.parse((await cli(['user', 'create', '--email', 'ops@example.test', '--password', 'operator pass', '--plan', 'developer'])).stdout);
    expect(user).toMatchObject({ email: 'ops@example.test', plan: 'developer', credits_remaining: 5000 });
    const key = JSON.parse((await cli(['key', 'create', '--email', 'ops@example.test', '--name', 'cli'])).stdout);
    expect(key.api_key).toMatch(/^pmx_/);
    const res = await fetch(`${base}/account`, { headers: { 'x-api-key': key.api_key } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe("ops@example.test");
  });

  it('sets plans and credits, recorded in the ledger', async () => {
    await cli(['user', 'create', '--email', 'p@example.test', '--password', 'password p']);
    const plan = JSON.parse((await cli(['plan', 'set', '--email', 'p@example.test', '--plan', 'team'])).stdout);
    expect(plan.plan).toBe('team');
    expect(plan.workspace_id).toEqual(expect.any(String));
    const credits = JSON.parse((await cli(['credits', 'set', '--email', 'p@example.test', '--credits', '42'])).stdout);
    expect(credits.credits_remaining).toBe(42);
    const rows = await t.runtime.deps.db.kysely.selectFrom('credit_ledger').selectAll().where('user_id', '=', credits.id).execute();
    expect(rows.reduce((s, r) => s + Number(r.delta), 0)).toBe(42);
  });

  it('migrate is idempotent', async () => {
    const out = JSON.parse((await cli(['migrate'])).stdout);
    expect(out.migrated).toBe(true);
  });

  it('reports usage errors with exit code 64 and unknown accounts with 1', async () => {
    await expect(cli(['user', 'create', '--email', 'x@example.test'])).rejects.toMatchObject({ code: 64 });
    await expect(cli(['key', 'create', '--email', 'nobody@example.test'])).rejects.toMatchObject({ code: 1 });
    await expect(cli(['plan', 'set', '--email', 'p@example.test', '--plan', 'platinum'])).rejects.toMatchObject({ code: 1 });
    await expect(cli(['frobnicate'])).rejects.toMatchObject({ code: 64 });
  });
});

describe('quarry scraper import', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  const cli = (args: string[]) =>
    run(process.execPath, [BIN, ...args], { env: { ...process.env, ...t.testDb.env, QUARRY_LOG_LEVEL: 'silent' } });

  it('imports a valid recipe and reports the path of an invalid one', async () => {
    const fs = await import('node:fs');
    const { booksRecipe } = await import('../execution/recipes.js');
    await cli(['user', 'create', '--email', 'imp@example.test', '--password', 'import pass']);
    const good = path.join(t.testDb.dataDir, 'good.json');
    fs.writeFileSync(good, JSON.stringify(booksRecipe('http://127.0.0.1:9')));
    const out = JSON.parse((await cli(['scraper', 'import', good, '--email', 'imp@example.test'])).stdout);
    expect(out).toMatchObject({ version: 1, generated_api: { endpoints: expect.any(Array) } });
    const bad = booksRecipe('http://127.0.0.1:9') as unknown as { endpoints: Array<{ steps: unknown[] }> };
    bad.endpoints[0].steps = [{ type: 'teleport' }];
    const badFile = path.join(t.testDb.dataDir, 'bad.json');
    fs.writeFileSync(badFile, JSON.stringify(bad));
    const err = await cli(['scraper', 'import', badFile, '--email', 'imp@example.test']).catch((e: { code: number; stderr: string }) => e);
    const failure = err as { code?: unknown; signal?: unknown; stderr?: string };
    expect({ code: failure.code, signal: failure.signal }, failure.stderr).toEqual({ code: 1, signal: null });
    expect((err as { stderr: string }).stderr).toContain('/endpoints/0/steps/0');
  }, 90_000); // three CLI processes, each starting node with tsx: slow on a busy machine
});

describe('quarry user commands go through the SDK to a running service', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('`quarry apis list` and `quarry marketplace search` answer from the service', async () => {
    const u = await t.user('developer');
    const home = t.testDb.dataDir;
    const env = { ...process.env, QUARRY_API_KEY: u.key, QUARRY_BASE_URL: base, HOME: home, XDG_CONFIG_HOME: home };
    const apis = await run(process.execPath, [BIN, 'apis', 'list'], { env });
    expect(apis.stdout + apis.stderr).not.toMatch(/unknown command/);
    const search = await run(process.execPath, [BIN, 'marketplace', 'search', 'books'], { env });
    expect(search.stdout + search.stderr).not.toMatch(/unknown command/);
    const bad = await run(process.execPath, [BIN, 'apis', 'list'], { env: { ...env, QUARRY_API_KEY: 'pmx_wrongwrongwrongwrongwrong' } }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(bad).toMatchObject({ code: 1 });
    expect((bad as { stderr: string }).stderr).toMatch(/Invalid API key/);
  });
});
