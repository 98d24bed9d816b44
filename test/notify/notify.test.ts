/**
 * Notifications between processes, on the real transports: Redis pub/sub (127.0.0.1:6379,
 * a fresh channel) and PostgreSQL LISTEN/NOTIFY (a fresh schema). Two notifiers, or two
 * runtimes on one database, stand for two processes: they share nothing in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { createTestDb, TEST_PG_URL, type TestDb } from '../helpers/db.js';
import { LocalNotifier, PostgresNotifier, RedisNotifier, type Notifier } from '../../src/notify/index.js';
import { loadConfig } from '../../src/config/index.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { openDb } from '../../src/db/index.js';
import { createUser, setPlan } from '../../src/services/accounts.js';
import { createKey, revokeKey, verifyKey } from '../../src/services/keys.js';
import { systemClock } from '../../src/clock.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const silent = pino({ level: 'silent' });
const until = async (check: () => boolean | Promise<boolean>, ms: number): Promise<number> => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return Date.now() - started;
};

function heard(n: Notifier, topic: string): unknown[] {
  const got: unknown[] = [];
  n.subscribe(topic, (m) => got.push(m));
  return got;
}

describe('notifiers', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb({ postgres: true });
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  it('local: delivers to this process at once, and a failing handler does not stop the others', async () => {
    const n = new LocalNotifier(silent);
    n.subscribe('t', () => {
      throw new Error('boom');
    });
    const got = heard(n, 't');
    await n.publish('t', { a: 1 });
    expect(got).toEqual([{ a: 1 }]);
  });

  it('redis: a message reaches the other process once, and the sender once (no echo)', async () => {
    const channel = `quarry-test:notify:${randomBytes(4).toString('hex')}`;
    const a = new RedisNotifier(REDIS_URL, channel, silent);
    const b = new RedisNotifier(REDIS_URL, channel, silent);
    await Promise.all([a.ready, b.ready]);
    const [atA, atB] = [heard(a, 'keys'), heard(b, 'keys')];
    await a.publish('keys', { keyId: 'k1' });
    await until(() => atB.length === 1, 1_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(atA).toEqual([{ keyId: 'k1' }]);
    expect(atB).toEqual([{ keyId: 'k1' }]);
    expect(a.live && b.live).toBe(true);
    await a.close();
    await b.close();
  });

  it('postgres: a message reaches the other process; a killed listening connection comes back with a new epoch', async () => {
    const url = testDb.env.DATABASE_URL;
    const a = new PostgresNotifier(url, testDb.db, silent);
    const b = new PostgresNotifier(url, testDb.db, silent);
    await Promise.all([a.ready, b.ready]);
    const atB = heard(b, 'keys');
    await a.publish('keys', { userId: 'u1' });
    await until(() => atB.length === 1, 1_000);
    expect(atB).toEqual([{ userId: 'u1' }]);

    const epoch = b.epoch;
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    // Kill every listening connection of this schema's channel (a and b): what a database restart does.
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'quarry-notify' and query ilike $1`,
      [`%quarry_notify_${testDb.db.pgSchema}%`],
    );
    await admin.end();
    await until(() => !b.live || b.epoch !== epoch, 2_000);
    await until(() => b.live && a.live, 5_000);
    expect(b.epoch).toBeGreaterThan(epoch);
    await a.publish('keys', { userId: 'u2' });
    await until(() => atB.length === 2, 1_000);
    await a.close();
    await b.close();
  });
});

describe.each([
  ['redis pub/sub', true],
  ['postgres LISTEN/NOTIFY', false],
])('key revocation across two processes (%s)', (_name, withRedis) => {
  let testDb: TestDb;
  let one: Runtime;
  let two: Runtime;

  beforeAll(async () => {
    testDb = await createTestDb({ postgres: true });
    const env: Record<string, string> = {
      ...testDb.env,
      QUARRY_LOG_LEVEL: 'silent',
      QUARRY_QUEUE_NAME: `quarry-test-${randomBytes(4).toString('hex')}`,
      ...(withRedis ? { REDIS_URL } : {}),
    };
    const config = loadConfig(env);
    // Each runtime opens its own pool: nothing in memory is shared, as between processes.
    one = await createRuntime(config, { db: openDb({ databaseUrl: env.DATABASE_URL, dataDir: testDb.dataDir }), logger: silent, startWorker: false });
    two = await createRuntime(config, { db: openDb({ databaseUrl: env.DATABASE_URL, dataDir: testDb.dataDir }), logger: silent, startWorker: false });
    expect(one.notifier.mode).toBe(withRedis ? 'redis' : 'postgres');
  });
  afterAll(async () => {
    for (const r of [one, two]) {
      await r.close();
      await r.deps.db.close();
    }
    await testDb.cleanup();
  });

  it('a key revoked through one process is refused by the other within 1 s (it had it cached)', async () => {
    const user = await createUser(one.deps.db, systemClock, { email: `n${randomBytes(3).toString('hex')}@example.test`, password: 'correct horse battery', plan: 'free' });
    const key = await createKey(one.deps.db, systemClock, user.id);
    const other = await createKey(one.deps.db, systemClock, user.id);
    const verify = (r: Runtime, k: string) => verifyKey(r.deps.db.kysely, systemClock, k);
    expect((await verify(two, key.api_key)).ok).toBe(true);
    expect((await verify(two, other.api_key)).ok).toBe(true);

    await revokeKey(one.deps.db, systemClock, user.id, key.id);
    const took = await until(async () => !(await verify(two, key.api_key)).ok, 1_000);
    // Far below the 1 s trust window of an unnotified entry: the message did it.
    expect(took).toBeLessThan(300);
    expect(await verify(two, key.api_key)).toEqual({ ok: false, reason: 'invalid' });
    // Only that key: the user's other key still works.
    expect((await verify(two, other.api_key)).ok).toBe(true);
  });

  it('a plan change made through one process is seen by the other within 1 s', async () => {
    const user = await createUser(one.deps.db, systemClock, { email: `p${randomBytes(3).toString('hex')}@example.test`, password: 'correct horse battery', plan: 'free' });
    const key = await createKey(one.deps.db, systemClock, user.id);
    const plan = async () => {
      const v = await verifyKey(two.deps.db.kysely, systemClock, key.api_key);
      return v.ok ? v.plan : null;
    };
    expect(await plan()).toBe('free');
    await setPlan(one.deps.db, user.id, 'developer');
    expect(await until(async () => (await plan()) === 'developer', 1_000)).toBeLessThan(300);
  });
});
