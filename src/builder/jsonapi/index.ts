/** JSON API lists: record arrays in JSON bodies, their fields and their pagination. */
export { induceJsonList, type InduceJsonOptions } from './induce.js';
export { jsonPaging, nextJsonPageUrl, type JsonPaging, type JsonRequest } from './pagination.js';
export { findRecordArrays, commonKeys, type RecordArray } from './records.js';
