/**
 * The extraction evaluator: reads values from a fetched page as an Extraction describes.
 * Pure (no I/O). See evaluate.ts for the field rules and page-context.ts for what is parsed.
 */
export { evaluateExtraction, evaluateFieldOnPage, type ExtractContext } from './evaluate.js';
export { emptyRequiredFields } from './required.js';
export { createPageContext, PageContext, parseJsonLdText, type PageInput } from './page-context.js';
export { evaluateSource, type Match, type Scope, type SourceEnv } from './sources.js';
export { evaluatePath, parsePath } from './json-path.js';
export { withoutEntityParts } from './entity-parts.js';
export { shownOnlyStruck } from './struck-prices.js';
export { readPageLocale, parseLocaleTag, regionOfHost } from './page-locale.js';
export { jsonLdNodes, jsonLdObjects, jsonLdRoots, typeName, typesOf, type JsonObject } from './jsonld.js';
export { microdataElements, microdataValue } from './microdata.js';
export { labelValues, foldLabel, type LabelMatch } from './labels.js';
export { readTables } from './tables.js';
export { parseLiteral } from './js-literal.js';
export { collapseWhitespace, decodeEntities, fold, INVISIBLE_TAGS, isHeaderLine } from './text.js';
export {
  applyTransforms,
  isEmpty,
  parseNumber,
  parseInteger,
  currencyAmount,
  currencyCode,
  readCurrency,
  withSiteCurrency,
  CURRENCY_SIGNS,
  type CurrencyReading,
  isoDate,
  parseDate,
  durationMinutes,
  schemaEnum,
  stripLabel,
  type TransformEnv,
} from './transforms/index.js';
