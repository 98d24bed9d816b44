/**
 * A new task row with every column at its default, so each place that creates tasks (a build,
 * a marketplace copy, a revision) states only what is particular to it.
 */
import type { TasksTable } from '../db/schema.js';
import { isTerminal } from './task-state.js';

export function initialProgress(at: string) {
  return {
    stage: 'queued',
    headline: 'Waiting for a worker',
    percent: 0,
    endpoints: [],
    log: [{ at, level: 'info', message: 'Task queued' }],
  };
}

export function newTaskRow(
  input: Pick<TasksTable, 'id' | 'user_id' | 'url' | 'task'> & Partial<TasksTable> & { now: string },
): TasksTable {
  const { now, ...fields } = input;
  const status = fields.status ?? 'queued';
  return {
    status,
    iteration: 0,
    user_input_prompt: null,
    user_response: null,
    result_scraper_id: null,
    result_marketplace_id: null,
    error: null,
    parent_task_id: null,
    extends_scraper_id: null,
    revision_type: null,
    auth_enabled: 0,
    allow_auth: 0,
    source: 'built',
    contributes_to_marketplace: 1,
    workspace: 0,
    progress: JSON.stringify(initialProgress(now)),
    marketplace_apis: null,
    existing_marketplace_apis: null,
    created_at: now,
    updated_at: now,
    completed_at: isTerminal(status) ? now : null,
    ...fields,
  };
}
