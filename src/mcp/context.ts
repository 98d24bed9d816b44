/** What every tool handler of one MCP request gets: the services, the caller, and the request's signal. */
import type { ServiceDeps } from '../services/deps.js';
import type { ExecutionCaller } from '../services/execute.js';
import type { CatalogApi } from './catalog.js';
import type { Part, ResultPages } from './result-pages.js';

/** The key's owner, its key id (rate limits are per key) and plan: the same caller as HTTP execution. */
export type McpCaller = ExecutionCaller;

export interface ToolContext {
  deps: ServiceDeps;
  caller: McpCaller;
  signal: AbortSignal;
  pages: ResultPages;
  /** The caller's APIs with their tool slugs, read once per request. */
  apis(): Promise<CatalogApi[]>;
}

/** A tool's answer: a value to cap (with extra `_meta`), or an already cut part (read_more). */
export type ToolOutcome = { value: unknown; meta?: Record<string, unknown> } | { part: Part };

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: Record<string, unknown>;
}

export interface PlatformTool {
  definition: ToolDefinition;
  run(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolOutcome>;
}
