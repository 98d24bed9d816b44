/**
 * Bounds of the search inputs (service-interface.md, Limits; decisions.md, Marketplace parameters).
 * The routes check them too; the engine checks again so no caller can ask it for 10^6 rows.
 */
import { QuarryError } from '../../errors/index.js';
import { CATEGORIES, type BrowseSort, type SearchApisQuery, type SearchEndpointsQuery } from './types.js';

const SORTS: readonly BrowseSort[] = ['top', 'recent', 'name'];
export const MAX_ENDPOINT_QUERY_CHARS = 120;

function integerIn(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new QuarryError('bad_request', `${name} must be an integer from ${min} to ${max}`);
  }
}

/** Upper-case ISO-2 code, or null when absent. */
export function normaliseCountry(country: string | null | undefined): string | null {
  if (country === undefined || country === null || country === '') return null;
  if (!/^[A-Za-z]{2}$/.test(country)) throw new QuarryError('bad_request', 'country must be an ISO-2 code such as DE');
  return country.toUpperCase();
}

export function checkApisQuery(query: SearchApisQuery): void {
  integerIn('limit', query.limit, 1, 200);
  integerIn('offset', query.offset, 0, Number.MAX_SAFE_INTEGER);
  if (query.sort !== undefined && !SORTS.includes(query.sort)) {
    throw new QuarryError('bad_request', `sort must be one of ${SORTS.join(', ')}`);
  }
  if (query.category && !(CATEGORIES as readonly string[]).includes(query.category)) {
    throw new QuarryError('bad_request', `category must be one of ${CATEGORIES.join(', ')}`);
  }
}

export function checkEndpointsQuery(query: SearchEndpointsQuery): void {
  const q = query.q.trim();
  if (q.length < 1 || q.length > MAX_ENDPOINT_QUERY_CHARS) {
    throw new QuarryError('bad_request', `q must be 1 to ${MAX_ENDPOINT_QUERY_CHARS} characters`);
  }
  integerIn('limit_apis', query.limitApis, 1, 20);
  integerIn('limit_endpoints', query.limitEndpoints, 1, 40);
}
