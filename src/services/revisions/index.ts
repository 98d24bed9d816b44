/** Revisions of generated APIs: classification, queuing and charging, publishing (see docs/revisions.md). */
export { reviseTask, REVISE_JOB, type ReviseInput, type ReviseResult } from './create.js';
export { classifyForRevision } from './classify.js';
export { publishRevision, type ReleaseHook, type RevisionResult } from './publish.js';
