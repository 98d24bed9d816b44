/** The monitor jobs: a run (services/monitors/runs.ts) and one webhook try (deliveries.ts). */
import type { JobHandler, JobKindOptions } from '../queue/index.js';
import type { ServiceDeps } from '../services/deps.js';
import { attemptDelivery, executeRun, markRunLost } from '../services/monitors/index.js';

export function monitorRunJob(deps: ServiceDeps): { handler: JobHandler<{ runId: string }>; options: JobKindOptions } {
  return {
    handler: (payload, helpers) => executeRun(deps, payload.runId, helpers.attempt, helpers.signal),
    options: {
      async onFailed({ job, error, trx }) {
        const reason = error instanceof Error ? error.message : String(error);
        await markRunLost(trx, (job.payload as { runId: string }).runId, deps.clock.now().toISOString(), `The run could not finish: ${reason}`);
      },
    },
  };
}

export function monitorDeliveryJob(deps: ServiceDeps): { handler: JobHandler<{ deliveryId: string }>; options: JobKindOptions } {
  return { handler: (payload, helpers) => attemptDelivery(deps, payload.deliveryId, helpers.signal), options: {} };
}
