/**
 * Task records: what `GET /dispatch/tasks/{id}` and its siblings answer
 * (service-interface.md "Resources and their fields", decisions.md "Task fields left open").
 * Fields the server may leave empty are typed `T | null`.
 */
import type { GeneratedApi } from './apis.js';

export type TaskStatus = 'queued' | 'running' | 'needs_input' | 'completed' | 'failed' | 'cancelled';
export const TERMINAL_STATUSES: readonly TaskStatus[] = ['completed', 'failed', 'cancelled'];
export const isTerminalStatus = (status: string): boolean => (TERMINAL_STATUSES as readonly string[]).includes(status);

export type ProgressStage =
  | 'queued'
  | 'fetching'
  | 'exploring'
  | 'analyzing'
  | 'generating'
  | 'testing'
  | 'publishing'
  | 'done';

export type EndpointBuildStatus = 'planned' | 'building' | 'testing' | 'passed' | 'failed';

export interface ProgressEndpoint {
  endpoint_name: string;
  status: EndpointBuildStatus;
  message?: string;
}

export interface ProgressLogLine {
  at: string;
  level: string;
  message: string;
}

/** Live build progress while a task runs; `log` keeps the newest 200 lines. */
export interface Progress {
  stage: ProgressStage;
  headline: string;
  percent: number;
  endpoints: ProgressEndpoint[];
  log: ProgressLogLine[];
}

export type PromptFieldType = 'text' | 'password' | 'email' | 'otp' | 'choice';

export interface PromptField {
  name: string;
  label: string;
  type: PromptFieldType;
  required: boolean;
  options?: string[];
}

/** The question a `needs_input` task asks; answer it with `tasks.respond(id, {<field name>: value})`. */
export interface UserInputPrompt {
  kind: 'credentials' | 'question';
  message: string;
  fields: PromptField[];
  asked_at: string;
}

export interface MarketplaceMatch {
  id: string;
  slug: string;
  name: string;
  source_url: string;
  endpoint_count: number;
  score: number;
}

export interface ExistingMarketplaceApis {
  matches: MarketplaceMatch[];
}

export interface MarketplaceApis {
  published: { id: string; slug: string; version: number } | null;
}

export type RevisionType = 'fix' | 'extend' | 'modify';
export type TaskSource = 'built' | 'subscribed' | 'forked';

export interface Task {
  id: string;
  url: string;
  task: string;
  status: TaskStatus;
  iteration: number;
  user_input_prompt: UserInputPrompt | null;
  result_scraper_id: string | null;
  result_marketplace_id: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  parent_task_id: string | null;
  extends_scraper_id: string | null;
  revision_type: RevisionType | null;
  auth_enabled: boolean;
  source: TaskSource;
  contributes_to_marketplace: boolean;
  progress: Progress | null;
  marketplace_apis: MarketplaceApis | null;
  existing_marketplace_apis: ExistingMarketplaceApis | null;
  generated_api: GeneratedApi | null;
  /** When the API this task made was archived (`removeApi`); null while live. */
  archived_at?: string | null;
}

export interface TaskList {
  tasks: Task[];
  total: number;
}

export interface DispatchParams {
  url: string;
  task?: string;
  /** Default true (free, feeds the shared canonical). false is charged and permanent. */
  contributes_to_marketplace?: boolean;
  /** Permit a build that needs login (paid plan and the one-time disclaimer). */
  allow_auth?: boolean;
  /** Build into the team workspace (Team plan). */
  workspace?: boolean;
}

export interface TestInput {
  endpoint_name: string;
  params: Record<string, unknown>;
}

export interface DispatchResult {
  task_id: string;
  /** True when an existing canonical matched: the task is already completed. */
  matched: boolean;
  test_inputs: TestInput[];
  may_require_auth: boolean;
}

export interface ListTasksParams {
  status?: TaskStatus;
  /** 1 to 100, default 50. */
  limit?: number;
  /** 0 or more, default 0. */
  offset?: number;
}

export interface ReviseParams {
  revision: string;
  contributes_to_marketplace?: boolean;
}

export interface ReviseResult {
  task_id: string;
  revision_type: RevisionType;
}

export interface CancelResult {
  task_id: string;
  previous_status: TaskStatus;
  cancelled: boolean;
}

export interface RespondResult {
  ok: boolean;
}

export interface ActiveTaskResult {
  task: Task | null;
}

export interface SdkExample {
  code: string;
  endpoints: string[];
  has_session: boolean;
  language?: 'typescript';
}

export interface SdkExampleResult {
  sdk_usage_example: SdkExample | null;
}

/** `data` of a `progress` event of the task's event stream: sent each time the task changes. */
export interface TaskProgressEventData {
  status: TaskStatus;
  progress: Progress | null;
}

/** `data` of the `done` event, the stream's last: the task ended. */
export interface TaskDoneEventData {
  status: TaskStatus;
  error: string | null;
  result_scraper_id: string | null;
}

/** A message of `GET /dispatch/tasks/{id}/events` (Server-Sent Events). */
export interface TaskEvent<T = unknown> {
  /** The SSE `event:` field; `message` when the server sent none. */
  event: string;
  /** The `data:` lines joined, parsed as JSON when they are JSON, else the raw text. */
  data: T;
  id?: string;
}
