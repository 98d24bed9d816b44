/**
 * `npm start`: the HTTP server with the embedded job worker. Start-up and signals only.
 * SIGTERM/SIGINT: stop accepting requests, let running jobs reach a safe point (their
 * unfinished work is released to the queue), then close the database; exit 0, or 1 if that
 * took longer than SHUTDOWN_BOUND_MS.
 */
import { loadConfig } from '../config/index.js';
import { createRuntime } from '../runtime.js';
import { buildApp } from '../http/app.js';
import { exitAfter, SHUTDOWN_BOUND_MS } from './shutdown-bound.js';

const config = loadConfig();
const runtime = await createRuntime(config);
const app = await buildApp(runtime.deps);
await app.listen({ port: config.port, host: config.host });
runtime.deps.logger.info({ url: config.publicUrl, database: runtime.deps.db.dialect }, 'Quarry is listening');

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  runtime.deps.logger.info({ signal }, 'shutting down');
  exitAfter(SHUTDOWN_BOUND_MS, runtime.deps.logger);
  await app.close();
  await runtime.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
