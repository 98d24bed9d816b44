/**
 * Job metrics from the queue's lifecycle events (no change to the runner): the duration of an
 * attempt runs from its `job:claimed` in this process to the event that records its outcome.
 * Also points the queue-depth gauge at this runtime's `jobs` table.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { QueueEmitter } from '../queue/index.js';
import { recordJob, setQueueDepthSource } from './index.js';

export function watchQueueMetrics(events: QueueEmitter, db: Db): () => void {
  const claimedAt = new Map<string, number>();
  const finish = (jobId: string, kind: string, outcome: string) => {
    const started = claimedAt.get(jobId);
    claimedAt.delete(jobId);
    recordJob(kind, outcome, started === undefined ? null : (Date.now() - started) / 1000);
  };
  const offs = [
    events.on('job:claimed', ({ job }) => void claimedAt.set(job.id, Date.now())),
    events.on('job:completed', ({ job }) => finish(job.id, job.kind, 'completed')),
    events.on('job:retry', ({ job }) => finish(job.id, job.kind, 'retry')),
    events.on('job:failed', ({ job }) => finish(job.id, job.kind, 'failed')),
    events.on('job:cancelled', ({ job }) => finish(job.id, job.kind, 'cancelled')),
  ];
  const depth = async () => {
    const rows = await db.kysely
      .selectFrom('jobs')
      .select(['kind', 'status', sql<number>`count(*)`.as('n')])
      .where('status', 'in', ['pending', 'running'])
      .groupBy(['kind', 'status'])
      .execute();
    return rows.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.n) }));
  };
  setQueueDepthSource(depth);
  return () => {
    for (const off of offs) off();
    setQueueDepthSource(null);
  };
}
