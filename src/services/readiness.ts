/**
 * Readiness (GET /ready): whether this process can do its work right now. Liveness (GET /health)
 * only says the process answers; a load balancer takes a process out of rotation while it is
 * not ready (its database, Redis or queue unreachable) and back once it is.
 */
export type CheckState = 'ok' | 'down' | 'not_configured';

export interface ReadinessProbes {
  database: () => Promise<unknown>;
  /** Null when no Redis is configured. */
  redis: (() => Promise<unknown>) | null;
  queue: () => Promise<unknown>;
}

export interface ReadinessReport {
  ready: boolean;
  checks: { database: CheckState; redis: CheckState; queue: CheckState };
}

/** A probe slower than this counts as down: a hanging dependency must not hang the probe. */
const PROBE_TIMEOUT_MS = 2_000;

async function probe(run: (() => Promise<unknown>) | null): Promise<CheckState> {
  if (!run) return 'not_configured';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckState>((resolve) => (timer = setTimeout(() => resolve('down'), PROBE_TIMEOUT_MS)));
  try {
    return await Promise.race([run().then((): CheckState => 'ok', (): CheckState => 'down'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(probes: ReadinessProbes): Promise<ReadinessReport> {
  const [database, redis, queue] = await Promise.all([probe(probes.database), probe(probes.redis), probe(probes.queue)]);
  return { ready: database === 'ok' && redis !== 'down' && queue === 'ok', checks: { database, redis, queue } };
}
