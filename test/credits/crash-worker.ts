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

/** A millisecond's wait that blocks the thread (no spinning against the parent for the CPU). */
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * One line to stdout, synchronously. The pipe is non-blocking: when the parent reads slowly (a
 * loaded CI machine) a write meets a full pipe and fails with EAGAIN; it is tried again a
 * millisecond later until the parent has read, so no acknowledgement is lost and the worker
 * never dies of it.
 */
function say(line: string): void {
  for (;;) {
    try {
      fs.writeSync(1, line);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

const [userId, inFlightArg] = process.argv.slice(2);
const db = openDb({ databaseUrl: process.env.DATABASE_URL || null, dataDir: process.env.QUARRY_DATA_DIR ?? '.' });
await charge(db, systemClock, userId, 0, 'warm-up');
say('ready\n');
let next = 0;
async function caller(): Promise<never> {
  for (;;) {
    const ref = `${process.pid}-${next++}`;
    const result = await charge(db, systemClock, userId, 1, 'crash_test', ref);
    if (result.ok) say(`ok ${ref}\n`);
  }
}
await Promise.all(Array.from({ length: Number(inFlightArg) }, caller));
