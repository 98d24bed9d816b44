/** List-page induction: record regions, item selectors, fields, pagination, recipe steps. */
export { induceList, NoListFound, type InduceListOptions } from './induce.js';
export { inducePagination, paginationOptions, type InducedPagination } from './pagination.js';
export { findRecordRegions, recordLinks, type RecordRegion, type RegionOptions } from './regions.js';
export { listSteps, requestStep, type ListStepOptions } from './steps.js';
export { nameFromHints, fieldKey, typeHintOf } from './names.js';
export type { InducedField, InducedJsonList, InducedList, ListRequest, TypeHint } from './types.js';
