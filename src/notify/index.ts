/**
 * Picks the notification transport for a deployment: Redis pub/sub when REDIS_URL is set
 * (every scale-mode process has it), else PostgreSQL LISTEN/NOTIFY when the database is
 * PostgreSQL, else in-process (the embedded single-process default).
 */
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import { LocalNotifier } from './local.js';
import { PostgresNotifier } from './postgres.js';
import { RedisNotifier } from './redis.js';
import type { Notifier, NotifyLogger } from './types.js';

export type { Notifier, NotifyHandler, NotifyLogger } from './types.js';
export { LocalNotifier } from './local.js';
export { RedisNotifier } from './redis.js';
export { PostgresNotifier } from './postgres.js';

export async function createNotifier(config: Pick<Config, 'redisUrl' | 'databaseUrl' | 'queue'>, db: Db, logger: NotifyLogger): Promise<Notifier> {
  if (config.redisUrl) {
    const n = new RedisNotifier(config.redisUrl, `quarry:notify:${config.queue.name}`, logger);
    await n.ready;
    return n;
  }
  if (config.databaseUrl && db.dialect === 'postgres') {
    const n = new PostgresNotifier(config.databaseUrl, db, logger);
    await n.ready;
    return n;
  }
  return new LocalNotifier(logger);
}
