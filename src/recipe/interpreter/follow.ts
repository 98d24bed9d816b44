/**
 * The follow step: for each record of a list (usually the links of a list page), run sub-steps
 * (usually request + extract of the detail page) and merge what they produce into the record.
 *
 * - At most `concurrency` records are in flight (default 4, capped by the limits) to protect
 *   the target site; at most `max` records are followed, the rest are kept as they are.
 * - `on_error: 'skip'` (default) keeps a failing record as it was and logs the error;
 *   `'fail'` cancels the records in flight and fails the call with the record's error.
 *   Exhausting the call's request budget or the call being cancelled always fails the call.
 * - Merging: the sub-pipeline's fields win over the record's, except empty (null) ones, so an
 *   optional detail field that is missing does not erase what the list page showed.
 */
import { QuarryError } from '../../errors/index.js';
import type { FollowStep } from '../types.js';
import { BudgetExceeded, childContext, type RunContext, type RunState } from './context.js';
import { mapBounded } from './pool.js';
import type { RunSteps } from './context.js';
import { isRecord } from '../../util/guards.js';

export async function runFollow(step: FollowStep, ctx: RunContext, runSteps: RunSteps): Promise<void> {
  const path = step.items ?? 'data';
  const list = readPath(ctx, path);
  if (list === undefined || list === null) return;
  if (!Array.isArray(list)) throw new QuarryError('scraper_bug', `The follow step's items ("${path}") are not a list.`);
  const limits = ctx.run.limits;
  const max = Math.min(step.max ?? 50, limits.maxFollow);
  const concurrency = Math.max(1, Math.min(step.concurrency ?? 4, limits.maxConcurrency));
  const as = step.as ?? 'item';

  const controller = new AbortController();
  const parentSignal = ctx.run.signal;
  const run: RunState = {
    ...ctx.run,
    signal: parentSignal ? AbortSignal.any([parentSignal, controller.signal]) : controller.signal,
  };
  const followOne = async (record: unknown, index: number): Promise<unknown> => {
    const child = childContext(ctx, run, { [as]: record });
    try {
      await runSteps(step.steps, child);
    } catch (err) {
      if (step.on_error === 'fail' || err instanceof BudgetExceeded || parentSignal?.aborted) throw err;
      ctx.run.logger?.warn?.({ err, index }, 'follow: record skipped after an error');
      return record;
    }
    return mergeInto(record, child.data, step.merge ?? 'merge');
  };
  const followed = await mapBounded(list.slice(0, max), concurrency, followOne, () => controller.abort());
  writePath(ctx, path, [...followed, ...list.slice(max)]);
}

function mergeInto(record: unknown, result: unknown, merge: NonNullable<FollowStep['merge']>): unknown {
  const base = isRecord(record) ? record : { value: record };
  if (merge !== 'merge') return { ...base, [merge.key]: result ?? null };
  if (!isRecord(result)) return result === undefined || result === null ? record : result;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(result)) {
    if (value !== null && value !== undefined) merged[key] = value;
    else if (!(key in merged)) merged[key] = null;
  }
  return merged;
}

function readPath(ctx: RunContext, path: string): unknown {
  const [root, ...rest] = path.split('.');
  let value: unknown = root === 'data' ? ctx.data : ctx.vars[root!];
  for (const key of rest) value = isRecord(value) || Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

function writePath(ctx: RunContext, path: string, value: unknown): void {
  const [root, ...rest] = path.split('.');
  if (rest.length === 0) {
    if (root === 'data') ctx.data = value;
    else ctx.vars[root!] = value;
    return;
  }
  const parent = readPath(ctx, [root, ...rest.slice(0, -1)].join('.'));
  (parent as Record<string, unknown>)[rest[rest.length - 1]!] = value;
}
