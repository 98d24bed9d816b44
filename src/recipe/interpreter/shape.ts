/** The set step (computed vars) and the shape step (limit, meta, first record). */
import { QuarryError } from '../../errors/index.js';
import { fillDeep, fillValue } from '../template.js';
import type { SetStep, ShapeStep } from '../types.js';
import { scopeOf, type RunContext } from './context.js';

export function runSet(step: SetStep, ctx: RunContext): void {
  // Every value is computed from the scope as it was before this step, then all are assigned.
  const scope = scopeOf(ctx);
  const values = Object.entries(step.vars).map(([name, value]) => [name, fillDeep(value, scope)] as const);
  for (const [name, value] of values) ctx.vars[name] = value;
}

export function runShape(step: ShapeStep, ctx: RunContext): void {
  const scope = scopeOf(ctx);
  if (step.limit !== undefined && Array.isArray(ctx.data)) {
    const max = toLimit(typeof step.limit === 'number' ? step.limit : fillValue(step.limit, scope));
    if (max !== null) ctx.data = ctx.data.slice(0, max);
  }
  if (step.meta) {
    const meta = fillDeep(step.meta, scope) as Record<string, unknown>;
    // A template naming nothing gives undefined: leave that key out rather than answer null.
    for (const [k, v] of Object.entries(meta)) if (v === undefined) delete meta[k];
    ctx.meta = { ...ctx.meta, ...meta };
  }
  if (step.first) ctx.data = Array.isArray(ctx.data) ? (ctx.data[0] ?? null) : (ctx.data ?? null);
  if (step.not_found_if_empty && isEmptyData(ctx.data)) {
    throw new QuarryError('input_not_found', 'Nothing on the site matches the input.', ctx.page ? { url: ctx.page.url } : {});
  }
}

/** A usable limit, or null when the template gave nothing (an optional `limit` parameter left out). */
function toLimit(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}

function isEmptyData(data: unknown): boolean {
  return data === null || data === undefined || (Array.isArray(data) && data.length === 0);
}
