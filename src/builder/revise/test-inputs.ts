/**
 * The inputs an existing endpoint is tested on: its sample, then fresh ones. For a detail
 * endpoint, the parameters that make the URLs the site links to today (from a fresh
 * exploration), or the examples its parameter schema carries; for a page-numbered list, page 2.
 */
import type { EndpointRecipe } from '../../recipe/types.js';
import type { Exploration } from '../explore/types.js';
import type { EndpointCase } from '../test-endpoints.js';
import { endpointKind, firstRequest, paramNames, paramSchemaOf } from './anatomy.js';
import { paramsFromUrl } from './url-params.js';

/** At most this many test inputs per endpoint: the sample and fresh ones. */
const MAX_CASES = 5;

export function testInputsOf(ep: EndpointRecipe, sourceUrl: string, exploration: Exploration | null = null): EndpointCase[] {
  const cases: EndpointCase[] = [{ params: ep.sample_inputs, heldOut: false }];
  const seen = new Set([JSON.stringify(ep.sample_inputs)]);
  const add = (params: Record<string, unknown>) => {
    const key = JSON.stringify(params);
    if (seen.has(key) || cases.length >= MAX_CASES) return;
    seen.add(key);
    cases.push({ params, heldOut: true });
  };
  if (endpointKind(ep) === 'detail') {
    const template = firstRequest(ep)?.url;
    const urls = exploration ? [...(exploration.detail?.urls ?? []), ...Object.keys(exploration.pages)] : [];
    if (template) {
      for (const url of urls) {
        const params = paramsFromUrl(template, url, sourceUrl, ep);
        if (params) add({ ...ep.sample_inputs, ...params });
      }
    }
    // Examples the build wrote into the parameter's schema.
    const names = paramNames(ep);
    const examples = names.length === 1 ? (paramSchemaOf(ep, names[0])?.examples as unknown[] | undefined) : undefined;
    for (const e of examples ?? []) add({ [names[0]]: e });
  } else if (paramNames(ep).includes('page')) {
    add({ ...ep.sample_inputs, page: 2 });
  }
  return cases;
}
