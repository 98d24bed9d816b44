/** @quarry/sdk: the typed client of the Quarry service. */
export { Quarry, type QuarryOptions } from './client.js';
export * from './errors.js';
export * from './types/index.js';
export { sessionOf } from './execution.js';
export { limitsFromHeaders } from './limits.js';
export { parseSse, type SseMessage } from './sse.js';
export { retryDelayMs, backoffMs, DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';
export type { FetchLike, Sleep } from './http.js';
export type { WaitOptions } from './wait.js';
export type { RequestOptions, EventsOptions } from './resources/tasks.js';
