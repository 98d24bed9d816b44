/**
 * Revising a generated API: the live recipe + a classified sentence -> a new recipe whose
 * changed endpoints pass their tests. The stages, each reported as progress and cancellable:
 *   exploring   a fresh look at the site, when an operation needs fresh pages (fix, extend)
 *   generating  carry out each intent on a draft (fix first, then extend, then modify), each
 *               verified by running what it changed; a failed intent leaves the draft untouched
 *   testing     run every changed endpoint once more; write schemas and samples from the results
 * Publishing is the caller's (jobs/revise.ts). RevisionFailedError carries a message for people;
 * anything else is a fault.
 */
import { isQuarryError } from '../../errors/index.js';
import { validateRecipe } from '../../recipe/index.js';
import type { Recipe } from '../../recipe/types.js';
import { NEEDS_SITE, runOperation } from './operations/index.js';
import { refreshFromTests } from './verify.js';
import { Workspace, type ReviseRequest } from './workspace.js';
import type { Intent } from './types.js';

export { classifyRevision, NOT_UNDERSTOOD, type Classification } from './classify.js';
export { parseRevision, parseClause } from './grammar.js';
export { classifyWithLlm } from './llm.js';
export { checkEndpoint, type EndpointCheck } from './health-check.js';
export type { ReviseRequest } from './workspace.js';
export type * from './types.js';

export class RevisionFailedError extends Error {}

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
    if (ws.signal.aborted) throw err;
    const reason = isQuarryError(err) || err instanceof Error ? err.message : String(err);
    throw new RevisionFailedError(`Could not look at ${ws.req.url} again: ${reason}. The previous version stays live.`);
  }
}

export async function reviseApi(req: ReviseRequest): Promise<ReviseOutcome> {
  const ws = new Workspace(req);
  const { progress, signal } = req;
  const intents = schedule(req.plan.intents);
  progress.stage('analyzing', `Revision (${req.plan.type}): ${intents.map((i) => i.clause).filter((c, n, all) => all.indexOf(c) === n).join('; ')}`);
  if (intents.some((i) => NEEDS_SITE.has(i.op))) await lookAtSite(ws);

  progress.stage('generating', `Carrying out ${intents.length} change${intents.length > 1 ? 's' : ''}`);
  const applied: ReviseOutcome['applied'] = [];
  const skipped: ReviseOutcome['skipped'] = [];
  for (const [n, intent] of intents.entries()) {
    signal.throwIfAborted();
    let result;
    try {
      result = await runOperation(ws, intent);
    } catch (err) {
      if (signal.aborted) throw err;
      req.logger?.error({ err, op: intent.op }, 'revision operation crashed');
      result = { ok: false as const, reason: `internal error (${err instanceof Error ? err.message : String(err)})` };
    }
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
      `Nothing could be changed: ${skipped.map((s) => `"${s.clause}": ${s.reason}`).join('; ')}. The previous version stays live.`,
    );
  }

  progress.stage('testing', `Testing ${ws.touched.size} changed endpoint${ws.touched.size === 1 ? '' : 's'}`);
  const testInputs: ReviseOutcome['testInputs'] = [];
  for (const name of ws.touched) {
    signal.throwIfAborted();
    const ep = ws.draft.endpoints.find((e) => e.name === name);
    if (!ep) continue;
    progress.endpoint(name, 'testing');
    const verdict = await ws.test(ws.draft, name);
    if (!verdict.passed) {
      progress.endpoint(name, 'failed', verdict.message);
      throw new RevisionFailedError(`${name} did not pass its tests after the changes (${verdict.message}). The previous version stays live.`);
    }
    refreshFromTests(ep, verdict);
    testInputs.push({ endpoint_name: name, params: ep.sample_inputs });
    progress.endpoint(name, 'passed', verdict.message);
  }
  const recipe: Recipe = { ...ws.draft, description: describeRecipe(ws.original, ws.draft) };
  const valid = validateRecipe(recipe);
  if (!valid.ok) throw new Error(`the revision produced an invalid recipe: ${JSON.stringify(valid.errors.slice(0, 3))}`);
  return { recipe: valid.recipe, applied, skipped, testInputs };
}
