/** Revisions of generated APIs: classification, queuing and charging, publishing (see docs/revisions.md). */
export { reviseTask, insertRevision, REVISE_JOB, type ReviseInput, type ReviseResult, type RevisionRow } from './create.js';
export { classifyForRevision } from './classify.js';
export { publishRevision, type ReleaseHook, type RevisionResult } from './publish.js';
export { sweepOnce, requestRepair, type SweepOptions, type SweepReport } from './self-heal.js';
export { scheduleSelfHealing, SELF_HEAL_JOB, type SelfHealSchedule } from './schedule.js';
export { healthRows, selfHealSignals, type HealthRow, type HealthStatus, type SelfHealSignals } from './health.js';
