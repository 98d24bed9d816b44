/**
 * WAL checkpoints of an embedded SQLite database, run on a thread of their own.
 *
 * By default the connection whose commit takes the WAL past 1,000 pages copies them back into
 * the database file and syncs it, inside that commit: on this event loop, every few hundred
 * paid calls, for about 10 ms (measured: 0.9% of single charges took over 1 ms, the slowest
 * 10-12 ms). Every request in flight waits that long. Here a worker thread with its own
 * connection runs a PASSIVE checkpoint every CHECKPOINT_EVERY_MS; a passive checkpoint never
 * blocks a writer or a reader, and once it has copied everything the next commit starts the WAL
 * from its beginning again, so the file stays small.
 *
 * The writer keeps checkpointing itself, only later (WRITER_FALLBACK_PAGES): should the thread
 * stop or fall behind, the WAL is still bounded. Other processes on the same file (the CLI)
 * keep SQLite's default.
 *
 * The worker is plain JavaScript evaluated from a string (it must load under `node`, tsx and
 * vitest alike) and loads the same better-sqlite3 the caller resolved.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

const CHECKPOINT_EVERY_MS = 100;
/** The writer's own threshold (pages, ~40 MB), reached only if the thread does not keep up. */
const WRITER_FALLBACK_PAGES = 10_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    checkpoint.get();
  } catch {
    // SQLITE_BUSY or a closing file: the next tick tries again; the writer's fallback bounds the WAL.
  }
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the thread (its connection closed) before the caller closes its own. */
  close(): Promise<void>;
}

export function startCheckpointer(file: string, writer: SQLite.Database): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), everyMs: CHECKPOINT_EVERY_MS },
  });
  writer.pragma(`wal_autocheckpoint = ${WRITER_FALLBACK_PAGES}`);
  // A thread that fails (it cannot open the file) leaves the writer to checkpoint as SQLite does.
  worker.on('error', () => {
    if (writer.open) writer.pragma('wal_autocheckpoint = 1000');
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.unref();
  let closing: Promise<void> | null = null;
  return {
    close() {
      closing ??= (async () => {
        worker.postMessage('close');
        // A thread stuck in a checkpoint (a very slow disk) is not waited for past this.
        const late = setTimeout(() => void worker.terminate(), 2_000);
        await exited;
        clearTimeout(late);
      })();
      return closing;
    },
  };
}
