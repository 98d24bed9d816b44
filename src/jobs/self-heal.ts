/**
 * The self-heal job: one sweep (services/revisions/self-heal.ts), after scheduling the next one,
 * so a failing sweep never stops the schedule.
 */
import type { JobHandler, JobKindOptions } from '../queue/index.js';
import type { ServiceDeps } from '../services/deps.js';
import { scheduleSelfHealing, sweepOnce, type SelfHealSchedule } from '../services/revisions/index.js';

export function selfHealJob(deps: ServiceDeps): { handler: JobHandler<SelfHealSchedule>; options: JobKindOptions } {
  const handler: JobHandler<SelfHealSchedule> = async (schedule, helpers) => {
    await scheduleSelfHealing(deps, schedule);
    const report = await sweepOnce(deps, { ...schedule, signal: helpers.signal });
    helpers.logger.info(
      { checked: report.checked.length, repairs: report.repairs.length, settled: report.settled.length },
      'self-heal sweep done',
    );
  };
  return { handler, options: {} };
}
