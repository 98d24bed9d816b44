/** Monitors: a scheduled endpoint call, its item-level changes, and signed webhooks (docs/monitors.md). */
export * from './manage.js';
export { MONITOR_RUN_JOB, executeRun, markRunLost, nextPageParams } from './runs.js';
export { MONITOR_DELIVERY_JOB, attemptDelivery, retryDelayMs, signedRequest } from './deliveries.js';
export { claimDueMonitors, startMonitorTicker } from './ticker.js';
export { nextRunAfter } from './schedule.js';
export { diffRecords, defaultKeyFields, type RecordDiff } from './diff.js';
export type { MonitorView, ChangeView, RunView, DeliveryView } from './views.js';
