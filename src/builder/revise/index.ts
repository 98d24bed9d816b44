/**
 * Revising a generated API: the live recipe + a classified sentence -> a new recipe whose
 * changed endpoints pass their tests. The stages, each reported as progress and cancellable:
 *   analyzing   the sentence's intents, scheduled; a fresh look at the site when an operation
 *               needs fresh pages (fix, extend)
 *   generating  carry out each intent on a draft (fix first, then extend, then modify), each
 *               verified by running what it changed; a failed intent leaves the draft untouched
 *   testing     run every changed endpoint once more; write schemas and samples from the results
 * Each is a declared stage run by the build's runner (stages.ts): a failure is a BuildStageError
 * {stage, code, message}, a fault the stage's 'internal' failure. Publishing is the caller's
 * (jobs/revise.ts).
 */
import { isQuarryError } from '../../errors/index.js';
import { validateRecipe } from '../../recipe/index.js';
import type { Recipe } from '../../recipe/types.js';
import { NEEDS_SITE, runOperation } from './operations/index.js';
import { refreshFromTests } from './verify.js';
import { Workspace, type ReviseRequest } from './workspace.js';
import type { Intent } from './types.js';
import { isExpected, messageOf } from '../../errors/expected.js';
import { BuildFailedError as RevisionFailedError, defineStage, runStage, type StageContext } from '../stages.js';

export { classifyRevision, NOT_UNDERSTOOD, type Classification } from './classify.js';
export { parseRevision, parseClause } from './grammar.js';
export { classifyWithLlm } from './llm.js';
export { checkEndpoint, type EndpointCheck } from './health-check.js';
export type { ReviseRequest } from './workspace.js';
export type * from './types.js';

/** A revision's failures are the build's (stages.ts): a code, a message, the stage. */
export { BuildFailedError as RevisionFailedError, BuildStageError, type FailureCode } from '../stages.js';

export interface ReviseOutcome {
  recipe: Recipe;
  applied: Array<{ clause: string; op: string; message: string }>;
  skipped: Array<{ clause: string; op: string; reason: string }>;
  testInputs: Array<{ endpoint_name: string; params: Record<string, unknown> }>;
}

const ORDER: Record<string, number> = { fix: 0, add_fields: 1, add_endpoint: 1 };

/** One intent per field for additions (each found or not on its own), repairs first, then additions, then changes. */
function schedule(intents: Intent[]): Intent[] {
  const expanded = intents.flatMap((i) => (i.op === 'add_fields' && i.fields.length > 1 ? i.fields.map((f) => ({ ...i, fields: [f] })) : [i]));
  return expanded.map((i, n) => ({ i, n })).sort((a, b) => (ORDER[a.i.op] ?? 2) - (ORDER[b.i.op] ?? 2) || a.n - b.n).map((x) => x.i);
}

function describeRecipe(before: Recipe, after: Recipe): string {
  const generated = (r: Recipe) => `${r.name}: ${r.endpoints.map((e) => e.name).join(', ')}. Built from ${r.source_url}.`;
  return before.description === generated(before) ? generated(after) : after.description;
}

async function lookAtSite(ws: Workspace): Promise<void> {
  try {
    await ws.site();
  } catch (err) {
    // The explorer reports what stops it as QuarryErrors; an abort or a fault is the stage runner's.
    if (ws.signal.aborted || !(isQuarryError(err) || isExpected(err, 'fetch'))) throw err;
    throw new RevisionFailedError('fetch_failed', `Could not look at ${ws.req.url} again: ${messageOf(err)}. The previous version stays live.`);
  }
}

interface Scheduled {
  ws: Workspace;
  intents: Intent[];
}

interface Carried extends Scheduled {
  applied: ReviseOutcome['applied'];
  skipped: ReviseOutcome['skipped'];
}

const analyzing = defineStage<Scheduled, Scheduled>({
  name: 'analyzing',
  headline: ({ ws, intents }) => `Revision (${ws.req.plan.type}): ${intents.map((i) => i.clause).filter((c, n, all) => all.indexOf(c) === n).join('; ')}`,
  async run(input) {
    if (input.intents.some((i) => NEEDS_SITE.has(i.op))) await lookAtSite(input.ws);
    return input;
  },
});

const generating = defineStage<Scheduled, Carried>({
  name: 'generating',
  headline: ({ intents }) => `Carrying out ${intents.length} change${intents.length > 1 ? 's' : ''}`,
  async run({ ws, intents }, { progress, signal }) {
    const applied: ReviseOutcome['applied'] = [];
    const skipped: ReviseOutcome['skipped'] = [];
    for (const [n, intent] of intents.entries()) {
      signal.throwIfAborted();
      // An operation that cannot be done says so in its result; one that throws is a fault (the stage's 'internal').
      const result = await runOperation(ws, intent);
      progress.advance((n + 1) / intents.length);
      if (result.ok) {
        applied.push({ clause: intent.clause, op: intent.op, message: result.message });
        progress.log('info', `Done: ${result.message}`);
      } else {
        skipped.push({ clause: intent.clause, op: intent.op, reason: result.reason });
        progress.log('warn', `Not done ("${intent.clause}"): ${result.reason}`);
      }
    }
    if (applied.length === 0) {
      throw new RevisionFailedError(
        'nothing_changed',
        `Nothing could be changed: ${skipped.map((s) => `"${s.clause}": ${s.reason}`).join('; ')}. The previous version stays live.`,
      );
    }
    return { ws, intents, applied, skipped };
  },
});

const testing = defineStage<Carried, ReviseOutcome>({
  name: 'testing',
  headline: ({ ws }) => `Testing ${ws.touched.size} changed endpoint${ws.touched.size === 1 ? '' : 's'}`,
  async run({ ws, applied, skipped }, { progress, signal }) {
    const testInputs: ReviseOutcome['testInputs'] = [];
    for (const name of ws.touched) {
      signal.throwIfAborted();
      const ep = ws.draft.endpoints.find((e) => e.name === name);
      if (!ep) continue;
      progress.endpoint(name, 'testing');
      const verdict = await ws.test(ws.draft, name);
      if (!verdict.passed) {
        progress.endpoint(name, 'failed', verdict.message);
        throw new RevisionFailedError('endpoint_failed', `${name} did not pass its tests after the changes (${verdict.message}). The previous version stays live.`);
      }
      refreshFromTests(ep, verdict);
      testInputs.push({ endpoint_name: name, params: ep.sample_inputs });
      progress.endpoint(name, 'passed', verdict.message);
    }
    const recipe: Recipe = { ...ws.draft, description: describeRecipe(ws.original, ws.draft) };
    const valid = validateRecipe(recipe);
    if (!valid.ok) throw new Error(`the revision produced an invalid recipe: ${JSON.stringify(valid.errors.slice(0, 3))}`);
    return { recipe: valid.recipe, applied, skipped, testInputs };
  },
});

export async function reviseApi(req: ReviseRequest): Promise<ReviseOutcome> {
  const ctx: StageContext = { progress: req.progress, signal: req.signal, logger: req.logger };
  const scheduled = { ws: new Workspace(req), intents: schedule(req.plan.intents) };
  const carried = await runStage(generating, await runStage(analyzing, scheduled, ctx), ctx);
  return runStage(testing, carried, ctx);
}
