/** Recipes for the extraction tests' validation cases: one endpoint, one request, one extract step. */
import type { Extraction, Recipe } from '../../src/recipe/index.js';

/** A one-endpoint recipe around an extraction. */
export function recipeWithExtraction(extract: Extraction): Recipe {
  return {
    format: 'quarry.recipe/1',
    name: 'T',
    description: 'test',
    source_url: 'https://x.example/',
    endpoints: [
      {
        name: 'get_item',
        method: 'GET',
        description: 'item',
        input_params: { type: 'object', properties: {} },
        return_schema: { type: 'object' },
        sample_inputs: {},
        steps: [{ type: 'request', url: '/' }, { type: 'extract', extract }],
      },
    ],
  } as Recipe;
}
