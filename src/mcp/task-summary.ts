/**
 * A task as an agent needs it: the status, the progress without its long log, the question of a
 * task waiting for input, and once completed the API's endpoints with the tool name each one has
 * on this server (so the agent can call it straight away). The full task is GET /dispatch/tasks/{id}.
 */
import type { TaskView } from '../services/tasks.js';
import { toolName } from '../services/exports/tool-names.js';

const LOG_LINES = 10;

type Json = Record<string, unknown>;

export function taskSummary(task: TaskView, slugOf: (scraperId: string) => string | undefined): Json {
  const progress = task.progress as Json | null;
  const out: Json = {
    task_id: task.id,
    status: task.status,
    url: task.url,
    task: task.task,
    source: task.source,
    created_at: task.created_at,
    updated_at: task.updated_at,
  };
  if (task.completed_at) out.completed_at = task.completed_at;
  if (task.error) out.error = task.error;
  if (task.parent_task_id) Object.assign(out, { parent_task_id: task.parent_task_id, revision_type: task.revision_type });
  if (task.user_input_prompt) out.user_input_prompt = task.user_input_prompt;
  if (progress) {
    const log = Array.isArray(progress.log) ? progress.log : [];
    out.progress = {
      stage: progress.stage,
      headline: progress.headline,
      percent: progress.percent,
      endpoints: progress.endpoints,
      log: log.slice(-LOG_LINES),
    };
  }
  const api = task.generated_api;
  if (api) {
    const slug = slugOf(api.scraper_id);
    out.api = {
      scraper_id: api.scraper_id,
      name: api.name,
      description: api.description,
      source_url: api.source_url,
      endpoints: api.endpoints.map((ep) => ({
        endpoint_name: ep.endpoint_name,
        method: ep.method,
        description: ep.description,
        ...(slug ? { tool: toolName(slug, ep.endpoint_name) } : {}),
        input_params: ep.input_params,
        sample_inputs: ep.sample_inputs,
        price: ep.price,
      })),
    };
  }
  out.next_step = nextStep(task);
  return out;
}

function nextStep(task: TaskView): string {
  switch (task.status) {
    case 'queued':
    case 'running':
      return 'Still building: call get_task again with wait_seconds (up to 25) to wait for the end.';
    case 'needs_input':
      return 'The build waits for an answer to user_input_prompt; answer it in the dashboard or with POST /dispatch/{task_id}.';
    case 'completed':
      return 'Call an endpoint with its tool, or with call_endpoint {scraper_id, endpoint_name, params}.';
    case 'failed':
      return /could not be reached/i.test(task.error ?? '')
        ? 'The site could not be reached (see error): check the address, or try again when the site answers.'
        : 'The build failed (see error); try again with a clearer task text.';
    default:
      return 'The task was cancelled.';
  }
}
