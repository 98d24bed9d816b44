/**
 * Every job kind the workers can run, registered by name. Each kind lives in its own file.
 */
import type { JobRegistry } from '../queue/index.js';
import type { ServiceDeps } from '../services/deps.js';
import { BUILD_JOB } from '../services/tasks.js';
import { buildJob } from './build.js';
import { REVISE_JOB, SELF_HEAL_JOB } from '../services/revisions/index.js';
import { reviseJob } from './revise.js';
import { selfHealJob } from './self-heal.js';
import { marketplaceReleaseHook } from '../services/marketplace/index.js';
import { MONITOR_DELIVERY_JOB, MONITOR_RUN_JOB } from '../services/monitors/index.js';
import { monitorDeliveryJob, monitorRunJob } from './monitors.js';

export function registerJobs(registry: JobRegistry, deps: ServiceDeps): void {
  const build = buildJob(deps);
  registry.register(BUILD_JOB, build.handler, build.options);
  const revise = reviseJob(deps, { release: marketplaceReleaseHook(deps) });
  registry.register(REVISE_JOB, revise.handler, revise.options);
  const selfHeal = selfHealJob(deps);
  registry.register(SELF_HEAL_JOB, selfHeal.handler, selfHeal.options);
  const monitorRun = monitorRunJob(deps);
  registry.register(MONITOR_RUN_JOB, monitorRun.handler, monitorRun.options);
  const delivery = monitorDeliveryJob(deps);
  registry.register(MONITOR_DELIVERY_JOB, delivery.handler, delivery.options);
}
