import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { QuarryError } from '../../src/errors/index.js';
import { backoffDelayMs } from '../../src/queue/backoff.js';
import { describeError } from '../../src/queue/errors.js';
import { createQueue, isRetryable, JobRegistry, PermanentJobError, TransientJobError, TypedEmitter } from '../../src/queue/index.js';
import { resolveSettings } from '../../src/queue/settings.js';
import type { Db } from '../../src/db/index.js';

describe('queue: pure parts', () => {
  it('backs off exponentially from baseMs up to maxMs', () => {
    const policy = { baseMs: 1_000, maxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 50].map((attempt) => backoffDelayMs(policy, attempt))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });

  it('reads the retry policy from the error', () => {
    // Only transient faults are retried; a bug or an unknown failure would happen again.
    expect(isRetryable(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isRetryable(new Error('recipe is invalid'))).toBe(false);
    expect(isRetryable(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isRetryable(Object.assign(new Error('x'), { code: 'UND_ERR_CONNECT_TIMEOUT' }))).toBe(true);
    expect(isRetryable(Object.assign(new Error('the database system is shutting down'), { code: '57P03' }))).toBe(true);
    expect(isRetryable(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBe(true);
    expect(isRetryable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isRetryable(new Error('wrapped', { cause: Object.assign(new Error('dns'), { code: 'EAI_AGAIN' }) }))).toBe(true);
    expect(isRetryable(new DOMException('The operation timed out', 'TimeoutError'))).toBe(true);
    expect(isRetryable(new TransientJobError('later'))).toBe(true);
    expect(isRetryable(new PermanentJobError('bad payload'))).toBe(false);
    expect(isRetryable(new QuarryError('unavailable', 'later'))).toBe(true);
    expect(isRetryable(new QuarryError('validation_failed', 'never'))).toBe(false);
    expect(isRetryable(new QuarryError('upstream_error', 'site down', { upstream_status_code: 503 }))).toBe(true);
    expect(isRetryable(new QuarryError('upstream_error', 'gone', { upstream_status_code: 404 }))).toBe(false);
  });

  it('stores errors as short text with their code', () => {
    expect(describeError(new QuarryError('blocked', 'captcha'))).toBe('blocked: captcha');
    expect(describeError('plain')).toBe('plain');
    expect(describeError(new Error('x'.repeat(10_000))).length).toBeLessThanOrEqual(4_001);
  });

  it('emits typed events to listeners and survives a listener that throws', async () => {
    const emitter = new TypedEmitter<{ ping: { n: number } }>();
    const got: number[] = [];
    emitter.on('ping', () => {
      throw new Error('bad listener');
    });
    const remove = emitter.on('ping', ({ n }) => void got.push(n));
    const next = emitter.once('ping', ({ n }) => n > 1);
    emitter.emit('ping', { n: 1 });
    emitter.emit('ping', { n: 2 });
    remove();
    emitter.emit('ping', { n: 3 });
    expect(got).toEqual([1, 2]);
    expect(await next).toEqual({ n: 2 });
  });

  it('refuses a kind registered twice', () => {
    const registry = new JobRegistry().register('build', async () => {});
    expect(() => registry.register('build', async () => {})).toThrow('already registered');
    expect(registry.names()).toEqual(['build']);
  });

  it('refuses a heartbeat that is not shorter than the lease, and polls cancels about every second', () => {
    const config = (queue: Partial<ReturnType<typeof loadConfig>['queue']>) =>
      loadConfig({}, { queue: { ...loadConfig({}).queue, ...queue } });
    expect(() => resolveSettings(config({ leaseMs: 1_000, heartbeatMs: 1_000 }))).toThrow('heartbeatMs');
    expect(resolveSettings(config({})).cancelPollMs).toBe(1_000);
    expect(resolveSettings(config({ leaseMs: 1_000, heartbeatMs: 200 })).cancelPollMs).toBe(200);
  });

  it('chooses the transport from config.redisUrl and accepts a pino logger', async () => {
    const db = { kysely: null, dialect: 'sqlite', close: async () => {} } as unknown as Db;
    const logger = pino({ level: 'silent' });
    expect(createQueue({ db, config: loadConfig({}), logger }).mode).toBe('embedded');
    const scaled = createQueue({ db, config: loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }), logger });
    expect(scaled.mode).toBe('bullmq');
    await scaled.close();
  });
});
