/**
 * Records endpoint calls (who called what, status, latency) for `user_has_called` and the
 * listing's trust signals. Rows are buffered and written in batches off the hot path; a crash
 * loses at most the last flush interval of statistics, never a charge (charges are written
 * with the call).
 */
import type { Db } from '../db/index.js';
import type { EndpointCallsTable } from '../db/schema.js';
import { newId } from '../clock.js';

const FLUSH_EVERY_MS = 500;
const FLUSH_AT = 200;

export class CallLog {
  private buffer: EndpointCallsTable[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  record(call: Omit<EndpointCallsTable, 'id'>): void {
    this.buffer.push({ id: newId(), ...call });
    if (this.buffer.length >= FLUSH_AT) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
      this.timer.unref();
    }
  }

  /** Write what is buffered; resolves when it is stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.buffer;
    this.buffer = [];
    if (rows.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() => this.db.kysely.insertInto('endpoint_calls').values(rows).execute().then(() => undefined));
    return this.flushing;
  }
}
