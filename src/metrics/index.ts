/**
 * Prometheus metrics (prom-client): every metric Quarry exports is defined here, on one
 * registry per process (a process is what Prometheus scrapes). Code elsewhere records through
 * the small functions below, one line at the place where the thing happens, so the metric
 * names and labels live in one file.
 *
 * Labels stay bounded: routes are Fastify's templates (`/scraper/:scraperId/:endpoint`, never a
 * raw URL), error kinds come from the error vocabulary, job kinds from the registry.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'quarry_process_' });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_SECONDS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

const httpRequests = new Counter({
  name: 'quarry_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const httpDuration = new Histogram({
  name: 'quarry_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route template and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});
const rateLimitDenials = new Counter({
  name: 'quarry_rate_limit_denials_total',
  help: 'Requests refused by a rate limit (HTTP 429), by route template',
  labelNames: ['route'] as const,
  registers: [registry],
});
const executions = new Counter({
  name: 'quarry_executions_total',
  help: 'Endpoint executions, by outcome (success | error) and error kind (the contract error code, or none)',
  labelNames: ['outcome', 'error'] as const,
  registers: [registry],
});
const creditCharges = new Counter({
  name: 'quarry_credit_charges_total',
  help: 'Credit charges that went through, by reason',
  labelNames: ['reason'] as const,
  registers: [registry],
});
const creditsCharged = new Counter({
  name: 'quarry_credits_charged_total',
  help: 'Credits taken by charges that went through, by reason',
  labelNames: ['reason'] as const,
  registers: [registry],
});
const jobsFinished = new Counter({
  name: 'quarry_jobs_total',
  help: 'Job attempts that ended in this process, by kind and outcome (completed | retry | failed | cancelled)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});
const jobDuration = new Histogram({
  name: 'quarry_job_duration_seconds',
  help: 'Time from claim to recorded outcome of a job attempt, by kind and outcome',
  labelNames: ['kind', 'outcome'] as const,
  buckets: JOB_SECONDS,
  registers: [registry],
});
const buildStages = new Histogram({
  name: 'quarry_build_stage_duration_seconds',
  help: 'Time a build spent in each stage (recorded when the next stage starts)',
  labelNames: ['stage'] as const,
  buckets: JOB_SECONDS,
  registers: [registry],
});

/** Where the queue depth is read from; set by the runtime that owns the database. */
type DepthSource = () => Promise<Array<{ kind: string; status: string; count: number }>>;
let depthSource: DepthSource | null = null;

new Gauge({
  name: 'quarry_queue_jobs',
  help: 'Jobs in the queue table by kind and status (pending, running), read at scrape time',
  labelNames: ['kind', 'status'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    if (!depthSource) return;
    try {
      for (const row of await depthSource()) this.set({ kind: row.kind, status: row.status }, row.count);
    } catch {
      // The database is down: no depth rather than a failed scrape (/ready tells that story).
    }
  },
});

export function setQueueDepthSource(source: DepthSource | null): void {
  depthSource = source;
}

export function recordHttpRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
  if (status === 429) rateLimitDenials.inc({ route });
}

export function recordExecution(errorCode: string | null): void {
  executions.inc({ outcome: errorCode ? 'error' : 'success', error: errorCode ?? 'none' });
}

export function recordCharge(reason: string, amount: number): void {
  creditCharges.inc({ reason });
  if (amount > 0) creditsCharged.inc({ reason }, amount);
}

export function recordJob(kind: string, outcome: string, seconds: number | null): void {
  jobsFinished.inc({ kind, outcome });
  if (seconds !== null) jobDuration.observe({ kind, outcome }, seconds);
}

export function recordBuildStage(stage: string, seconds: number): void {
  buildStages.observe({ stage }, seconds);
}

/** The exposition text and its content type, for GET /metrics. */
export async function exposition(): Promise<{ contentType: string; text: string }> {
  return { contentType: registry.contentType, text: await registry.metrics() };
}
