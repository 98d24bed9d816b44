/** Conversions between `jobs` rows and `Job` values (nothing above the queue sees rows). */
import type { Selectable } from 'kysely';
import type { JobsTable } from '../db/schema.js';
import type { Job, JobStatus } from './types.js';

export type JobRow = Selectable<JobsTable>;

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    jobKey: row.job_key,
    status: row.status as JobStatus,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    runAt: row.run_at,
    lockedBy: row.locked_by,
    lockedUntil: row.locked_until,
    lastError: row.last_error,
    cancelRequested: Number(row.cancel_requested) === 1,
    taskId: row.task_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const isoAfter = (from: Date, ms: number): string => new Date(from.getTime() + ms).toISOString();
