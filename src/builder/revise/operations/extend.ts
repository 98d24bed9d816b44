/**
 * `extend`: new fields and new endpoints, found the way a build finds them.
 *
 * - A field on a detail endpoint: induced on the pages the endpoint reads for its test inputs.
 * - A field on a list or search endpoint: from the list pages when the records show it (same
 *   record selector), else from each record's own page through a follow step (the detail
 *   endpoint's spec for it, or one induced on the site's detail pages).
 * - An endpoint: planned by the build's planners from a fresh exploration.
 * Every addition is kept only when the endpoint, run through the interpreter, fills the new
 * field on at least half of its records (a new endpoint: passes its tests).
 */
import type { EndpointRecipe, FieldSpec, FollowStep, Recipe } from '../../../recipe/types.js';
import { induceDetailExtraction } from '../../induce/index.js';
import { induceList, NoListFound } from '../../list/index.js';
import { DEFAULT_DETAIL_FIELDS } from '../../detail-endpoint.js';
import { endpointNames } from '../../naming.js';
import { proposeWithLlm } from '../../llm/propose.js';
import { endpointKind, fieldKeys, fieldsOf, followSteps, mainExtract, recordNoun } from '../anatomy.js';
import { clone } from '../edit.js';
import { contexts, detailPagesOf, filledShare, scopeOf, siteDetailPages, siteListPages, valuesOn } from '../pages.js';
import { planEndpoint } from '../replan.js';
import { fillOf, pct } from '../verify.js';
import type { Intent } from '../types.js';
import type { Workspace } from '../workspace.js';
import { commit, done, refused, type OpResult } from './result.js';

type Added = { ok: true; endpoint: EndpointRecipe } | { ok: false; reason: string };

const MIN_FILL = 0.5;

function withEndpoint(recipe: Recipe, name: string, ep: EndpointRecipe): Recipe {
  return { ...recipe, endpoints: recipe.endpoints.map((e) => (e.name === name ? ep : e)) };
}

/** A spec for `field` induced on detail pages, kept when it reads a value on half of them. */
async function induceOnPages(ws: Workspace, pages: Parameters<typeof induceDetailExtraction>[0]['pages'], field: string, scope?: string): Promise<FieldSpec | null> {
  if (pages.length === 0) return null;
  const noun = recordNoun(ws.draft) ?? 'item';
  const induced = induceDetailExtraction({ pages, fields: [{ name: field }], vertical: noun });
  const ctxs = contexts(pages);
  let spec: FieldSpec | undefined = induced.extraction.fields[field];
  const fill = spec ? filledShare(valuesOn(spec, ctxs, scope)) : 0;
  if (fill < MIN_FILL && ws.req.llm) {
    const probe: EndpointRecipe = {
      name: 'probe',
      method: 'GET',
      description: '',
      input_params: { type: 'object' },
      return_schema: { type: 'object' },
      sample_inputs: {},
      steps: [{ type: 'extract', extract: { kind: 'object', fields: { [field]: spec ?? { sources: [] } } } }],
    };
    await proposeWithLlm(ws.req.llm, {
      plans: [{ endpoint: probe, cases: [], fields: [field], samplePages: pages }],
      exploration: await ws.site(),
      intent: { fields: [field], kinds: [], entity: noun, text: ws.req.plan.intents.map((i) => i.clause).join('. ') },
      signal: ws.signal,
      progress: ws.progress,
    });
    spec = fieldsOf(probe.steps[0] as Parameters<typeof fieldsOf>[0])[field];
  }
  if (!spec || spec.sources.length === 0) return null;
  return filledShare(valuesOn(spec, ctxs, scope)) >= MIN_FILL ? spec : null;
}

async function verifyField(ws: Workspace, draft: Recipe, candidate: EndpointRecipe, field: string): Promise<Added> {
  const verdict = await ws.test(withEndpoint(draft, candidate.name, candidate), candidate.name);
  if (!verdict.passed) return { ok: false, reason: `it no longer answers (${verdict.message})` };
  if (fillOf(verdict, field) < MIN_FILL) return { ok: false, reason: `${field} came back filled on ${pct(fillOf(verdict, field))} of its records` };
  return { ok: true, endpoint: candidate };
}

