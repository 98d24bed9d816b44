/**
 * A build: website + task sentence -> a tested recipe. The stages, in order (each reported as
 * progress, each cancellable through the signal):
 *   fetching/exploring  explore the site within the fetch budget (explore/)
 *   analyzing           understand the task, choose the endpoints to make
 *   generating          induce each endpoint's extraction (induce/, list/, search/, jsonapi/)
 *   testing             run every endpoint through the real interpreter, held-out pages too
 * Each is a declared stage (stages.ts) run by `runStage`: it reports the stage, checks the signal
 * and turns a failure into a BuildStageError {stage, code, message}; a fault is the stage's
 * 'internal' failure. Publishing is the caller's (jobs/build.ts).
 */
import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import type { Fetcher } from '../fetch/types.js';
import { isQuarryError } from '../errors/index.js';
import { RECIPE_FORMAT, type EndpointRecipe, type Recipe } from '../recipe/types.js';
import { validateRecipe } from '../recipe/index.js';
import type { ProgressReporter } from './progress.js';
import { parseTask, fieldKey, type TaskIntent } from './task-intent.js';
import { apiName, entityNoun, endpointNames } from './naming.js';
import { explore } from './explore/index.js';
import { isRobotsRefusal } from './explore/site-fetcher.js';
import type { Exploration } from './explore/types.js';
import { planDetailEndpoint, DEFAULT_DETAIL_FIELDS } from './detail-endpoint.js';
import { fieldConfidenceOf } from './field-confidence.js';
import { planListEndpoints, type EndpointPlan } from './list-endpoints.js';
import { planSearchEndpoint } from './search-endpoint.js';
import { fallbackDetail } from './detail-fallback.js';
import { testEndpoint } from './test-endpoints.js';
import { recordSchema, successBodySchema } from './schema-of.js';
import { detectLoginWall } from './login-wall.js';
import type { LlmAssist } from './llm/index.js';
import { checkEntryRefusal, checkLoginWall, openBuildSession, withLoginEndpoint, type BuildAuth, type BuildSession } from './auth/index.js';
import { proposeWithLlm } from './llm/propose.js';
import { continueList, planJsSite, preferFrameworkList } from './render/index.js';
import { BrowserUnavailableError } from '../fetch/browser/index.js';
import { BuildFailedError, defineStage, runStage, type StageContext } from './stages.js';
import { isExpected, messageOf, rethrowUnless } from '../errors/expected.js';
import { acceptConsentWall, consentFetcher } from './consent.js';

export { BuildFailedError, BuildStageError, type FailureCode } from './stages.js';

export interface BuildRequest {
  url: string;
  task: string;
  fetcher: Fetcher;
  signal: AbortSignal;
  budget: Config['build'];
  progress: ProgressReporter;
  publicUrl: string;
  llm: LlmAssist | null;
  logger?: Logger;
  /** Login-protected sites (builder/auth/): allow_auth and, when answered, the caller's credentials. */
  auth?: BuildAuth;
}

export interface BuildOutcome {
  recipe: Recipe;
  testInputs: Array<{ endpoint_name: string; params: Record<string, unknown> }>;
  /** What the site says of itself (for marketplace listings: categories, country, descriptions). */
  site: SiteInfo;
}

export interface SiteInfo {
  host: string;
  title: string | null;
  description: string | null;
  /** The html lang attribute, e.g. `nl-NL`. */
  lang: string | null;
  /** Visible text of the entry page (first few KB), for category inference. */
  text: string;
}

