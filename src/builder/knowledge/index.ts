/** Field knowledge: concepts, synonyms, multilingual labels, schema.org mappings, value phrases. */
export type { Concept, ConceptId, OwnConceptId, SchemaPath, Shape } from './types.js';
export { CONCEPT_IDS } from './types.js';
export { CONCEPTS, conceptById, resolveField, nameTokens, shapeFromName, type ResolvedField } from './resolve.js';
export { AVAILABILITY_PHRASES, CONDITION_PHRASES } from './availability.js';
export { NET_PRICE_PHRASES } from './commerce.js';
export { KIND_WORDS } from './food.js';
export { recordKey } from './records.js';
