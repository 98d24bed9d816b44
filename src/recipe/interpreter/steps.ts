/**
 * The step registry: one handler per step type. The mapped type makes the compiler refuse a
 * Step type without a handler. Handlers that run nested pipelines (follow, paginate) receive
 * `runSteps` as an argument rather than importing it, so the modules form no cycle.
 */
import { QuarryError } from '../../errors/index.js';
import type { Step } from '../types.js';
import { throwIfAborted, type RunContext, type RunSteps } from './context.js';
import { runExtract } from './extract.js';
import { runFollow } from './follow.js';
import { runLogin } from './login.js';
import { runPaginate } from './paginate.js';
import { runRender } from './render.js';
import { runRequest } from './request.js';
import { runSet, runShape } from './shape.js';

export type { RunSteps };
type Handler<S extends Step> = (step: S, ctx: RunContext, runSteps: RunSteps) => void | Promise<void>;
type Handlers = { [K in Step['type']]: Handler<Extract<Step, { type: K }>> };

/** Steps a later engine executes; until then they fail honestly instead of faking data. */
const notYet = (what: string) => () => {
  throw new QuarryError('scraper_bug', `${what}, not available yet.`);
};

const HANDLERS: Handlers = {
  request: runRequest,
  extract: runExtract,
  follow: runFollow,
  paginate: runPaginate,
  set: runSet,
  shape: runShape,
  render: runRender, // the browser engine (issue 12): render.ts
  login: runLogin,
  script: notYet('A script step needs the script sandbox'),
};

export const runSteps: RunSteps = async (steps, ctx) => {
  for (const step of steps) {
    throwIfAborted(ctx.run);
    await (HANDLERS[step.type] as Handler<Step>)(step, ctx, runSteps);
  }
};
