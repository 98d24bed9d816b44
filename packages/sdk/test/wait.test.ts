/** waitForTask: polls until terminal, reports progress changes once each, and types the bad endings. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  Quarry,
  TaskCancelledError,
  TaskFailedError,
  WaitTimeoutError,
  type Progress,
  type Task,
} from '../src/index.js';
import { startFakeQuarry, type FakeQuarry } from './helpers/fake-quarry.js';
import { completedTask, progress, task } from './helpers/records.js';

let server: FakeQuarry;
beforeAll(async () => {
  server = await startFakeQuarry({ apiKey: 'pmx_good' });
});
afterAll(() => server.close());

function client(key = 'pmx_good') {
  const waits: number[] = [];
  const quarry = new Quarry({
    apiKey: key,
    baseUrl: server.url,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { quarry, waits };
}

const running = (p: Partial<Progress>) => ({ body: task({ status: 'running', progress: progress(p) }) });

describe('waitForTask', () => {
  it('reports each distinct progress once and resolves with the completed task', async () => {
    server.on(
      'GET',
      '/dispatch/tasks/t_ok',
      { body: task({ status: 'queued', progress: progress({ stage: 'queued', percent: 0, headline: 'Waiting' }) }) },
      running({ stage: 'exploring', percent: 20 }),
      running({ stage: 'exploring', percent: 20 }),
      running({ stage: 'testing', percent: 80, headline: 'Testing 2 endpoints' }),
      { body: completedTask({ id: 't_ok' }) },
    );
    const { quarry, waits } = client();
    const seen: Array<[string, number]> = [];
    const statuses: string[] = [];
    const done = await quarry.waitForTask('t_ok', {
      intervalMs: 1500,
      onProgress: (p) => seen.push([p.stage, p.percent]),
      onStatus: (t) => statuses.push(t.status),
    });
    expect(done.status).toBe('completed');
    expect(done.generated_api?.scraper_id).toBe('scr_books');
    expect(seen).toEqual([
      ['queued', 0],
      ['exploring', 20],
      ['testing', 80],
      ['done', 100],
    ]);
    expect(statuses).toEqual(['queued', 'running', 'completed']);
    expect(waits).toEqual([1500, 1500, 1500, 1500]);
    expect(server.received('GET', '/dispatch/tasks/t_ok')).toHaveLength(5);
  });

  it('throws TaskFailedError carrying the reason and the task', async () => {
    server.on('GET', '/dispatch/tasks/t_fail', running({}), { body: task({ id: 't_fail', status: 'failed', error: 'No data found on the page' }) });
    const { quarry } = client();
    const err = await quarry.waitForTask('t_fail').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaskFailedError);
    expect((err as TaskFailedError<Task>).message).toContain('No data found on the page');
    expect((err as TaskFailedError<Task>).task.status).toBe('failed');
  });

  it('throws TaskCancelledError on cancelled', async () => {
    server.on('GET', '/dispatch/tasks/t_cancel', { body: task({ id: 't_cancel', status: 'cancelled' }) });
    const { quarry } = client();
    await expect(quarry.waitForTask('t_cancel')).rejects.toBeInstanceOf(TaskCancelledError);
  });

  it('stops at needs_input when asked to, with the prompt', async () => {
    const prompt = { kind: 'credentials' as const, message: 'Log in', fields: [{ name: 'password', label: 'Password', type: 'password' as const, required: true }], asked_at: 'x' };
    server.on('GET', '/dispatch/tasks/t_input', { body: task({ status: 'needs_input', user_input_prompt: prompt }) });
    const { quarry } = client();
    const t = await quarry.waitForTask('t_input', { resolveOnNeedsInput: true });
    expect(t.user_input_prompt?.fields[0].name).toBe('password');
  });

  it('gives up with WaitTimeoutError after timeoutMs (real clock, task never ends)', async () => {
    server.on('GET', '/dispatch/tasks/t_slow', running({}));
    const quarry = new Quarry({ apiKey: 'pmx_good', baseUrl: server.url });
    const err = await quarry.waitForTask('t_slow', { intervalMs: 10, timeoutMs: 60 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect((err as WaitTimeoutError<Task>).lastTask?.status).toBe('running');
  });

  it('stops when the signal aborts', async () => {
    server.on('GET', '/dispatch/tasks/t_abort', running({}));
    const quarry = new Quarry({ apiKey: 'pmx_good', baseUrl: server.url });
    const controller = new AbortController();
    const seen: number[] = [];
    const pending = quarry.waitForTask('t_abort', {
      intervalMs: 10,
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p.percent);
        controller.abort(new Error('stop waiting'));
      },
    });
    await expect(pending).rejects.toThrow('stop waiting');
    expect(seen).toEqual([20]);
  });

  it('request errors propagate', async () => {
    const { quarry } = client('pmx_wrong');
    await expect(quarry.waitForTask('t_ok')).rejects.toBeInstanceOf(AuthenticationError);
  });
});
