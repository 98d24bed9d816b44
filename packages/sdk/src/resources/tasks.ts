/** `client.tasks`: the caller's build tasks and what hangs off them (revisions, updates, exports, events). */
import type { Transport } from '../http.js';
import { path } from '../http.js';
import type { EndpointMethods } from '../endpoint-methods.js';
import { parseSse } from '../sse.js';
import type {
  CancelResult,
  ListTasksParams,
  McpExport,
  MergeResult,
  PreviewUpdateResult,
  RespondResult,
  ReviseParams,
  ReviseResult,
  RollbackResult,
  SdkExampleResult,
  Task,
  TaskEvent,
  TaskList,
  UpdatesResult,
} from '../types/index.js';

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface EventsOptions extends RequestOptions {
  /** Resume after this event id (sent as `Last-Event-ID`). */
  lastEventId?: string;
}

export class TasksResource {
  constructor(
    private readonly http: Transport,
    private readonly methods: EndpointMethods,
  ) {}

  async list(params: ListTasksParams = {}, options: RequestOptions = {}): Promise<TaskList> {
    const { body } = await this.http.request<TaskList>({ method: 'GET', path: '/dispatch/tasks', query: { ...params }, ...options });
    body.tasks.forEach((t) => this.methods.learnTask(t));
    return body;
  }

  async get(taskId: string, options: RequestOptions = {}): Promise<Task> {
    const { body } = await this.http.request<Task>({ method: 'GET', path: path`/dispatch/tasks/${taskId}`, ...options });
    this.methods.learnTask(body);
    return body;
  }

  /** Answer a `needs_input` prompt: keys are the prompt's field names. */
  async respond(taskId: string, userResponse: Record<string, unknown>, options: RequestOptions = {}): Promise<RespondResult> {
    return this.post(path`/dispatch/${taskId}`, { user_response: userResponse }, options);
  }

  /** Delete a failed or cancelled task (or a completed one whose API is archived); 409 while it runs or its API is live. */
  async delete(taskId: string, options: RequestOptions = {}): Promise<void> {
    await this.http.request<unknown>({ method: 'DELETE', path: path`/dispatch/tasks/${taskId}`, ...options });
  }

  async cancel(taskId: string, options: RequestOptions = {}): Promise<CancelResult> {
    return this.post(path`/dispatch/tasks/${taskId}/cancel`, undefined, options);
  }

  /** Queue a revision of a completed task; the answer names the new child task. */
  async revise(taskId: string, params: ReviseParams, options: RequestOptions = {}): Promise<ReviseResult> {
    return this.post(path`/dispatch/tasks/${taskId}/revise`, params, options);
  }

  async revisions(taskId: string, options: RequestOptions = {}): Promise<TaskList> {
    const body = await this.get_<TaskList>(path`/dispatch/tasks/${taskId}/revisions`, options);
    body.tasks.forEach((t) => this.methods.learnTask(t));
    return body;
  }

  async sdkExample(taskId: string, options: RequestOptions = {}): Promise<SdkExampleResult> {
    return this.get_(path`/dispatch/tasks/${taskId}/sdk-example`, options);
  }

  async updates(taskId: string, options: RequestOptions = {}): Promise<UpdatesResult> {
    return this.get_(path`/dispatch/tasks/${taskId}/updates`, options);
  }

  /** Run an endpoint of the canonical with test params, without changing your copy. */
  async previewUpdate(
    taskId: string,
    endpointName: string,
    params: Record<string, unknown>,
    options: RequestOptions = {},
  ): Promise<PreviewUpdateResult> {
    return this.post(path`/dispatch/tasks/${taskId}/preview-update/${endpointName}`, { params }, options);
  }

  async mergeUpdates(taskId: string, endpoints: string[], options: RequestOptions = {}): Promise<MergeResult> {
    return this.post(path`/dispatch/tasks/${taskId}/merge-updates`, { endpoints }, options);
  }

  async rollbackMerge(taskId: string, options: RequestOptions = {}): Promise<RollbackResult> {
    return this.post(path`/dispatch/tasks/${taskId}/rollback-merge`, undefined, options);
  }

  async exportMcp(taskId: string, options: RequestOptions = {}): Promise<McpExport> {
    return this.get_(path`/dispatch/tasks/${taskId}/export/mcp`, options);
  }

  /**
   * The task's live events (`GET /dispatch/tasks/{id}/events`, Server-Sent Events). Iterate
   * with `for await`; the loop ends when the server closes the stream. Breaking out of the
   * loop closes the connection.
   */
  async *events<T = unknown>(taskId: string, options: EventsOptions = {}): AsyncGenerator<TaskEvent<T>> {
    const headers = options.lastEventId ? { 'last-event-id': options.lastEventId } : undefined;
    const response = await this.http.stream({
      method: 'GET',
      path: path`/dispatch/tasks/${taskId}/events`,
      headers,
      signal: options.signal,
    });
    if (!response.body) return;
    const body = response.body as unknown as AsyncIterable<Uint8Array>;
    try {
      for await (const message of parseSse(body)) {
        const event: TaskEvent<T> = { event: message.event, data: parseData(message.data) as T };
        if (message.id !== undefined) event.id = message.id;
        yield event;
      }
    } finally {
      // Reached on break/return too: release the socket instead of leaving the stream open.
      await response.body.cancel().catch(() => undefined);
    }
  }

  private async get_<T>(p: string, options: RequestOptions): Promise<T> {
    return (await this.http.request<T>({ method: 'GET', path: p, ...options })).body;
  }

  private async post<T>(p: string, body: unknown, options: RequestOptions): Promise<T> {
    return (await this.http.request<T>({ method: 'POST', path: p, body, ...options })).body;
  }
}

function parseData(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}
