/**
 * Build progress as decisions.md shapes it: `{stage, headline, percent, endpoints, log}`.
 * The builder reports; whoever runs the build persists (throttled) through `sink`, so a slow
 * database never slows the build and the last state is always written at the end.
 */
import { recordBuildStage } from '../metrics/index.js';

export const STAGES = ['queued', 'fetching', 'exploring', 'analyzing', 'generating', 'testing', 'publishing', 'done'] as const;
export type Stage = (typeof STAGES)[number];
export type EndpointStatus = 'planned' | 'building' | 'testing' | 'passed' | 'failed';
export type LogLevel = 'info' | 'warn' | 'error';

export interface Progress {
  stage: Stage;
  headline: string;
  percent: number;
  endpoints: Array<{ endpoint_name: string; status: EndpointStatus; message?: string }>;
  log: Array<{ at: string; level: LogLevel; message: string }>;
}

const LOG_MAX = 200;
/** Where each stage starts on the percent scale. */
const STAGE_PERCENT: Record<Stage, number> = {
  queued: 0,
  fetching: 5,
  exploring: 15,
  analyzing: 40,
  generating: 55,
  testing: 75,
  publishing: 92,
  done: 100,
};

export class ProgressReporter {
  private state: Progress;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private stageStarted = Date.now();

  constructor(
    private readonly sink: (p: Progress) => Promise<void>,
    initial?: Partial<Progress>,
    private readonly throttleMs = 250,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.state = {
      stage: 'queued',
      headline: 'Waiting for a worker',
      percent: 0,
      endpoints: [],
      log: [],
      ...initial,
    };
  }

  get current(): Progress {
    return this.state;
  }

  stage(stage: Stage, headline: string): void {
    if (stage !== this.state.stage) this.stageStarted = recordStageEnd(this.state.stage, this.stageStarted);
    this.state = { ...this.state, stage, headline, percent: Math.max(this.state.percent, STAGE_PERCENT[stage]) };
    this.log('info', headline);
    this.flushSoon(true);
  }

  /** Move the percent within the current stage (0..1 of the way to the next stage). */
  advance(fraction: number, headline?: string): void {
    const i = STAGES.indexOf(this.state.stage);
    const from = STAGE_PERCENT[this.state.stage];
    const to = STAGE_PERCENT[STAGES[Math.min(i + 1, STAGES.length - 1)]];
    const percent = Math.round(from + (to - from) * Math.min(1, Math.max(0, fraction)));
    this.state = { ...this.state, percent: Math.max(this.state.percent, percent), headline: headline ?? this.state.headline };
    this.flushSoon(false);
  }

  endpoint(name: string, status: EndpointStatus, message?: string): void {
    const endpoints = this.state.endpoints.filter((e) => e.endpoint_name !== name);
    endpoints.push({ endpoint_name: name, status, ...(message ? { message } : {}) });
    const order = new Map(this.state.endpoints.map((e, i) => [e.endpoint_name, i]));
    endpoints.sort((a, b) => (order.get(a.endpoint_name) ?? 1e9) - (order.get(b.endpoint_name) ?? 1e9));
    this.state = { ...this.state, endpoints };
    this.flushSoon(false);
  }

  dropEndpoint(name: string): void {
    this.state = { ...this.state, endpoints: this.state.endpoints.filter((e) => e.endpoint_name !== name) };
  }

  log(level: LogLevel, message: string): void {
    const log = [...this.state.log, { at: this.now().toISOString(), level, message }];
    this.state = { ...this.state, log: log.length > LOG_MAX ? log.slice(log.length - LOG_MAX) : log };
    this.flushSoon(false);
  }

  /** Write the current state now and wait for it. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const snapshot = this.state;
    // The sink is the caller's (a database write): a failed write never stops the build, and the
    // next flush writes the whole state again. Not a builder step, so outside the catch rule.
    this.writing = this.writing.then(() => this.sink(snapshot)).catch(() => undefined);
    await this.writing;
  }

  private flushSoon(important: boolean): void {
    if (important) {
      void this.flush();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), this.throttleMs);
    this.timer.unref();
  }
}

/** Records how long the stage that ends now lasted; returns the start of the next one. */
function recordStageEnd(stage: Stage, startedAt: number): number {
  const now = Date.now();
  recordBuildStage(stage, (now - startedAt) / 1000);
  return now;
}
