/**
 * Which pages to fetch next, in priority order: the next page of the list chain (so induction
 * gets several list pages, one of which the tests keep unseen), samples of the detail
 * candidates (to verify them and to train detail induction), and "hub" pages (breadcrumbs,
 * catalogue/category links) when no list page is known yet, e.g. when the entry page is itself
 * a detail page.
 */
import { fold } from '../../recipe/extract/index.js';
import { MAX_LIST_PAGES, type Analysis } from './analyse.js';
import type { ExploreState } from './state.js';
import type { FetchPurpose } from './types.js';

export interface PlanSettings {
  /** Samples of the best detail candidate. */
  detailSamples: number;
  /** Samples of the other candidates (enough to compare them). */
  otherSamples: number;
  maxCandidates: number;
  maxHubs: number;
}

export const DEFAULT_PLAN: PlanSettings = { detailSamples: 5, otherSamples: 2, maxCandidates: 3, maxHubs: 4 };

export interface PlannedFetch {
  url: string;
  purpose: FetchPurpose;
}

const LISTISH = new RegExp(
  '\\b(?:all|shop|store|catalog(?:ue)?|products?|browse|categor(?:y|ies)|collections?|blog|news|articles|posts|recipes|stories|archive|listings?|jobs|events|books|items|results|library|index' +
    '|productos|produtos|produits|produkte|prodotti|producten|artikel|catalogo|tienda|boutique|winkel|categorias?|categorie|kategorien?|noticias|nieuws|nachrichten|recetas|rezepte|recettes|ricette|todos|alle|tous)\\b',
);

export function planFetches(state: ExploreState, analysis: Analysis, hubsFetched: number, settings: PlanSettings = DEFAULT_PLAN): PlannedFetch[] {
  const out: PlannedFetch[] = [];
  const want = (url: string | null | undefined, purpose: FetchPurpose) => {
    if (!url || state.requested.has(url) || state.pages.has(url) || out.some((p) => p.url === url)) return;
    out.push({ url, purpose });
  };
  const entry = [...state.pages.values()].find((p) => p.purpose === 'entry');
  // 1. The list chain's next page (or the entry page's next page while no list is known).
  const chain = analysis.listChain;
  if (chain.length > 0 && chain.length < MAX_LIST_PAGES) want(state.paging.get(chain[chain.length - 1])?.next, 'list');
  if (chain.length === 0 && entry) want(state.paging.get(entry.url)?.next, 'list');
  // 2. Detail samples, most promising candidate first.
  analysis.candidates.slice(0, settings.maxCandidates).forEach((g, i) => {
    const quota = g === analysis.detail || (i === 0 && !analysis.detail) ? settings.detailSamples : settings.otherSamples;
    const tried = g.urls.filter((u) => state.requested.has(u)).length;
    for (const url of g.urls.slice(0, 50)) {
      if (tried + out.filter((p) => g.members.has(p.url)).length >= quota) break;
      if (url !== entry?.url) want(url, 'detail');
    }
  });
  // 3. Hubs, when no list of records is known yet.
  // A chain stuck at one page (its next link leads nowhere) may have a better start elsewhere.
  const lastNext = chain.length > 0 ? state.paging.get(chain[chain.length - 1])?.next : undefined;
  const stuck = chain.length === 1 && lastNext !== undefined && lastNext !== null && state.requested.has(lastNext) && !state.pageFor(lastNext);
  const entryIsDetail = entry !== undefined && analysis.detail?.members.has(entry.url) === true;
  if ((chain.length === 0 || stuck || entryIsDetail) && hubsFetched < settings.maxHubs) {
    for (const url of hubCandidates(state, analysis).slice(0, Math.min(2, settings.maxHubs - hubsFetched))) want(url, 'hub');
  }
  return out;
}

/** Breadcrumb links (nearest first), then links whose words announce a list. */
function hubCandidates(state: ExploreState, analysis: Analysis): string[] {
  const out: string[] = [];
  const pages = state.htmlPages();
  for (const page of pages) {
    const links = state.links.get(page.url) ?? [];
    const crumbs = links.filter((l) => l.breadcrumb).reverse();
    const listish = links.filter((l) => !l.breadcrumb && LISTISH.test(fold(`${l.text} ${new URL(l.url).pathname.replace(/[-_/]/g, ' ')}`)));
    // Content links of the page (outside its chrome) as a last resort.
    const content = links.filter((l) => !l.chrome && !l.breadcrumb);
    for (const link of [...crumbs, ...listish, ...content]) {
      if (analysis.detail?.members.has(link.url) || analysis.groupOf(link.url)?.kind === 'pagination') continue;
      if (link.url === page.url || state.requested.has(link.url) || out.includes(link.url)) continue;
      out.push(link.url);
    }
  }
  return out;
}
