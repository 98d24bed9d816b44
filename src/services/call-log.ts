/**
 * Records endpoint calls (who called what, status, latency) for `user_has_called` and the
 * listing's trust signals. Rows are buffered and written in batches off the hot path; a crash
 * loses at most the last flush interval of statistics, never a charge (charges are written
 * with the call).
 */
import type { Logger } from 'pino';
import { sqliteWriteTransaction, type Db } from '../db/index.js';
import type { EndpointCallsTable } from '../db/schema.js';
import { preparedQuery } from '../db/prepared.js';
import { newLogId } from '../clock.js';

const FLUSH_EVERY_MS = 500;
const FLUSH_AT = 200;
/** Rows kept for a retry while the database is away; beyond this the oldest statistics go. */
const KEEP_UNWRITTEN = 10_000;

/** One row, compiled once (db/prepared.ts): SQLite runs it per row in one synchronous transaction. */
const insertCall = preparedQuery(
  8,
  (db, id: string, userId: string, scraperId: string, endpointName: string, version: number, statusCode: number, latencyMs: number, createdAt: string) =>
    db.insertInto('endpoint_calls').values({
      id,
      user_id: userId,
      scraper_id: scraperId,
      endpoint_name: endpointName,
      version,
      status_code: statusCode,
      latency_ms: latencyMs,
      created_at: createdAt,
    }),
  { readOnly: false },
);

export class CallLog {
  private buffer: EndpointCallsTable[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {}

  record(call: Omit<EndpointCallsTable, 'id'>): void {
    this.buffer.push({ id: newLogId(), ...call });
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
      .then(() => this.write(rows))
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

  /**
   * On SQLite, one prepared single-row insert per row inside one synchronous transaction: a
   * multi-row INSERT of a few hundred rows costs more to build and compile than to run, and
   * this runs on the API's event loop. Elsewhere (PostgreSQL), one multi-row INSERT.
   */
  private async write(rows: EndpointCallsTable[]): Promise<void> {
    const kysely = this.db.kysely;
    const inSqlite = sqliteWriteTransaction(kysely);
    if (!inSqlite) {
      await kysely.insertInto('endpoint_calls').values(rows).execute();
      return;
    }
    await inSqlite((writer) => {
      for (const r of rows) {
        const q = insertCall.compiled(kysely, r.id, r.user_id, r.scraper_id, r.endpoint_name, r.version, r.status_code, r.latency_ms, r.created_at);
        writer.prepare(q.sql).run(...q.values);
      }
    });
  }
}
