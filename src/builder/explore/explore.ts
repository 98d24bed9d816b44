/**
 * `explore`: fetch the entry page and what it leads to, within the budget, and describe the
 * site (types.ts). The order is the priority when the budget is short:
 * 1. the entry page (a robots.txt refusal or an error answer fails the exploration here);
 * 2. robots.txt (Sitemap: lines) and the JSON endpoints the entry page's scripts call;
 * 3. discovery rounds: next list pages, detail samples, hubs (plan.ts), re-analysed each round;
 *    sitemaps and feeds are read after the first round.
 * Budget and deadline end the exploration quietly (stats.stoppedBy); the signal rejects at once.
 */
import { QuarryError } from '../../errors/index.js';
import { analyse, type Analysis } from './analyse.js';
import { assemble } from './assemble.js';
import { probeJsonEndpoints, readFeeds, readRobots, readSitemaps } from './sources.js';
import { planFetches } from './plan.js';
import { FetchRefused, SiteFetcher, isRobotsRefusal } from './site-fetcher.js';
import { ExploreState } from './state.js';
import type { Exploration, ExploreInput, FetchedPage, LogLevel } from './types.js';
import type { ExploreSession } from './session.js';
import { messageOf, rethrowUnless } from '../../errors/expected.js';
import { isSignOutSkip } from '../auth/sign-out.js';

const MAX_ROUNDS = 6;

export type { ExploreSession } from './session.js';

export async function explore(input: ExploreInput): Promise<Exploration> {
  const entryUrl = checkedUrl(input.url);
  const fetcher = new SiteFetcher({
    fetcher: input.fetcher,
    signal: input.signal,
    maxPages: input.budget.maxPages,
    deadline: input.budget.deadline,
    perHostConcurrency: input.budget.perHostConcurrency,
    hosts: [new URL(entryUrl).host],
    now: input.now,
  });
  const log = (level: LogLevel, message: string) => input.onLog?.(level, message);
  const state = new ExploreState((url) => fetcher.isOnSite(url));
  const session = createSession(state, fetcher, log);

  const entry = await fetchEntry(session, entryUrl);
  log('info', `Entry page ${entry.url} (${entry.status}, ${entry.contentType})`);
  await readRobots(session, new URL(entry.url).origin);
  await probeJsonEndpoints(session, entry.url);

  let hubs = 0;
  let analysis: Analysis = analyse(state);
  for (let round = 0; round < MAX_ROUNDS && fetcher.canFetch(); round++) {
    const plan = planFetches(state, analysis, hubs);
    if (plan.length === 0 && round > 0) break;
    const budgetLeft = fetcher.remaining();
    const batch = plan.slice(0, budgetLeft);
    hubs += batch.filter((p) => p.purpose === 'hub').length;
    if (batch.length > 0) log('debug', `Round ${round + 1}: ${batch.map((p) => `${p.purpose} ${p.url}`).join(', ')}`);
    await Promise.all(batch.map((p) => session.get(p.url, p.purpose)));
    if (round === 0) {
      await readSitemaps(session, new URL(entry.url).origin);
      await readFeeds(session);
    }
    analysis = analyse(state);
    const firstList = analysis.listStart;
    if (firstList && firstList !== entry.url && round === 0) await probeJsonEndpoints(session, firstList);
  }
  input.signal.throwIfAborted();
  const result = assemble(state, analysis, entry, fetcher);
  log('info', `Explored with ${fetcher.fetches} requests: ${result.detail ? `detail ${result.detail.template.pattern}` : 'no detail template'}, ${result.listPages.length} list pages, ${result.searchForms.length} search forms, ${result.jsonEndpoints.length} JSON endpoints`);
  return result;
}

function checkedUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (err) {
    rethrowUnless(err, 'url');
    throw new QuarryError('bad_request', `"${raw}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new QuarryError('bad_request', 'Only http and https addresses can be explored.');
  url.hash = '';
  return url.href;
}

function createSession(state: ExploreState, fetcher: SiteFetcher, log: ExploreSession['log']): ExploreSession {
  const signal = fetcher.signal;
  return {
    state,
    fetcher,
    log,
    async get(url, purpose, headers) {
      if (state.requested.has(url)) return state.pageFor(url) ?? null;
      state.requested.set(url, null);
      try {
        const res = await fetcher.fetch({ url, headers, ignoreRobots: purpose === 'robots' }, purpose);
        if (res.status >= 400) {
          state.failures.push({ url, error: `HTTP ${res.status}` });
          return null;
        }
        const page: FetchedPage = { url: res.url, requestedUrl: url, status: res.status, contentType: res.contentType, text: res.text, purpose, kind: 'other' };
        if (!state.pages.has(res.url)) state.addPage(page);
        else state.requested.set(url, res.url);
        return state.pages.get(res.url) ?? null;
      } catch (err) {
        signal.throwIfAborted();
        if (err instanceof FetchRefused) {
          if (err.reason !== 'off_site') log('info', `Stopping: ${err.message}`);
          return null;
        }
        rethrowUnless(err, 'fetch');
        if (isSignOutSkip(err)) {
          log('info', `Skipping ${url}: a sign-out link (the build never ends its session)`);
          return null;
        }
        const message = messageOf(err);
        state.failures.push({ url, error: message });
        log('warn', `Could not fetch ${url}: ${message}`);
        return null;
      }
    },
  };
}

/** The entry page, or the error that makes exploring pointless (refused, unreachable, an error status). */
async function fetchEntry(session: ExploreSession, url: string): Promise<FetchedPage> {
  const { fetcher, state } = session;
  let res;
  try {
    res = await fetcher.fetch({ url }, 'entry');
  } catch (err) {
    fetcher.signal.throwIfAborted();
    if (isRobotsRefusal(err)) {
      throw new QuarryError('forbidden', `robots.txt of ${new URL(url).origin} does not allow fetching ${url}, and Quarry respects robots.txt: no API can be built from this address.`, {
        url,
        reason: 'robots_disallowed',
      });
    }
    if (err instanceof FetchRefused && err.reason === 'deadline') {
      throw new QuarryError('upstream_error', `The build's deadline passed before ${url} could be fetched.`, { url, upstream_status_code: null, reason: 'timeout' });
    }
    if (err instanceof FetchRefused) throw new QuarryError('bad_request', `The exploration could not start: ${err.message}.`, { url });
    throw err;
  }
  if (res.status >= 400) {
    throw new QuarryError('upstream_error', `The entry page ${url} answered HTTP ${res.status}.`, { url, upstream_status_code: res.status, reason: 'entry_status' });
  }
  fetcher.allowHost(new URL(res.url).host);
  const page: FetchedPage = { url: res.url, requestedUrl: url, status: res.status, contentType: res.contentType, text: res.text, purpose: 'entry', kind: 'other' };
  state.addPage(page);
  return page;
}
