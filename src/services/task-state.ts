/**
 * The task state machine: the only place that knows which moves are allowed. Every status
 * change goes through `transitionTask`, which also stamps updated_at (and completed_at on a
 * terminal state) and refuses, atomically, a move from a state the task is no longer in (a
 * cancel racing a finishing build loses cleanly instead of overwriting it).
 */
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../db/index.js';
import type { TasksTable } from '../db/schema.js';
import type { Clock } from '../clock.js';

export const TASK_STATUSES = ['queued', 'running', 'needs_input', 'completed', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const IN_FLIGHT: readonly TaskStatus[] = ['queued', 'running', 'needs_input'];
export const TERMINAL: readonly TaskStatus[] = ['completed', 'failed', 'cancelled'];

/** Allowed moves. Terminal states have none. */
const MOVES: Record<TaskStatus, readonly TaskStatus[]> = {
  // A matched dispatch is created completed directly; a build starts queued.
  queued: ['running', 'needs_input', 'failed', 'cancelled'],
  // running -> queued: a worker released the job on shutdown and another will resume it.
  running: ['completed', 'failed', 'cancelled', 'needs_input', 'queued'],
  // needs_input -> queued: the caller answered and the build is queued to resume.
  needs_input: ['queued', 'running', 'failed', 'cancelled'],
  completed: [],
  failed: [],
  cancelled: [],
};

export function canMove(from: TaskStatus, to: TaskStatus): boolean {
  return MOVES[from].includes(to);
}

export const isTerminal = (s: string): boolean => (TERMINAL as readonly string[]).includes(s);

/** States from which `to` may be entered. */
export function sourcesOf(to: TaskStatus): TaskStatus[] {
  return TASK_STATUSES.filter((from) => MOVES[from].includes(to));
}

/**
 * Move a task to `to` if it is currently in a state that allows it (optionally narrowed to
 * `from`). Returns false when the task was not in such a state (nothing written).
 */
export async function transitionTask(
  db: Kysely<Database> | Transaction<Database>,
  clock: Clock,
  taskId: string,
  to: TaskStatus,
  patch: Omit<Updateable<TasksTable>, 'status' | 'updated_at' | 'completed_at'> = {},
  from?: readonly TaskStatus[],
): Promise<boolean> {
  const allowedFrom = (from ?? sourcesOf(to)).filter((s) => canMove(s, to));
  if (allowedFrom.length === 0) return false;
  const now = clock.now().toISOString();
  const res = await db
    .updateTable('tasks')
    .set({ ...patch, status: to, updated_at: now, ...(isTerminal(to) ? { completed_at: now } : {}) })
    .where('id', '=', taskId)
    .where('status', 'in', allowedFrom)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
