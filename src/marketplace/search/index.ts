/**
 * Marketplace search engine: the public face of this folder. See docs/search.md.
 */
export { createSearchIndex, type SearchIndex, type SearchIndexOptions, type SearchIndexStats } from './search-index.js';
export { createConceptEmbedder, type ConceptEmbedderOptions } from './concept-embedder.js';
export { createHttpEmbedder, type HttpEmbedder, type HttpEmbedderConfig, type HttpEmbedderOptions } from './http-embedder.js';
export { inferCategories, type CategoryHints, type InferredCategories } from './categories.js';
export { inferCountry, type CountrySignals } from './country.js';
export { DEFAULT_FUSION, type FusionMethod, type FusionSettings } from './fusion.js';
export { terms as searchTerms } from './tokenize.js';
export * from './types.js';

import type { Config } from '../../config/index.js';
import { createConceptEmbedder as conceptEmbedder } from './concept-embedder.js';
import { createHttpEmbedder as httpEmbedder } from './http-embedder.js';
import type { Embedder } from './types.js';

/** The embedder the configuration asks for: the configured endpoint, else the offline concept embedder. */
export function embedderFromConfig(config: Pick<Config, 'embeddings'>): Embedder {
  return config.embeddings ? httpEmbedder(config.embeddings) : conceptEmbedder();
}
