/**
 * A framework's data in the page it serves (Nuxt 2 `__NUXT__`, Nuxt 3 `__NUXT_DATA__`, React
 * Server Components flight rows, Next.js `__NEXT_DATA__`) as calls the JSON-API planner can use:
 * the page's URL is the call, the blob holding its records the answer. It replays without a
 * browser (the server writes it into the HTML), so it is preferred over rendering, and over the
 * page's markup when the markup shows fewer of the wanted fields (a card that shows a title while
 * the price waits for hydration).
 */
import type { Fetcher } from '../../fetch/types.js';
import { createPageContext } from '../../recipe/extract/index.js';
import type { Exploration } from '../explore/types.js';
import type { EndpointPlan } from '../list-endpoints.js';
import { type ApiCall, embeddedRecords } from '../jsonapi/calls.js';
import { planApiEndpoints, type ApiPlanInput } from '../jsonapi/plan.js';

/** Framework data kinds, most specific first (page-context.ts reads each). */
export const FRAMEWORK_KINDS = ['nuxt', 'nuxt_data', 'rsc', 'next_data'] as const;

/**
 * The query parameter the page's own "next"/"load more" link pages with: a link to the same path
 * whose only new or changed parameter holds the next number (`/kurse?seite=2` on `/kurse`).
 */
export function nextPageKey(html: string, pageUrl: string): string | undefined {
  const here = new URL(pageUrl);
  const current = (k: string) => Number(here.searchParams.get(k) ?? '1') || 1;
  for (const m of html.matchAll(/<a\b[^>]*\bhref\s*=\s*["']([^"'#]+)["']/gi)) {
    let url: URL;
    try {
      url = new URL(m[1].replace(/&amp;/g, '&'), pageUrl);
    } catch {
      continue;
    }
    if (url.origin !== here.origin || url.pathname !== here.pathname) continue;
    const changed = [...url.searchParams].filter(([k, v]) => here.searchParams.get(k) !== v);
    if (changed.length === 1 && /^\d+$/.test(changed[0][1]) && Number(changed[0][1]) === current(changed[0][0]) + 1) return changed[0][0];
  }
  return undefined;
}

/** The entry page's framework data that holds records, one call per kind. */
export function frameworkCalls(exploration: Exploration): ApiCall[] {
  const { entry } = exploration;
  if (!/html/i.test(entry.contentType)) return [];
  const page = createPageContext({ url: entry.finalUrl, contentType: entry.contentType, text: entry.text });
  const pageKey = nextPageKey(entry.text, entry.finalUrl);
  const out: ApiCall[] = [];
  for (const kind of FRAMEWORK_KINDS) {
    const response = embeddedRecords(page, kind);
    if (response === null) continue;
    out.push({ method: 'GET', url: entry.finalUrl, headers: {}, body: null, response, via: 'embedded', embedded: kind, ...(pageKey ? { pageKey } : {}) });
  }
  return out;
}

/** How many of the wanted keys a plan's records carry (all of its fields when none were named). */
function coverage(plan: EndpointPlan, wanted: string[]): number {
  // A JSON record's nested value is named by its path (`price_amount` for price.amount).
  return wanted.length ? wanted.filter((w) => plan.fields.some((f) => f === w || f.startsWith(`${w}_`))).length : plan.fields.length;
}

const pages = (plan: EndpointPlan) => 'page' in ((plan.endpoint.input_params.properties as Record<string, unknown> | undefined) ?? {});

/**
 * On a page drawn by the server that also carries its framework's data: when that data's list
 * carries more of the wanted fields than the list read from the markup (or as many, and pages
 * where the markup's does not), its list endpoint replaces the markup's. Answers what it did.
 */
export async function preferFrameworkList(
  plans: EndpointPlan[],
  input: { exploration: Exploration; fetcher: Fetcher; signal: AbortSignal; wantedKeys: string[]; log: (message: string) => void } & Pick<ApiPlanInput, 'names' | 'noun' | 'wantKind'>,
): Promise<boolean> {
  const calls = frameworkCalls(input.exploration);
  if (calls.length === 0) return false;
  const framework = await planApiEndpoints({
    calls,
    fetcher: input.fetcher,
    signal: input.signal,
    entryUrl: input.exploration.entry.finalUrl,
    entryHtml: input.exploration.entry.text,
    names: input.names,
    noun: input.noun,
    wantedKeys: input.wantedKeys,
    wantKind: (k) => k === 'list' && input.wantKind('list'),
    scriptUrls: [],
    log: input.log,
  });
  const list = framework.find((p) => p.isList);
  if (!list) return false;
  const index = plans.findIndex((p) => p.isList && !('query' in ((p.endpoint.input_params.properties as object | undefined) ?? {})));
  const markup = index >= 0 ? plans[index] : undefined;
  const better = !markup
    || coverage(list, input.wantedKeys) > coverage(markup, input.wantedKeys)
    || (coverage(list, input.wantedKeys) === coverage(markup, input.wantedKeys) && pages(list) && !pages(markup));
  if (!better) return false;
  input.log(`The page carries its records in ${list.endpoint.description.match(/\(([^)]*)\)/)?.[1] ?? 'its framework data'}: listing from there (${list.fields.slice(0, 6).join(', ')})`);
  if (index >= 0) plans.splice(index, 1, list);
  else plans.push(list);
  return true;
}
