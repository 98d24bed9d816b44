/**
 * When exploration finds no group of detail pages (a small site, an index of one or two
 * links, or an entry page that is itself a record), the builder still needs its detail
 * template: the largest group of the entry page's own links, or the entry page alone.
 * A URL's digits and slugs already make a template (`/pages/{id}.htm`) from one example.
 */
import { createPageContext } from '../recipe/extract/index.js';
import type { Fetcher } from '../fetch/types.js';
import type { DetailTemplate, Exploration } from './explore/types.js';
import { groupUrls, sameSite, detailParameters } from './explore/index.js';
import { pageLinks } from './explore/links.js';
import { rethrowUnless } from '../errors/expected.js';

const MAX_SAMPLES = 5;

export async function fallbackDetail(
  exploration: Exploration,
  fetcher: Fetcher,
  signal: AbortSignal,
): Promise<DetailTemplate | null> {
  const entryUrl = exploration.entry.finalUrl;
  const host = new URL(entryUrl).host;
  const isOnSite = (u: string) => {
    try {
      return sameSite(host, new URL(u).host);
    } catch (err) {
      rethrowUnless(err, 'url');
      return false;
    }
  };
  const ctx = createPageContext({ url: entryUrl, contentType: exploration.entry.contentType, text: exploration.entry.text });
  // The entry page's own next and numbered pages are more of the list, not records.
  const paging = new Set([...(exploration.pagination?.pages ?? []), exploration.pagination?.nextUnfetched ?? '']);
  for (const g of exploration.groups) if (g.kind === 'pagination') for (const u of g.urls) paging.add(u);
  const links = pageLinks(ctx, isOnSite)
    .filter((l) => !l.chrome && l.url.split('#')[0] !== entryUrl && new URL(l.url).pathname !== '/' && !paging.has(l.url.split('#')[0]))
    .map((l) => l.url);
  const groups = groupUrls(links).filter((g) => g.template.variables.length > 0);
  const origin = new URL(entryUrl).origin;
  if (groups.length === 0) {
    // The entry page itself is the only record page we know.
    const [self] = groupUrls([entryUrl]);
    if (!self) return null;
    return {
      template: self.template,
      origin,
      urls: [entryUrl],
      sampleUrls: [entryUrl],
      parameters: detailParameters(self.template, origin, [entryUrl]),
      similarity: 1,
    };
  }
  const group = groups[0];
  const sampleUrls: string[] = [];
  for (const url of group.urls.slice(0, MAX_SAMPLES)) {
    signal.throwIfAborted();
    if (exploration.pages[url]) {
      sampleUrls.push(url);
      continue;
    }
    try {
      const page = await fetcher.fetch({ url, signal });
      if (page.status < 200 || page.status >= 300 || !/html/.test(page.contentType)) continue;
      exploration.pages[page.url] = { ...page, requestedUrl: url, purpose: 'detail', kind: 'detail' };
      sampleUrls.push(page.url);
    } catch (err) {
      if (signal.aborted) throw err;
      rethrowUnless(err, 'fetch'); // one unreachable sample: the others may do
    }
  }
  if (sampleUrls.length === 0) return null;
  return {
    template: group.template,
    origin,
    urls: group.urls,
    sampleUrls,
    parameters: detailParameters(group.template, origin, group.urls),
    similarity: 1,
  };
}
