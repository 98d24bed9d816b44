/**
 * For operators who turn rate limits off: every call is allowed. Execution headers still
 * come out (a full bucket, no daily count) so clients see the same response shape.
 */
import type { Plan } from '../config/index.js';
import { executionHeaders } from './responses.js';
import type { AttemptLimitResult, ExecutionLimitResult, RateLimiter } from './types.js';

export class NoopRateLimiter implements RateLimiter {
  async consumeExecution(_keyId: string, plan: Plan, now?: Date): Promise<ExecutionLimitResult> {
    const nowMs = now ? now.getTime() : Date.now();
    return { allowed: true, remaining: plan.burst.capacity, resetUnix: Math.ceil(nowMs / 1000), dailyRemaining: null };
  }

  async consumeLogin(): Promise<AttemptLimitResult> {
    return { allowed: true, remaining: Number.MAX_SAFE_INTEGER };
  }

  async consumeAuthAttempt(): Promise<AttemptLimitResult> {
    return { allowed: true, remaining: Number.MAX_SAFE_INTEGER };
  }

  executionHeaders(result: ExecutionLimitResult): Record<string, string> {
    return executionHeaders(result);
  }

  async close(): Promise<void> {}
}