async function addToDetail(ws: Workspace, draft: Recipe, ep: EndpointRecipe, field: string): Promise<Added> {
  const pages = (await detailPagesOf(ws, ep, ws.cases(ep))).filter((p): p is NonNullable<typeof p> => !!p);
  if (pages.length === 0) return { ok: false, reason: 'its pages did not load' };
  const spec = await induceOnPages(ws, pages, field, scopeOf(ep));
  if (!spec) return { ok: false, reason: `no value for ${field} on ${pages.length} of its pages` };
  const candidate = clone(ep);
  const main = mainExtract(candidate);
  if (!main) return { ok: false, reason: 'it has no extraction' };
  fieldsOf(main)[field] = spec;
  return verifyField(ws, draft, candidate, field);
}

/** The field of a list record that links to the record's own page. */
function linkField(ep: EndpointRecipe): string | null {
  const main = mainExtract(ep);
  if (!main) return null;
  const fields = fieldsOf(main);
  if ('url' in fields) return 'url';
  return Object.keys(fields).find((k) => fields[k].sources.some((s) => 'attr' in s && s.attr === 'href')) ?? null;
}

/** The field straight from the list pages, when the records show it. */
async function addFromListPages(ws: Workspace, draft: Recipe, ep: EndpointRecipe, field: string): Promise<Added> {
  const main = mainExtract(ep);
  if (endpointKind(ep) !== 'list' || main?.extract.kind !== 'list') return { ok: false, reason: 'not a list of HTML records' };
  const pages = await siteListPages(ws);
  if (pages.length === 0) return { ok: false, reason: 'no list pages found' };
  try {
    const site = await ws.site();
    const induced = induceList(pages, { wantedFields: [...fieldKeys(ep), field], itemsHint: main.extract.items, detailTemplate: site.detail?.template });
    const spec = induced.extraction.fields[field];
    if (!spec || induced.extraction.items !== main.extract.items) return { ok: false, reason: `the list pages show no ${field}` };
    const candidate = clone(ep);
    fieldsOf(mainExtract(candidate)!)[field] = spec;
    return verifyField(ws, draft, candidate, field);
  } catch (err) {
    if (!(err instanceof NoListFound)) throw err;
    return { ok: false, reason: 'the list pages did not show repeated records' };
  }
}

/** The field from each record's own page, through a follow step. */
async function addThroughFollow(ws: Workspace, draft: Recipe, ep: EndpointRecipe, field: string): Promise<Added> {
  const link = linkField(ep);
  if (!link) return { ok: false, reason: 'its records carry no link to their own page' };
  const detail = draft.endpoints.find((e) => endpointKind(e) === 'detail' && fieldKeys(e).includes(field));
  const spec = detail ? fieldsOf(mainExtract(detail)!)[field] : await induceOnPages(ws, await siteDetailPages(ws), field);
  if (!spec) return { ok: false, reason: `the record pages show no ${field}` };
  const candidate = clone(ep);
  const follow = followSteps(candidate).find((f) => f.steps.some((s) => s.type === 'request' && s.url.includes(`.${link}}`)));
  const extract = follow?.steps.find((s) => s.type === 'extract');
  if (follow && extract && extract.type === 'extract' && extract.extract.kind === 'object') {
    extract.extract.fields[field] = spec;
  } else {
    const step: FollowStep = {
      type: 'follow',
      items: 'data',
      as: 'item',
      concurrency: 4,
      max: 20,
      on_error: 'skip',
      steps: [
        { type: 'request', url: `{+item.${link}}` },
        { type: 'extract', extract: { kind: 'object', fields: { [field]: spec } } },
      ],
    };
    candidate.steps.push(step);
  }
  return verifyField(ws, draft, candidate, field);
}

