/**
 * `npm run worker`: a job worker in its own process (scale mode, or beside a server started
 * with QUARRY_EMBEDDED_WORKER=0). Start-up and signals only. SIGTERM/SIGINT: take no new
 * jobs, give running ones the grace period, hand the unfinished back to the queue, close the
 * pools, exit 0 (1 if that took longer than SHUTDOWN_BOUND_MS).
 */
import { loadConfig } from '../config/index.js';
import { createRuntime } from '../runtime.js';
import { exitAfter, SHUTDOWN_BOUND_MS } from './shutdown-bound.js';

const config = loadConfig();
const runtime = await createRuntime(config, { startWorker: true });
runtime.deps.logger.info({ database: runtime.deps.db.dialect, queue: config.redisUrl ? 'bullmq' : 'embedded' }, 'worker started');

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  runtime.deps.logger.info({ signal }, 'worker shutting down');
  exitAfter(SHUTDOWN_BOUND_MS, runtime.deps.logger);
  await runtime.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
