/**
 * The client libraries only some deployments use, loaded the first time they are needed rather
 * than at start-up: ioredis and BullMQ when REDIS_URL is set, pg when DATABASE_URL names
 * PostgreSQL. A single-process deployment on SQLite never loads them (together ~25 MB of RSS,
 * ~10 MB of heap that would otherwise stay resident for nothing).
 *
 * All three are CommonJS packages (BullMQ's `module` field is not read by Node, and pg's ESM
 * entry re-exports its CommonJS build), so `require` returns the very objects an `import`
 * elsewhere (a test, say) gets: there is one copy of each, whichever way it was loaded first.
 * `require` is synchronous, so the constructors that open these connections stay synchronous.
 */
import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type * as BullMQ from 'bullmq';
import type Pg from 'pg';

const require = createRequire(import.meta.url);

export const loadIoredis = (): typeof IORedis => require('ioredis') as typeof IORedis;
export const loadBullmq = (): typeof BullMQ => require('bullmq') as typeof BullMQ;
export const loadPg = (): typeof Pg => require('pg') as typeof Pg;
