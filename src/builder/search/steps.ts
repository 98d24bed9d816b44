/** Recipe steps for an induced search: the form request (query templates) and the results extraction. */
import type { Step } from '../../recipe/types.js';
import { listSteps } from '../list/steps.js';
import type { InducedSearch } from './induce.js';

export function searchSteps(search: Extract<InducedSearch, { ok: true }>, options: { maxPages?: number } = {}): Step[] {
  return listSteps({ ...search.list, request: search.request, pagination: search.pagination }, { maxPages: options.maxPages ?? 1 });
}