function siteInfo(exploration: Exploration): SiteInfo {
  const html = exploration.entry.text;
  const meta = /<meta[^>]+name=["']description["'][^>]*content=["']([^"']*)["']/i.exec(html)?.[1] ?? null;
  const lang = /<html[^>]*\slang=["']?([A-Za-z-]+)/i.exec(html)?.[1] ?? null;
  const text = html
    .replace(/<(script|style|noscript)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 4000);
  return { host: new URL(exploration.entry.finalUrl).host, title: pageTitle(exploration) ?? null, description: meta, lang, text };
}

async function exploreSite(req: BuildRequest, intent: TaskIntent, session: BuildSession | null): Promise<Exploration> {
  const { progress } = req;
  try {
    return await explore({
      url: req.url,
      fetcher: req.fetcher,
      signal: req.signal,
      budget: {
        maxPages: req.budget.fetchBudget,
        deadline: Date.now() + Math.round(req.budget.timeBudgetMs * 0.5),
        perHostConcurrency: req.budget.perHostConcurrency,
      },
      wantedFields: intent.fields,
      onLog: (level: string, message: string) => {
        if (level !== 'debug') progress.log(level === 'warn' ? 'warn' : 'info', message);
      },
    });
  } catch (err) {
    // The explorer reports what stops it as QuarryErrors; an abort or a fault is the stage runner's.
    if (req.signal.aborted || !(isQuarryError(err) || isExpected(err, 'fetch'))) throw err;
    // An entry page answering 401/403 may be a login wall (issue 13, builder/auth/).
    await checkEntryRefusal(req, err, session, loginFailure);
    if (isRobotsRefusal(err)) throw new BuildFailedError('robots_disallowed', `robots.txt of ${new URL(req.url).host} disallows fetching ${req.url}`);
    throw new BuildFailedError('fetch_failed', unreachableMessage(req.url, err) ?? `Could not fetch ${req.url}: ${messageOf(err)}`);
  }
}

/** Why no answer came, for the fetch layer's `reason` of a target that could not be reached. */
const NO_ANSWER: Record<string, string> = {
  dns_failed: 'its name does not resolve (DNS)',
  connect_failed: 'the connection was refused',
  timeout: 'it did not answer in time',
  connection_reset: 'the connection was cut',
  proxy_failed: 'the proxy could not connect to it',
  network_error: 'the network failed',
};

/**
 * A site that never answered is said so, with its address: the task text was not the problem
 * (issue 27). Null for other failures (a refused address, a block), which keep their own words.
 */
function unreachableMessage(url: string, err: unknown): string | null {
  const reason = isQuarryError(err) ? err.fields.reason : undefined;
  const why = typeof reason === 'string' ? NO_ANSWER[reason] : isExpected(err, 'network') ? NO_ANSWER.network_error : undefined;
  if (!why) return null;
  return `The site could not be reached at ${url}: ${why}. Check the address, or try again when the site answers.`;
}

const loginFailure = (message: string) => new BuildFailedError('login_required', message);

function checkEntry(req: BuildRequest, exploration: Exploration): void {
  const { entry } = exploration;
  if (entry.status >= 400) {
    throw new BuildFailedError('fetch_failed', `The site answered HTTP ${entry.status} for ${req.url}; nothing to build from.`);
  }
  const wall = detectLoginWall(entry);
  if (wall) {
    throw loginFailure(`${req.url} is behind a login wall (${wall}). Building login-protected sites needs allow_auth and credentials.`);
  }
}

/** What the fetching stage found: the site explored (through the login session, when there is one). */
interface Explored {
  req: BuildRequest;
  session: BuildSession | null;
  intent: TaskIntent;
  exploration: Exploration;
  /** The cookies a consent wall's acceptance stored: every call of the recipe sends them. */
  consentCookie: string | null;
}

/** What the analyzing stage decided: the record noun, endpoint names and wanted fields. */
interface Analysed extends Explored {
  noun: string;
  names: ReturnType<typeof endpointNames>;
  wanted: Array<{ name: string; hint?: string }>;
  wantKind: (k: 'list' | 'detail' | 'search') => boolean;
}

interface Planned extends Analysed {
  plans: EndpointPlan[];
}

const fetching = defineStage<BuildRequest, Explored>({
  name: 'fetching',
  headline: (req) => `Fetching ${req.url}`,
  async run(request, { progress, signal }) {
    // Login-protected sites (issue 13, builder/auth/): with the caller's answers, log in first and
    // build through that one session; a wall met while exploring asks for them (or fails).
    const session = await openBuildSession(request);
    if (session) progress.log('info', 'Logged in; exploring as the signed-in user');
    const intent = parseTask(request.task);
    let req: BuildRequest = session ? { ...request, fetcher: session.fetcher } : request;
    let exploration = await exploreSite(req, intent, session);
    // An entry that is only a consent wall (builder/consent.ts) is accepted once and the site explored
    // again; its cookies go with the build's requests and become the recipe's.
    const consentCookie = session ? null : await acceptConsentWall(request.fetcher, exploration.entry.finalUrl, exploration.entry.text, signal, (m) => progress.log('info', m)).catch((err: unknown) => {
      if (signal.aborted) throw err;
      rethrowUnless(err, 'fetch', 'browser');
      progress.log('warn', `Could not accept the consent wall: ${messageOf(err)}`);
      return null;
    });
    if (consentCookie) {
      req = { ...request, fetcher: consentFetcher(request.fetcher, new URL(exploration.entry.finalUrl).origin, consentCookie) };
      exploration = await exploreSite(req, intent, session);
    }
    signal.throwIfAborted();
    await checkLoginWall(req, exploration, session, loginFailure);
    checkEntry(req, exploration);
    return { req, session, intent, exploration, consentCookie };
  },
});

const analyzing = defineStage<Explored, Analysed>({
  name: 'analyzing',
  headline: ({ exploration }) =>
    `Explored ${exploration.stats.fetches} pages: ${exploration.groups.filter((g) => g.kind !== 'other').length} page templates`,
  async run(input, { progress, signal }) {
    const { req, intent, exploration } = input;
    if (!exploration.detail) {
      exploration.detail = await fallbackDetail(exploration, req.fetcher, signal);
      if (exploration.detail) progress.log('info', `Using ${exploration.detail.template.pattern} as the record pages`);
    }
    const schemaTypes = [
      ...exploration.structured.detail.jsonLdTypes,
      ...exploration.structured.list.jsonLdTypes,
      ...exploration.structured.other.jsonLdTypes,
    ];
    const noun = entityNoun(intent.entity, schemaTypes);
    const wanted = intent.fields.length
      ? intent.fields.map((f) => ({ name: fieldKey(f), hint: intent.hints?.[f] ?? f }))
      : DEFAULT_DETAIL_FIELDS.map((name) => ({ name }));
    const wantKind = (k: 'list' | 'detail' | 'search') => intent.kinds.length === 0 || intent.kinds.includes(k);
    return { ...input, noun, names: endpointNames(noun), wanted, wantKind };
  },
});

const generating = defineStage<Analysed, Planned>({
  name: 'generating',
  headline: () => 'Inducing extractions',
  async run(input, { progress, signal }) {
    const { req, intent, exploration, noun, names, wanted, wantKind } = input;
    const wantedKeys = intent.fields.length ? wanted.map((w) => w.name) : [];
    const plans: EndpointPlan[] = [];
    const detail = planDetailEndpoint({
      exploration,
      name: names.detail,
      noun,
      fields: wanted,
      fieldsNamed: intent.fields.length > 0,
      vertical: intent.entity ?? undefined,
      allDetails: intent.kinds.includes('detail') && intent.kinds.includes('list'),
      keepAbsent: req.llm !== null,
    });
    for (const k of detail?.absent ?? []) progress.log('warn', `"${intent.hints?.[k] ?? k}" is not shown on the ${noun.replace(/_/g, ' ')} pages: left out`);
    for (const k of detail?.unseen ?? []) progress.log('warn', `"${intent.hints?.[k] ?? k}" is not shown on the sampled ${noun.replace(/_/g, ' ')} pages: kept in case others show it`);
    // A detail endpoint is made when asked for, or when it is the only way to the wanted fields.
    if (detail && (wantKind('detail') || exploration.listPages.length === 0)) {
      plans.push({ endpoint: detail.endpoint, cases: detail.cases, fields: detail.fields, samplePages: detail.pages, evidence: detail.evidence });
    }
    plans.push(...planListEndpoints({ exploration, intent, noun, names, wantKind, wanted, detailExtraction: detail?.extraction ?? null }));
    if (wantKind('search') && exploration.searchForms.length > 0) {
      const listPlan = plans.find((p) => p.isList);
      const listExtract = listPlan?.endpoint.steps.flatMap((s) => (s.type === 'paginate' ? s.steps : [s])).find((s) => s.type === 'extract');
      const search = await planSearchEndpoint({
        exploration,
        name: names.search,
        noun,
        fetcher: req.fetcher,
        signal,
        listExtraction: listExtract?.type === 'extract' ? listExtract.extract : undefined,
        wantedKeys,
        titles: recordTitles(exploration),
      }).catch((err: unknown) => {
        rethrowUnless(err, 'fetch');
        progress.log('warn', `Search form not usable: ${messageOf(err)}`);
        return null;
      });
      if (search) plans.push(search);
    }
    // Issue 12 (src/builder/render): an app shell drawn by JavaScript gets endpoints that call the
    // site's JSON API (found in its scripts or by rendering it), or render it when nothing replays;
    // they replace plans read from the empty shell. Null for ordinary HTML sites.
    const jsPlans = await planJsSite({ exploration, fetcher: req.fetcher, signal, progress, noun, names, wantKind, wantedKeys }).catch((err: unknown) => {
      throw err instanceof BrowserUnavailableError ? new BuildFailedError('browser_unavailable', err.message, { cause: err }) : err;
    });
    if (jsPlans) plans.splice(0, plans.length, ...jsPlans);
    else {
      // A server-drawn page may carry its records, with fields its markup leaves to hydration, in
      // its framework's data (Nuxt, RSC, __NEXT_DATA__): the list reads them there. Else a list
      // continued by "load more" / infinite scroll over an API.
      const framework = wantKind('list') && (await preferFrameworkList(plans, { exploration, fetcher: req.fetcher, signal, wantedKeys, names, noun, wantKind, log: (m) => progress.log('info', m) }));
      const continued = framework ? null : await continueList({ exploration, fetcher: req.fetcher, signal, progress, noun, names, wantKind, wantedKeys, plans });
      if (continued) plans.splice(0, plans.length, ...continued);
    }
    if (req.llm) await proposeWithLlm(req.llm, { plans, exploration, intent, signal, progress });
    for (const p of plans) progress.endpoint(p.endpoint.name, 'planned');
    if (plans.length === 0) {
      throw new BuildFailedError(
        'no_records',
        `Nothing matching the task was found on ${req.url}: no detail pages, lists or search forms with ${
          intent.fields.length ? `the fields ${intent.fields.join(', ')}` : 'extractable data'
        }.`,
      );
    }
    return { ...input, plans };
  },
});

const testing = defineStage<Planned, BuildOutcome>({
  name: 'testing',
  headline: ({ plans }) => `Testing ${plans.length} endpoint${plans.length > 1 ? 's' : ''}`,
  async run({ req, session, exploration, plans, consentCookie }, { progress, signal }) {
    const source_url = exploration.entry.finalUrl;
    const draft: Recipe = {
      format: RECIPE_FORMAT,
      name: apiName(siteTitles(exploration), new URL(source_url).host, siteNameMeta(exploration)),
      description: '',
      source_url,
      endpoints: plans.map((p) => p.endpoint),
      ...(consentCookie ? { headers: { cookie: consentCookie } } : {}),
    };
    const passed: EndpointRecipe[] = [];
    const testInputs: BuildOutcome['testInputs'] = [];
    for (const [i, plan] of plans.entries()) {
      signal.throwIfAborted();
      progress.endpoint(plan.endpoint.name, 'testing');
      const verdict = await testEndpoint(draft, plan.endpoint.name, plan.cases, { fetcher: req.fetcher, signal });
      progress.advance((i + 1) / plans.length);
      if (!verdict.passed || !verdict.sample) {
        progress.endpoint(plan.endpoint.name, 'failed', verdict.message);
        continue;
      }
      const records = verdict.outcomes.filter((o) => o.ok).flatMap((o) => o.records);
      const dataSchema = plan.endpoint.steps.some((s) => s.type === 'paginate') || plan.isList
        ? { type: 'array', items: recordSchema(records, plan.fields) }
        : recordSchema(records, plan.fields);
      passed.push({
        ...plan.endpoint,
        sample_inputs: verdict.sample,
        return_schema: successBodySchema(dataSchema, !!plan.isList),
        field_confidence: fieldConfidenceOf(plan.endpoint, verdict, plan.evidence),
      });
      testInputs.push({ endpoint_name: plan.endpoint.name, params: verdict.sample });
      progress.endpoint(plan.endpoint.name, 'passed', verdict.message);
    }
    if (passed.length === 0) {
      const why = progress.current.endpoints.map((e) => `${e.endpoint_name}: ${e.message ?? e.status}`).join('; ');
      throw new BuildFailedError('no_endpoint_passed', `No endpoint passed its tests on ${req.url} (${why}).`);
    }
    const recipe: Recipe = {
      ...draft,
      description: `${draft.name}: ${passed.map((e) => e.name).join(', ')}. Built from ${source_url}.`,
      // Behind a login (issue 13): a login endpoint first; the others depend on its session.
      endpoints: session ? withLoginEndpoint(passed, session.plan, new URL(source_url).host) : passed,
    };
    const valid = validateRecipe(recipe);
    if (!valid.ok) throw new Error(`builder produced an invalid recipe: ${JSON.stringify(valid.errors.slice(0, 3))}`);
    return { recipe: valid.recipe, testInputs, site: siteInfo(exploration) };
  },
});

export async function buildApi(request: BuildRequest): Promise<BuildOutcome> {
  const ctx: StageContext = { progress: request.progress, signal: request.signal, logger: request.logger };
  const explored = await runStage(fetching, request, ctx);
  const analysed = await runStage(analyzing, explored, ctx);
  const planned = await runStage(generating, analysed, ctx);
  return runStage(testing, planned, ctx);
}

/** Link texts of the detail pages: words the site's own records contain (search probes). */
function recordTitles(exploration: Exploration): string[] {
  const titles: string[] = [];
  for (const url of exploration.detail?.sampleUrls ?? []) {
    const m = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(exploration.pages[url]?.text ?? '');
    if (m) titles.push(m[1].replace(/<[^>]+>/g, ' ').trim());
  }
  return titles;
}

/** Titles of the entry page and the sampled record pages (they share the site's name). */
function siteTitles(exploration: Exploration): string[] {
  const samples = (exploration.detail?.sampleUrls ?? []).slice(0, 3);
  return [titleOf(exploration.entry.text), ...samples.map((u) => titleOf(exploration.pages[u]?.text ?? ''))].filter(
    (t): t is string => !!t,
  );
}

const titleOf = (html: string): string | undefined =>
  /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.replace(/\s+/g, ' ').trim();

function siteNameMeta(exploration: Exploration): string | null {
  return /<meta[^>]+property=["']og:site_name["'][^>]*content=["']([^"']+)["']/i.exec(exploration.entry.text)?.[1] ?? null;
}

function pageTitle(exploration: Exploration): string | undefined {
  return titleOf(exploration.entry.text);
}
