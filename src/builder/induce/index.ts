/** Induction of extractions from training pages (pure: pages in, Extraction out). */
export { induceDetailExtraction, chooseSources } from './detail.js';
export { inferSchemaType } from './types-infer.js';
export { mainEntityTypes } from './structured.js';
export { fitValue, shapeTransforms, isbn13Valid, isbn10Valid, gtinValid } from './shapes.js';
export type { InduceInput, InduceResult, InduceFieldRequest, FieldReport, Candidate } from './types.js';
