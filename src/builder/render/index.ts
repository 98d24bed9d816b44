/**
 * Sites drawn by JavaScript (issue 12): the builder's network tab. When the entry page is an
 * app shell, its JSON calls are gathered (from its scripts, a Next.js data route, and by
 * rendering it in the browser), and endpoints that call the site's API directly are planned
 * (jsonapi/plan.ts). Only when no call replays without a browser does an endpoint render the
 * page on each call (render-plan.ts). Answers null for ordinary HTML sites: their plans stay;
 * an empty list for a shell that shows nothing (its own plans would read the shell).
 */
import type { Fetcher } from '../../fetch/types.js';
import { BrowserUnavailableError } from '../../fetch/browser/index.js';
import type { Exploration } from '../explore/types.js';
import type { EndpointPlan } from '../list-endpoints.js';
import type { ProgressReporter } from '../progress.js';
import type { ApiCall } from '../jsonapi/calls.js';
import { planApiEndpoints } from '../jsonapi/plan.js';
import { renderSample, renderSearch, type RenderedSample } from './record.js';
import { planRenderedList } from './render-plan.js';
import { isAppShell, isBareShell } from './shell.js';
import { loadMoreControl, planLoadMore } from './load-more.js';
import { nextDataCall, scriptCalls } from './static-calls.js';
import { frameworkCalls } from './framework-calls.js';
import { messageOf, rethrowUnless } from '../../errors/expected.js';

export { isAppShell } from './shell.js';
export { preferFrameworkList } from './framework-calls.js';

export interface JsSiteInput {
  exploration: Exploration;
  fetcher: Fetcher;
  signal: AbortSignal;
  progress: ProgressReporter;
  noun: string;
  names: { list: string; detail: string; search: string };
  wantedKeys: string[];
  wantKind: (k: 'list' | 'detail' | 'search') => boolean;
}

const key = (c: ApiCall) => `${c.method} ${c.url} ${c.body ?? ''}`;

export async function planJsSite(input: JsSiteInput): Promise<EndpointPlan[] | null> {
  const { exploration, fetcher, signal, progress } = input;
  if (!isAppShell(exploration.entry.text)) return null;
  const log = (message: string) => progress.log('info', message);
  log(`${exploration.entry.finalUrl} is drawn by JavaScript: looking for the JSON calls behind it`);
  const calls: ApiCall[] = scriptCalls(exploration);
  // The framework's data in the page itself (Nuxt, RSC flight rows, __NEXT_DATA__) replays with
  // the page; a Next.js data route, a JSON answer of its own, goes before it.
  calls.unshift(...frameworkCalls(exploration));
  const next = await nextDataCall(exploration, fetcher, signal);
  if (next) calls.unshift(next);

  let sample: RenderedSample | null = null;
  const engine = fetcher.browser;
  if (engine?.available()) {
    sample = await renderSample(engine, exploration.entry.finalUrl, signal).catch((err: unknown) => {
      if (signal.aborted) throw err;
      rethrowUnless(err, 'browser');
      progress.log('warn', `Rendering ${exploration.entry.finalUrl} failed: ${messageOf(err)}`);
      return null;
    });
    if (sample) {
      log(`Network tab: ${sample.recorded.length} JSON responses (${sample.recorded.map((r) => `${r.method} ${new URL(r.url).pathname}`).slice(0, 5).join(', ')})`);
      const seen = new Set(calls.map(key));
      // Rendered calls first: they carry the exact request the page makes.
      calls.unshift(...sample.calls.filter((c) => !seen.has(key(c))));
    }
  } else if (calls.length === 0) {
    throw new BrowserUnavailableError(engine?.settings.executablePath ?? 'QUARRY_CHROMIUM_PATH');
  }

  const scriptUrls = exploration.jsonEndpoints.map((e) => e.url);
  const searchForm = exploration.searchForms.find((f) => f.pageUrl === exploration.entry.finalUrl) ?? exploration.searchForms[0];
  const renderedSearch = engine?.available() && sample && searchForm
    ? async (word: string) => {
      log(`Searching "${word}" in the page's search field (${searchForm.queryParam}) to see which call carries it`);
      return renderSearch(engine, searchForm.pageUrl, `form [name="${searchForm.queryParam.replace(/["\\]/g, '\\$&')}"]`, word, signal).catch((err: unknown) => {
        if (signal.aborted) throw err;
        rethrowUnless(err, 'browser');
        progress.log('warn', `Searching in the page failed: ${messageOf(err)}`);
        return [];
      });
    }
    : undefined;
  const plans = await planApiEndpoints({
    calls,
    fetcher,
    signal,
    entryUrl: exploration.entry.finalUrl,
    // Tokens are looked for in the page load that issued them (the rendered one when there is one).
    entryHtml: sample?.html ?? exploration.entry.text,
    names: input.names,
    noun: input.noun,
    wantedKeys: input.wantedKeys,
    wantKind: input.wantKind,
    scriptUrls,
    scriptText: scriptSources(exploration),
    searchFields: exploration.searchForms.map((f) => f.queryParam),
    renderSearch: renderedSearch,
    renderCalls: engine?.available() && sample
      ? (url: string) => renderSample(engine, url, signal).then((r) => r.calls, (err: unknown) => {
        if (signal.aborted) throw err;
        rethrowUnless(err, 'browser');
        progress.log('warn', `Rendering ${url} failed: ${messageOf(err)}`);
        return [];
      })
      : undefined,
    log,
  });
  if (plans.length > 0) return plans;
  if (sample && engine) {
    const rendered = planRenderedList(sample, { name: input.names.list, noun: input.noun, wantedKeys: input.wantedKeys, timeoutMs: engine.settings.pageTimeoutMs });
    if (rendered) {
      log('No JSON call replays without the browser: the list endpoint renders the page');
      return [rendered];
    }
  }
  // A page whose HTML holds more than a shell (menus, a footer, a few words) keeps the plans
  // read from it; a bare shell's would publish its "Loading…" as data.
  if (!isBareShell(exploration.entry.text)) {
    log(`${exploration.entry.finalUrl} drew no records from a JSON API: reading its HTML as it is`);
    return null;
  }
  progress.log('warn', `${exploration.entry.finalUrl} drew no records${sample ? '' : ' (it could not be rendered)'} and calls no JSON API that carries them`);
  return [];
}

/**
 * A list the server renders whose next records a "load more" button or infinite scroll fetches
 * (load-more.ts): the plans with the list continued through that API, or null to keep them.
 */
export async function continueList(input: JsSiteInput & { plans: EndpointPlan[] }): Promise<EndpointPlan[] | null> {
  const engine = input.fetcher.browser;
  if (!engine?.available() || !loadMoreControl(input.exploration.entry.text)) return null;
  return planLoadMore(engine, { ...input, log: (message) => input.progress.log('info', message) }).catch((err: unknown) => {
    if (input.signal.aborted) throw err;
    rethrowUnless(err, 'browser');
    input.progress.log('warn', `Loading more in the browser failed: ${messageOf(err)}`);
    return null;
  });
}

/** The text of the entry page's inline scripts and of the script files exploration read. */
function scriptSources(exploration: Exploration): string {
  const inline = [...exploration.entry.text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]);
  const files = Object.values(exploration.pages).filter((p) => /javascript|ecmascript/i.test(p.contentType ?? '')).map((p) => p.text);
  return [...inline, ...files].join('\n').slice(0, 1_000_000);
}
