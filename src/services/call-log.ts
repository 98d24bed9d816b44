/**
 * Records endpoint calls (who called what, status, latency) for `user_has_called` and the
 * listing's trust signals. Rows are buffered and written in batches off the hot path; a crash
 * loses at most the last flush interval of statistics, never a charge (charges are written
 * with the call).
 */
import type { Logger } from 'pino';
import type { Db } from '../db/index.js';
import type { EndpointCallsTable } from '../db/schema.js';
import { newId } from '../clock.js';

const FLUSH_EVERY_MS = 500;
const FLUSH_AT = 200;
/** Rows kept for a retry while the database is away; beyond this the oldest statistics go. */
const KEEP_UNWRITTEN = 10_000;

export class CallLog {
  private buffer: EndpointCallsTable[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {}

  record(call: Omit<EndpointCallsTable, 'id'>): void {
    this.buffer.push({ id: newId(), ...call });
    if (this.buffer.length >= FLUSH_AT) void this.flush();
    else this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.timer || this.buffer.length === 0) return;
    this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /**
   * Write what is buffered; resolves when it is stored or, if the write failed, when its rows
   * are back in the buffer for the next flush. It never rejects: it runs from timers, where a
   * rejection would end the process, and a lost database connection (a PostgreSQL restart) must
   * cost statistics at most, never the API process.
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.buffer;
    this.buffer = [];
    if (rows.length === 0) return this.flushing;
    this.flushing = this.flushing
      .then(() => this.db.kysely.insertInto('endpoint_calls').values(rows).execute())
      .then(
        () => undefined,
        (err: unknown) => {
          this.buffer = [...rows, ...this.buffer].slice(-KEEP_UNWRITTEN);
          this.logger?.warn({ err: (err as Error).message, rows: rows.length }, 'writing endpoint call statistics failed; retrying');
          this.scheduleFlush();
        },
      );
    return this.flushing;
  }
}
