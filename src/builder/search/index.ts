/** Search endpoints from GET search forms: parameters, probe queries, results list. */
export { induceSearch, searchRequest, type InduceSearchInput, type InducedSearch, type SearchParam, type SearchProbe } from './induce.js';
export { searchSteps } from './steps.js';
