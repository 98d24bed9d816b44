/**
 * Run by crash.test.ts in a separate Node process, which kills it with SIGKILL mid-work: opens
 * the test database named by the environment, prints "ready", then keeps `inFlight` charges of 1
 * running at all times (so group commits are always in progress) and writes `ok <ref>` to stdout,
 * synchronously, the moment each charge is acknowledged: what a caller would have been told.
 */
import fs from 'node:fs';
import { systemClock } from '../../src/clock.js';
import { openDb } from '../../src/db/index.js';
import { charge } from '../../src/services/credits.js';

const [userId, inFlightArg] = process.argv.slice(2);
const db = openDb({ databaseUrl: process.env.DATABASE_URL || null, dataDir: process.env.QUARRY_DATA_DIR ?? '.' });
await charge(db, systemClock, userId, 0, 'warm-up');
fs.writeSync(1, 'ready\n');
let next = 0;
async function caller(): Promise<never> {
  for (;;) {
    const ref = `${process.pid}-${next++}`;
    const result = await charge(db, systemClock, userId, 1, 'crash_test', ref);
    if (result.ok) fs.writeSync(1, `ok ${ref}\n`);
  }
}
await Promise.all(Array.from({ length: Number(inFlightArg) }, caller));
