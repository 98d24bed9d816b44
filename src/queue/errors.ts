/**
 * How a handler's failure is classified. The policy is read in one place (`isRetryable`):
 * a `QuarryError` carries its own judgement; otherwise only a transient fault (network,
 * time-out, lost database connection: transient.ts) is retried with backoff until
 * max_attempts. A `PermanentJobError` or anything else (a bug, an invalid recipe) fails the
 * job at once: it would fail the same way again.
 */
import { isQuarryError } from '../errors/index.js';
import { isTransientFault } from '../errors/transient.js';

/** Throw from a handler to fail the job now, without further attempts. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** The AbortSignal reason when `queue.cancel()` reached a running job. */
export class JobCancelledError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} was cancelled`);
    this.name = 'JobCancelledError';
  }
}

/** The AbortSignal reason when another worker owns the job now (lease expired) or the worker released it. */
export class JobLeaseLostError extends Error {
  constructor(jobId: string, why: string) {
    super(`job ${jobId}: ${why}`);
    this.name = 'JobLeaseLostError';
  }
}

export function isRetryable(err: unknown): boolean {
  if (err instanceof PermanentJobError) return false;
  if (isQuarryError(err)) return err.retryable;
  return isTransientFault(err);
}

/** A failure nobody planned for (not a PermanentJobError, not a classified QuarryError): logged with its stack. */
export function isUnexpected(err: unknown): boolean {
  if (err instanceof PermanentJobError) return false;
  if (isQuarryError(err)) return err.code === 'internal' || err.code === 'scraper_bug';
  return !isTransientFault(err);
}

const MAX_ERROR_LENGTH = 4000;

/** The text stored in `last_error`: the error code when there is one, then the message. */
export function describeError(err: unknown): string {
  let text: string;
  if (isQuarryError(err)) text = `${err.code}: ${err.message}`;
  else if (err instanceof Error) text = err.message || err.name;
  else text = String(err);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}
