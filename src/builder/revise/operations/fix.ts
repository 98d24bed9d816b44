/**
 * `fix`: test the named endpoints (or all) on fresh inputs, find what broke, re-induce it from
 * fresh pages and keep what still works.
 *
 * - A detail endpoint whose pages still load: the broken fields (the named ones, or those empty
 *   on every fresh page) are induced again on those pages; per field the better of the old spec,
 *   the new one and the two chained is kept, measured on the pages (fill first, then distinct
 *   values, then agreement with what the old spec read).
 * - A detail endpoint whose addresses no longer load, a list or a search: planned again from the
 *   fresh exploration by the build's planners, keeping the endpoint's name, output keys and, when
 *   they still fit, its parameters.
 * A repair is kept only when the endpoint answers more inputs, or fills the broken fields more,
 * without losing a field that worked.
 */
import type { EndpointRecipe, Recipe } from '../../../recipe/types.js';
import { induceDetailExtraction } from '../../induce/index.js';
import { proposeWithLlm } from '../../llm/propose.js';
import type { EndpointCase, EndpointVerdict } from '../../test-endpoints.js';
import { answersList, endpointKind, fieldKeys, fieldsOf, mainExtract, paramNames, paramSchemaOf, recordNoun } from '../anatomy.js';
import { clone, limitParamOf } from '../edit.js';
import { bestSpec, contexts, detailPagesOf, mergeSpecs, scopeOf } from '../pages.js';
import { planEndpoint } from '../replan.js';
import { isJsonApiEndpoint, reinduceJsonEndpoint } from '../../jsonapi/repair.js';
import { repairNextLink } from '../next-link.js';
import { compare, constantFields, emptyFields, fillOf, healthy, passedCount, type Comparison } from '../verify.js';
import type { Intent } from '../types.js';
import type { Workspace } from '../workspace.js';
import { commit, done, refused, type OpResult } from './result.js';

type Repair = { ok: true; endpoint: EndpointRecipe; verdict: EndpointVerdict } | { ok: false; reason: string };

function withEndpoint(recipe: Recipe, name: string, ep: EndpointRecipe): Recipe {
  return { ...recipe, endpoints: recipe.endpoints.map((e) => (e.name === name ? ep : e)) };
}

async function repairDetailFields(ws: Workspace, draft: Recipe, ep: EndpointRecipe, fields: string[]): Promise<Repair> {
  const cases = ws.cases(ep);
  const pages = await detailPagesOf(ws, ep, cases);
  const live = pages.filter((p): p is NonNullable<typeof p> => !!p);
  if (live.length * 2 < cases.length) return replan(ws, draft, ep);
  const noun = recordNoun(draft) ?? 'item';
  const induced = induceDetailExtraction({ pages: live, fields: fields.map((name) => ({ name })), vertical: noun });
  const candidate = clone(ep);
  const main = mainExtract(candidate);
  if (!main) return { ok: false, reason: 'it has no extraction to repair' };
  const specs = fieldsOf(main);
  const ctxs = contexts(live);
  const scope = scopeOf(candidate);
  for (const f of fields) {
    const old = specs[f];
    const fresh = induced.extraction.fields[f];
    if (!fresh) continue;
    const options = [fresh, ...(old ? [mergeSpecs(old, fresh), mergeSpecs(fresh, old), old] : [])];
    specs[f] = bestSpec(options, ctxs, old, scope).spec;
  }
  if (ws.req.llm) {
    await proposeWithLlm(ws.req.llm, {
      plans: [{ endpoint: candidate, cases, fields: fieldKeys(candidate), samplePages: live }],
      exploration: await ws.site(),
      intent: { fields, kinds: ['detail'], entity: noun, text: ws.req.plan.intents.map((i) => i.clause).join('. ') },
      signal: ws.signal,
      progress: ws.progress,
    });
  }
  const verdict = await ws.test(withEndpoint(draft, ep.name, candidate), candidate.name, cases);
  return { ok: true, endpoint: candidate, verdict };
}

