/**
 * Repairing a list's walk by "next" links when the site redesigned its pager ("Next page"
 * became a "Load more" button link, a rel=next disappeared): the links of the list's first page
 * that look like paging (their words, classes or rel) and lead elsewhere on the site give
 * selectors; each is tried as the walk's selector, and the one reaching the most records wins.
 * The explorer's own pagination finding is tried first (fix.ts replans); this is the fallback.
 */
import type { EndpointRecipe, Recipe } from '../../recipe/types.js';
import { createPageContext } from '../../recipe/extract/index.js';
import type { EndpointCase, EndpointVerdict } from '../test-endpoints.js';
import { firstRequest, paginateStep } from './anatomy.js';
import { clone } from './edit.js';
import { urlFor } from './url-params.js';
import type { Workspace } from './workspace.js';
import { rethrowUnless } from '../../errors/expected.js';

const PAGING_WORDS = /\b(next|more|load|older|later|continue|siguiente|suivant|weiter|volgende|avanti)\b|[›»→>]/i;
const PAGING_ATTRS = /next|more|pag|load|older/i;
const MAX_TRIES = 8;

const cssIdent = (s: string) => /^[A-Za-z_][\w-]*$/.test(s);

/** Selectors for the anchors of a page that look like links to its next page. */
export function nextLinkSelectors(html: string, pageUrl: string): string[] {
  const ctx = createPageContext({ url: pageUrl, contentType: 'text/html', text: html });
  const $ = ctx.$;
  const here = new URL(pageUrl);
  const out: string[] = [];
  $('a[href]').each((_i, el) => {
    const a = $(el);
    const text = a.text().trim();
    const cls = (a.attr('class') ?? '').split(/\s+/).filter(Boolean);
    const rel = a.attr('rel') ?? '';
    const id = a.attr('id') ?? '';
    const parentCls = (a.parent().attr('class') ?? '').split(/\s+/).filter(Boolean);
    if (!(PAGING_WORDS.test(text) || PAGING_ATTRS.test([...cls, rel, id, ...parentCls].join(' ')))) return;
    let target: URL;
    try {
      target = new URL(a.attr('href')!, pageUrl);
    } catch (err) {
      rethrowUnless(err, 'url');
      return;
    }
    if (target.host !== here.host || target.href.split('#')[0] === here.href.split('#')[0]) return;
    if (/\bnext\b/i.test(rel)) out.push('a[rel~="next"]');
    if (id && cssIdent(id)) out.push(`a#${id}`);
    for (const c of cls) if (cssIdent(c)) out.push(`a.${c}`);
    for (const c of parentCls) if (cssIdent(c)) out.push(`.${c} > a`);
  });
  // A selector must pick one link on the page, or the walk would not know which to follow.
  return [...new Set(out)].filter((s) => $(s).length === 1).slice(0, MAX_TRIES);
}

const recordCount = (v: EndpointVerdict) => v.outcomes.filter((o) => o.ok).reduce((n, o) => n + o.records.length, 0);

/** The endpoint with the next-link selector that reaches the most records, when one beats `before`. */
export async function repairNextLink(
  ws: Workspace,
  draft: Recipe,
  ep: EndpointRecipe,
  cases: EndpointCase[],
  before: EndpointVerdict,
): Promise<{ endpoint: EndpointRecipe; verdict: EndpointVerdict } | null> {
  const paginate = paginateStep(ep);
  const request = firstRequest(ep);
  if (!paginate || paginate.strategy.kind !== 'next_link' || !request) return null;
  const url = urlFor(request.url, ep.sample_inputs, ws.original.source_url);
  const page = url ? await ws.fetchPage(url) : null;
  if (!page) return null;
  let best: { endpoint: EndpointRecipe; verdict: EndpointVerdict; count: number } | null = null;
  for (const selector of nextLinkSelectors(page.text, page.url)) {
    if (selector === paginate.strategy.selector) continue;
    const candidate = clone(ep);
    const step = paginateStep(candidate)!;
    step.strategy = { kind: 'next_link', selector };
    const trial = { ...draft, endpoints: draft.endpoints.map((e) => (e.name === ep.name ? candidate : e)) };
    const verdict = await ws.test(trial, ep.name, cases);
    const count = recordCount(verdict);
    if (verdict.passed && count > recordCount(before) && (!best || count > best.count)) best = { endpoint: candidate, verdict, count };
  }
  if (best) ws.progress.log('info', `The list's next pages are reached through ${(paginateStep(best.endpoint)!.strategy as { selector: string }).selector} now`);
  return best ? { endpoint: best.endpoint, verdict: best.verdict } : null;
}
