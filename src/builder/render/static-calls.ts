/**
 * JSON calls found without a browser: the endpoints exploration read in the pages' scripts (and
 * probed), and Next.js data routes (`/_next/data/<buildId>/<path>.json`, announced by the
 * page's `__NEXT_DATA__`), which answer the same props as the page as plain JSON.
 */
import type { Fetcher } from '../../fetch/types.js';
import type { Exploration } from '../explore/types.js';
import { type ApiCall, parseJson, recordCount, replay } from '../jsonapi/calls.js';

export function scriptCalls(exploration: Exploration): ApiCall[] {
  const out: ApiCall[] = [];
  for (const ep of exploration.jsonEndpoints) {
    const key = ep.probe?.page;
    const page = key ? exploration.pages[key] : undefined;
    const response = page ? parseJson(page.text) : undefined;
    if (!page || response === undefined) continue;
    out.push({ method: 'GET', url: page.url, headers: {}, body: null, response, via: 'script' });
  }
  return out;
}

/** The Next.js data route of the entry page, when its `__NEXT_DATA__` names a build and it answers records. */
export async function nextDataCall(exploration: Exploration, fetcher: Fetcher, signal: AbortSignal): Promise<ApiCall | null> {
  const m = /<script[^>]+id=["']__NEXT_DATA__["'][^>]*>([\s\S]*?)<\/script>/i.exec(exploration.entry.text);
  const data = m ? (parseJson(m[1]) as { buildId?: unknown; page?: unknown } | undefined) : undefined;
  if (!data || typeof data.buildId !== 'string' || !/^[\w.-]+$/.test(data.buildId)) return null;
  const entry = new URL(exploration.entry.finalUrl);
  const path = entry.pathname === '/' ? '/index' : entry.pathname.replace(/\/+$/, '');
  const url = new URL(`/_next/data/${data.buildId}${path}.json${entry.search}`, entry.origin).href;
  const response = await replay(fetcher, { method: 'GET', url, body: null }, {}, signal);
  if (response === null || recordCount(response) === 0) return null;
  return { method: 'GET', url, headers: {}, body: null, response, via: 'data_route' };
}