/** Plan the endpoint again from the fresh exploration, keeping its name, keys and parameters. */
async function replan(ws: Workspace, draft: Recipe, ep: EndpointRecipe, extraCase?: EndpointCase | null): Promise<Repair> {
  const kind = endpointKind(ep);
  const keys = fieldKeys(ep);
  const detail = draft.endpoints.find((e) => e !== ep && endpointKind(e) === 'detail');
  const list = draft.endpoints.find((e) => e !== ep && endpointKind(e) === 'list');
  const plan = await planEndpoint(ws, {
    kind,
    name: ep.name,
    noun: recordNoun(draft) ?? 'item',
    fields: keys,
    detailExtraction: detail ? (mainExtract(detail)?.extract ?? null) : null,
    listExtraction: list ? mainExtract(list)?.extract : undefined,
  });
  if (!plan) {
    const what = kind === 'detail' ? 'record pages' : kind === 'list' ? 'list pages with repeated records' : 'a usable search form';
    return { ok: false, reason: `the fresh look at the site found no ${what}` };
  }
  const candidate = plan.endpoint;
  candidate.name = ep.name;
  candidate.description = ep.description;
  // Callers keep their parameters when the new plan reads the same ones.
  const sameParams = JSON.stringify(paramNames(candidate).sort()) === JSON.stringify(paramNames(ep).sort());
  if (sameParams) {
    candidate.input_params = ep.input_params;
    candidate.sample_inputs = ep.sample_inputs;
  }
  // Fields the new plan left out, read the old way when the records are found the same way.
  const newMain = mainExtract(candidate);
  const oldMain = mainExtract(ep);
  if (newMain && oldMain && newMain.extract.kind === oldMain.extract.kind && 'items' in newMain.extract && 'items' in oldMain.extract && newMain.extract.items === oldMain.extract.items) {
    const target = fieldsOf(newMain);
    for (const [k, spec] of Object.entries(fieldsOf(oldMain))) if (!(k in target) && !fieldKeys(candidate).includes(k)) target[k] = spec;
  }
  const cases = sameParams ? [...ws.cases(candidate), ...(extraCase ? [extraCase] : [])] : plan.cases;
  const verdict = await ws.test(withEndpoint(draft, ep.name, candidate), candidate.name, cases);
  return { ok: true, endpoint: candidate, verdict };
}

/**
 * For a complaint about pagination: the endpoint's limit raised past one page, so a walk that
 * stops after the first page shows (a page-numbered list is already tested on page 2).
 */
function manyRecordsCase(ep: EndpointRecipe): EndpointCase | null {
  const param = limitParamOf(ep);
  if (!param) return null;
  const max = paramSchemaOf(ep, param)?.maximum;
  return { params: { ...ep.sample_inputs, [param]: Math.min(typeof max === 'number' ? max : 50, 50) }, heldOut: true };
}

const recordCount = (v: EndpointVerdict) => v.outcomes.filter((o) => o.ok).reduce((n, o) => n + o.records.length, 0);

async function repair(ws: Workspace, draft: Recipe, ep: EndpointRecipe, focus: string[], extraCase?: EndpointCase | null): Promise<Repair> {
  // An endpoint calling the site's JSON API (issue 12): its extraction is induced again on fresh
  // answers of the same call; planning from the site's HTML would find an app shell.
  if (isJsonApiEndpoint(ep)) {
    const cases = [...ws.cases(ep), ...(extraCase ? [extraCase] : [])];
    const candidate = await reinduceJsonEndpoint(draft, ep, cases.map((c) => c.params), { fetcher: ws.req.fetcher, signal: ws.signal });
    if (candidate) return { ok: true, endpoint: candidate, verdict: await ws.test(withEndpoint(draft, ep.name, candidate), candidate.name, cases) };
  }
  if (endpointKind(ep) !== 'detail') return replan(ws, draft, ep, extraCase);
  // Without named fields every field is induced again: a site that broke one usually changed
  // more, and the old spec is kept wherever it still reads as well (bestSpec).
  return repairDetailFields(ws, draft, ep, focus.length ? focus : fieldKeys(ep));
}