export async function addFieldsOp(ws: Workspace, i: Extract<Intent, { op: 'add_fields' }>): Promise<OpResult> {
  await ws.site();
  let draft = clone(ws.draft);
  const added: string[] = [];
  const missing: string[] = [];
  const touched = new Set<string>();
  for (const field of i.fields) {
    const named = i.endpoints.map((n) => ws.endpoint(draft, n)).filter((e): e is EndpointRecipe => !!e);
    const targets = (named.length ? named : draft.endpoints)
      .filter((e) => !fieldKeys(e).includes(field))
      // Detail endpoints first: what they learn serves the lists' follow steps.
      .sort((a, b) => Number(endpointKind(a) !== 'detail') - Number(endpointKind(b) !== 'detail'));
    const where: string[] = [];
    const why: string[] = [];
    for (const ep of targets) {
      ws.signal.throwIfAborted();
      ws.progress.endpoint(ep.name, 'building', `adding ${field}`);
      let result: Added;
      if (endpointKind(ep) === 'detail') result = await addToDetail(ws, draft, ep, field);
      else {
        result = await addFromListPages(ws, draft, ep, field);
        if (!result.ok) result = await addThroughFollow(ws, draft, ep, field);
      }
      if (result.ok) {
        draft = withEndpoint(draft, ep.name, result.endpoint);
        where.push(ep.name);
        touched.add(ep.name);
        ws.progress.endpoint(ep.name, 'passed', `added ${field}`);
      } else {
        why.push(`${ep.name}: ${result.reason}`);
        ws.progress.endpoint(ep.name, 'failed', result.reason);
      }
    }
    if (where.length) added.push(`${field} (to ${where.join(', ')})`);
    else missing.push(`${field} (${why.join('; ') || 'every endpoint already returns it'})`);
  }
  if (added.length === 0) return refused(`could not find ${missing.join('; ')} on the site`);
  commit(ws, draft, [...touched]);
  return done(`added ${added.join(', ')}${missing.length ? `; not found: ${missing.join('; ')}` : ''}`);
}

export async function addEndpointOp(ws: Workspace, i: Extract<Intent, { op: 'add_endpoint' }>): Promise<OpResult> {
  await ws.site();
  const noun = i.noun?.replace(/ies$/, 'y').replace(/([^s])s$/, '$1') || recordNoun(ws.draft) || 'item';
  const names = endpointNames(noun);
  const name = i.kind === 'detail' ? names.detail : i.kind === 'list' ? names.list : names.search;
  if (ws.draft.endpoints.some((e) => e.name === name)) return refused(`an endpoint named ${name} already exists`);
  const detail = ws.draft.endpoints.find((e) => endpointKind(e) === 'detail');
  const list = ws.draft.endpoints.find((e) => endpointKind(e) === 'list');
  ws.progress.endpoint(name, 'building');
  const plan = await planEndpoint(ws, {
    kind: i.kind,
    name,
    noun,
    fields: i.kind === 'detail' ? DEFAULT_DETAIL_FIELDS : i.kind === 'search' && list ? fieldKeys(list) : [],
    named: false,
    detailExtraction: detail ? (mainExtract(detail)?.extract ?? null) : null,
    listExtraction: list ? mainExtract(list)?.extract : undefined,
  });
  if (!plan) {
    const site = await ws.site();
    const reason =
      i.kind === 'search'
        ? site.searchForms.length === 0
          ? 'the site has no search form Quarry could find'
          : 'the site\'s search form did not return records for words its own pages contain'
        : i.kind === 'list'
          ? 'the site has no list pages with repeated records'
          : 'the site has no group of record pages';
    ws.progress.endpoint(name, 'failed', reason);
    return refused(`cannot add a ${i.kind} endpoint: ${reason}`);
  }
  const trial: Recipe = { ...ws.draft, endpoints: [...ws.draft.endpoints, plan.endpoint] };
  const verdict = await ws.test(trial, name, plan.cases);
  if (!verdict.passed) {
    ws.progress.endpoint(name, 'failed', verdict.message);
    return refused(`${name} did not pass its tests (${verdict.message})`);
  }
  ws.progress.endpoint(name, 'passed', verdict.message);
  commit(ws, trial, [name]);
  return done(`added ${name} (${verdict.message})`);
}
