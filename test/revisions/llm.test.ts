/**
 * With the optional language model configured: a sentence the grammar cannot read is put to
 * the model, and selectors the model proposes are kept only when they read values on the pages.
 * The model is a real HTTP server on 127.0.0.1 speaking the OpenAI chat format, with canned
 * answers keyed on the request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { SHELF, shelfSite, shelfState } from '../fixtures/sites/shelf.js';
import { build, execute, revise, reviseAndWait, seedApi } from './helpers.js';

interface FakeModel {
  url: string;
  prompts: Array<{ system: string; user: string }>;
  close(): Promise<void>;
}

/** Answers by the first rule whose pattern the user prompt matches; `{}` otherwise. */
async function startFakeModel(rules: Array<[RegExp, unknown]>): Promise<FakeModel> {
  const prompts: FakeModel['prompts'] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const system = body.messages[0].content as string;
    const user = body.messages[1].content as string;
    prompts.push({ system, user });
    const answer = rules.find(([re]) => re.test(user))?.[1] ?? {};
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { content: JSON.stringify(answer) } }] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    prompts,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('revisions with the optional language model', () => {
  let t: TestApp;
  let u: TestUser;
  let model: FakeModel;
  let site: FixtureSite;

  beforeAll(async () => {
    model = await startFakeModel([
      [/Request: I'd love to know who wrote each one/, { intents: [{ op: 'add_fields', fields: ['author'] }] }],
      [/Request: swap the movie thing/, { intents: [{ op: 'rename', from: 'get_movie', to: 'get_film' }] }],
      [/Request: make it do the thing/, { intents: [{ op: 'launch_rockets' }] }],
      [/^Fields: blurb\b/, { fields: { blurb: '.about p' } }],
      [/^Fields: mood\b/, { fields: { mood: '.no-such-element' } }],
    ]);
    site = await startFixtureSite(shelfSite(shelfState()));
    t = await startTestApp({ startWorker: true, env: { QUARRY_BUILD_TIME_BUDGET_MS: '60000', LLM_BASE_URL: model.url, LLM_MODEL: 'fake' } });
    u = await t.user('developer');
  });
  afterAll(async () => {
    await t.close();
    await site.close();
    await model.close();
  });

  it('the model reads a sentence the grammar cannot, and the change is carried out and verified', async () => {
    const built = await build(t, u, `${site.url}/`, 'Get each book page: title, price');
    expect(built.status, built.error).toBe('completed');
    const child = await reviseAndWait(t, u, built.id, "I'd love to know who wrote each one");
    expect(child.status, child.error).toBe('completed');
    expect(child.revision_type).toBe('extend');
    const get = child.generated_api.endpoints.find((e: any) => e.endpoint_name === 'get_book');
    const [param] = Object.keys(get.input_params.properties);
    const b = SHELF[7];
    const res = await execute(t, u, built.generated_api.scraper_id, 'get_book', { [param]: `${b.id}-${b.slug}` });
    expect(String(res.json().data.author)).toBe(b.author);
    expect(model.prompts.some((p) => /who wrote each one/.test(p.user) && /get_book/.test(p.user))).toBe(true);
  });

  it('a proposal naming what the API does not have, or no intent at all, is a 422', async () => {
    const api = await seedApi(t, u);
    const unknown = await revise(t, u, api.taskId, 'swap the movie thing');
    expect(unknown.statusCode).toBe(422);
    const nonsense = await revise(t, u, api.taskId, 'make it do the thing');
    expect(nonsense.statusCode).toBe(422);
    expect(nonsense.json().error).toMatch(/make it do the thing/);
  });

  it('a selector the model proposes is kept only when it reads values on the pages', async () => {
    const built = await build(t, u, `${site.url}/`, 'Get each book page: title, price');
    expect(built.status, built.error).toBe('completed');
    const good = await reviseAndWait(t, u, built.id, 'also return the blurb');
    expect(good.status, good.error).toBe('completed');
    const get = good.generated_api.endpoints.find((e: any) => e.endpoint_name === 'get_book');
    const [param] = Object.keys(get.input_params.properties);
    const b = SHELF[2];
    const d = (await execute(t, u, built.generated_api.scraper_id, 'get_book', { [param]: `${b.id}-${b.slug}` })).json().data;
    expect(d.blurb).toBe(`${b.title} is a novel of ${b.pages} pages.`);
    expect(model.prompts.some((p) => /^Fields: blurb/.test(p.user))).toBe(true);

    const bad = await reviseAndWait(t, u, built.id, 'also return the mood');
    expect(bad.status).toBe('failed');
    expect(bad.error).toMatch(/mood/);
    expect(bad.progress.log.map((l: any) => l.message).join('\n')).toMatch(/LLM proposal for mood \(\.no-such-element\) rejected/);
  });
});