/** Better pagination: more records reached, every input still answered, no field lost. */
function comparePaging(before: EndpointVerdict, after: EndpointVerdict, keys: string[]): Comparison {
  const base = compare(before, after, [], keys);
  const nb = recordCount(before);
  const na = recordCount(after);
  return {
    better: after.passed && base.lost.length === 0 && passedCount(after) >= passedCount(before) && na > nb,
    lost: base.lost,
    summary: `${na} records reached (was ${nb}); ${passedCount(after)}/${after.outcomes.length} inputs answered`,
  };
}

export async function fixOp(ws: Workspace, i: Extract<Intent, { op: 'fix' }>): Promise<OpResult> {
  await ws.site();
  const names = i.endpoints.length ? i.endpoints : ws.original.endpoints.map((e) => e.name);
  let draft = clone(ws.draft);
  const repaired: string[] = [];
  const repairedNames: string[] = [];
  const fine: string[] = [];
  const failed: string[] = [];
  for (const live of names) {
    ws.signal.throwIfAborted();
    const ep = ws.endpoint(draft, live);
    if (!ep) continue;
    ws.progress.endpoint(ep.name, 'testing');
    const paging = i.pagination === true && answersList(ep);
    const extraCase = paging ? manyRecordsCase(ep) : null;
    const before = await ws.test(draft, ep.name, [...ws.cases(ep), ...(extraCase ? [extraCase] : [])]);
    const keys = fieldKeys(ep);
    const focus = i.fields.filter((f) => keys.includes(f));
    const weak = focus.length
      ? focus.filter((f) => fillOf(before, f) < 1 || constantFields(before, [f]).length > 0)
      : [...new Set([...emptyFields(before, keys), ...constantFields(before, keys)])];
    // Told that pagination is broken: the walk is planned again and judged by the records it reaches.
    if (!paging && healthy(before) && weak.length === 0) {
      fine.push(`${ep.name} (${before.message}${focus.length ? `, ${focus.join(', ')} always filled` : ''})`);
      ws.progress.endpoint(ep.name, 'passed', 'nothing to fix');
      continue;
    }
    ws.progress.endpoint(ep.name, 'building', `repairing ${weak.length ? weak.join(', ') : 'its extraction'}`);
    let result = await repair(ws, draft, ep, focus, extraCase);
    if (paging && (!result.ok || !comparePaging(before, result.verdict, keys).better)) {
      // The replan found no better walk: look for the pager's new link on the list page itself.
      const walk = await repairNextLink(ws, draft, ep, [...ws.cases(ep), ...(extraCase ? [extraCase] : [])], before);
      if (walk) result = { ok: true, ...walk };
    }
    if (!result.ok) {
      failed.push(`${ep.name}: ${result.reason}`);
      ws.progress.endpoint(ep.name, 'failed', result.reason);
      continue;
    }
    const cmp = paging ? comparePaging(before, result.verdict, keys) : compare(before, result.verdict, focus, keys);
    if (!cmp.better) {
      const why = `the repair did not help (${cmp.summary}${cmp.lost.length ? `; it would lose ${cmp.lost.join(', ')}` : ''})`;
      failed.push(`${ep.name}: ${why}`);
      ws.progress.endpoint(ep.name, 'failed', why);
      continue;
    }
    draft = withEndpoint(draft, ep.name, result.endpoint);
    repaired.push(`${ep.name}: ${cmp.summary}`);
    repairedNames.push(ep.name);
    ws.progress.endpoint(ep.name, 'passed', cmp.summary);
  }
  if (repaired.length === 0) {
    if (failed.length === 0) return refused(`nothing needed fixing: ${fine.join('; ')}`);
    return refused(`could not repair ${failed.join('; ')}`);
  }
  commit(ws, draft, repairedNames);
  return done(`repaired ${repaired.join('; ')}${failed.length ? `; still failing: ${failed.join('; ')}` : ''}`);
}
