/**
 * A Rails bank built end to end through the real service and worker (test/fixtures/sites/bank-portal.ts):
 * Devise-style sign-in (authenticity_token, user[...] names) at /users/sign_in, then a one-time
 * code; a statement table whose rows have no pages of their own, paged by "Older transactions";
 * "Log off" and "Sign out of all devices" on every page behind the wall (never requested). A wrong
 * password that warns "N attempts left before your account is locked" is a refusal, not a lock;
 * the lock itself fails the build without another prompt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '../helpers/fixture-server.js';
import { BANK_ACCOUNT, BANK_PAGE_SIZE, BANK_TXNS, bankPortal } from '../fixtures/sites/bank-portal.js';
import { credentialsFor, pairOf, startHarness, type Harness } from './harness.js';

const TASK = 'List the transactions of my everyday account with date, description and amount';

describe('a bank behind a sign-in and a one-time code', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const start = async (lockAfter?: number) => {
    const bank = bankPortal({ lockAfter });
    const site = await startFixtureSite(bank.routes);
    h.sites.push(site);
    return { bank, site };
  };
  const dispatch = async (key: string, url: string) => {
    const res = await h.t.call('POST', '/dispatch', { key, body: { url, task: TASK, allow_auth: true } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().task_id as string;
  };

  it('builds the statement through the code step; a warning of the lock is a refusal; the API pages it', { timeout: 120_000 }, async () => {
    const key = await h.key();
    const { bank, site } = await start(3);
    const taskId = await dispatch(key, `${site.url}/accounts/everyday/statement`);
    let task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    expect(task.user_input_prompt.message).toMatch(/sign-in page \(\/users\/sign_in\)/);
    // "You have 2 attempts left before your account is locked": asked again, not failed.
    await h.answer(key, taskId, credentialsFor(task.user_input_prompt, BANK_ACCOUNT, 'Estuary-Tern-1960'));
    task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    expect(task.user_input_prompt.message).toMatch(/refused/);
    const started = Date.now();
    await h.answer(key, taskId, credentialsFor(task.user_input_prompt, BANK_ACCOUNT));
    task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    expect(task.user_input_prompt.fields).toEqual([{ name: 'otp', label: 'Security code', type: 'otp', required: true }]);
    await h.answer(key, taskId, { otp: BANK_ACCOUNT.otp });
    task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status, `${task.error} ${task.user_input_prompt?.message}`).toBe('completed');
    console.log(`bank login build: ${Date.now() - started} ms from the right password`);
    expect(bank.signOutRequests).toBe(0);

    const endpoints = task.generated_api.endpoints as any[];
    const scraper = task.generated_api.scraper_id;
    const list = endpoints.find((e) => e.depends_on_session && /^list_/.test(e.endpoint_name));
    expect(list, JSON.stringify(endpoints.map((e) => e.endpoint_name))).toBeTruthy();
    const s = await h.exec(key, scraper, 'login', { username: BANK_ACCOUNT.login, password: BANK_ACCOUNT.password, otp: BANK_ACCOUNT.otp });
    expect(s.statusCode, s.body).toBe(200);
    const first = await h.exec(key, scraper, list.endpoint_name, {}, pairOf(s.json()));
    expect(first.statusCode, first.body).toBe(200);
    const text1 = JSON.stringify(first.json().data);
    const page1 = BANK_TXNS.slice(0, BANK_PAGE_SIZE);
    expect(page1.filter((t) => text1.includes(t.description))).toHaveLength(BANK_PAGE_SIZE);
    expect(first.json().data).toHaveLength(BANK_PAGE_SIZE);
    // The second page: the next rows, none of the first.
    expect(Object.keys(list.input_params.properties)).toContain('page');
    const second = await h.exec(key, scraper, list.endpoint_name, { page: 2 }, pairOf(s.json()));
    expect(second.statusCode, second.body).toBe(200);
    const text2 = JSON.stringify(second.json().data);
    expect(BANK_TXNS.slice(BANK_PAGE_SIZE, 2 * BANK_PAGE_SIZE).filter((t) => text2.includes(t.description))).toHaveLength(BANK_PAGE_SIZE);
    expect(page1.some((t) => text2.includes(t.description))).toBe(false);
    const bare = await h.exec(key, scraper, list.endpoint_name, {});
    expect(bare.statusCode).toBe(422);
    expect(bare.json().error.kind).toBe('session_invalid');
    expect(bank.signOutRequests).toBe(0);
    bank.expireAll();
    const expired = await h.exec(key, scraper, list.endpoint_name, {}, pairOf(s.json()));
    expect(expired.statusCode, expired.body).toBe(422);
    expect(expired.json().error.kind).toBe('session_invalid');
  });

  it('locked after two wrong passwords: the build fails saying so, with no third prompt', { timeout: 60_000 }, async () => {
    const key = await h.key();
    const { bank, site } = await start(2);
    const taskId = await dispatch(key, `${site.url}/accounts/everyday/statement`);
    let task = await h.waitFor(key, taskId, ['needs_input']);
    await h.answer(key, taskId, credentialsFor(task.user_input_prompt, BANK_ACCOUNT, 'wrong-1'));
    task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status, task.error).toBe('needs_input');
    await h.answer(key, taskId, credentialsFor(task.user_input_prompt, BANK_ACCOUNT, 'wrong-2'));
    task = await h.waitFor(key, taskId, ['needs_input']);
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/locked this account: "Your account has been locked because of too many failed log on attempts\."/);
    expect(task.user_input_prompt).toBeNull();
    expect(bank.attempts).toBe(2);
    expect(bank.signOutRequests).toBe(0);
  });
});
