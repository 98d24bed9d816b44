/**
 * GET /dispatch/tasks/{task_id}/sdk-example: TypeScript for the project's SDK that type-checks
 * (strict) against packages/sdk; test/sdk-e2e runs one against a real build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { booksRecipe } from '../execution/recipes.js';
import { publishApi, sessionRecipe } from './helpers.js';
import { typeErrors, writeSdkProgram } from './sdk-program.js';

const BASE = 'http://127.0.0.1:9';

describe('SDK example', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.user('developer');
    other = await t.user('developer');
  });
  afterAll(async () => t.close());

  it('calls every endpoint with its sample inputs and type-checks against the SDK', async () => {
    const { taskId, scraperId } = await publishApi(t, owner, booksRecipe(BASE));
    const res = await t.call('GET', `/dispatch/tasks/${taskId}/sdk-example`, { key: owner.key });
    expect(res.statusCode).toBe(200);
    const example = res.json().sdk_usage_example;
    expect(example).toMatchObject({ endpoints: ['list_books', 'get_book', 'fetch_path'], has_session: false, language: 'typescript' });
    expect(example.code).toContain("import { Quarry } from '@quarry/sdk';");
    expect(example.code).toContain(`const scraperId = "${scraperId}";`);
    expect(example.code).toContain('await quarry.call(scraperId, "get_book", {"path":"/catalogue/sapiens_1004/index.html"}, { method: "GET" });');
    const program = await writeSdkProgram(example.code);
    try {
      expect(typeErrors(program.file)).toEqual([]);
    } finally {
      await program.cleanup();
    }
  }, 60_000);

  it('logs in first for a login-protected API, credentials from the environment, and type-checks', async () => {
    const { taskId } = await publishApi(t, owner, sessionRecipe(BASE));
    const example = (await t.call('GET', `/dispatch/tasks/${taskId}/sdk-example`, { key: owner.key })).json().sdk_usage_example;
    expect(example.has_session).toBe(true);
    expect(example.endpoints).toEqual(['login', 'list_orders']);
    expect(example.code).toContain("import { Quarry, sessionOf } from '@quarry/sdk';");
    expect(example.code).toContain('{ "username": process.env.SITE_USERNAME ?? \'\', "password": process.env.SITE_PASSWORD ?? \'\' }');
    expect(example.code).toContain('{ method: "GET", session }');
    // Stored sample credentials never end up in code meant to be shared; nor do line breaks in comments.
    expect(example.code).not.toContain('secret-sample-password');
    expect(example.code).toContain('// login (POST): Log in with a member account');
    const program = await writeSdkProgram(example.code);
    try {
      expect(typeErrors(program.file)).toEqual([]);
    } finally {
      await program.cleanup();
    }
  }, 60_000);

  it('the type check catches a program that misuses the SDK (the check can fail)', async () => {
    const program = await writeSdkProgram("import { Quarry } from '@quarry/sdk';\nconst q = new Quarry({ apiKey: 1 });\nawait q.call('s');\n");
    try {
      expect(typeErrors(program.file)).toEqual([
        "example.mts:2 Type 'number' is not assignable to type 'string'.",
        'example.mts:3 Expected 2-4 arguments, but got 1.',
      ]);
    } finally {
      await program.cleanup();
    }
  }, 60_000);

  it('is null until the task completes; 404 for unknown and foreign tasks', async () => {
    const queued = (await t.call('POST', '/dispatch', { key: owner.key, body: { url: `${BASE}/`, task: 'x' } })).json().task_id;
    const res = await t.call('GET', `/dispatch/tasks/${queued}/sdk-example`, { key: owner.key });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sdk_usage_example: null });
    expect((await t.call('GET', '/dispatch/tasks/nope/sdk-example', { key: owner.key })).statusCode).toBe(404);
    const { taskId } = await publishApi(t, owner, booksRecipe(BASE));
    const theirs = await t.call('GET', `/dispatch/tasks/${taskId}/sdk-example`, { key: other.key });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().status_code).toBe(404);
  });
});
