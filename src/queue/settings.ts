/** The tuning every worker needs, resolved once from `config.queue` and the factory's options. */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config/index.js';
import { DEFAULT_BACKOFF, type BackoffPolicy } from './backoff.js';

export interface QueueSettings {
  concurrency: number;
  leaseMs: number;
  heartbeatMs: number;
  pollMs: number;
  /** How often a worker reads the cancel flags of the jobs it runs (about every second). */
  cancelPollMs: number;
  shutdownGraceMs: number;
  backoff: BackoffPolicy;
}

export type QueueTuning = Partial<Pick<QueueSettings, 'cancelPollMs' | 'shutdownGraceMs' | 'backoff'>>;

export function resolveSettings(config: Config, tuning: QueueTuning = {}): QueueSettings {
  const { concurrency, leaseMs, heartbeatMs, pollMs } = config.queue;
  if (heartbeatMs >= leaseMs) throw new Error('queue heartbeatMs must be shorter than leaseMs, or leases expire while jobs run');
  return {
    concurrency: Math.max(1, concurrency),
    leaseMs,
    heartbeatMs,
    pollMs: Math.max(1, pollMs),
    cancelPollMs: tuning.cancelPollMs ?? Math.min(1_000, heartbeatMs),
    shutdownGraceMs: tuning.shutdownGraceMs ?? 10_000,
    backoff: tuning.backoff ?? DEFAULT_BACKOFF,
  };
}

export const newWorkerId = (): string => `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

export const silentLogger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
