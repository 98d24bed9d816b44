export type * from './tasks.js';
export { TERMINAL_STATUSES, isTerminalStatus } from './tasks.js';
export type * from './apis.js';
export type * from './marketplace.js';
export type * from './execution.js';
export type * from './account.js';
export type * from './monitors.js';
