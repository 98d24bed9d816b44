/** Small recipes for tests: one endpoint over a fixture site. */
import type { EndpointRecipe, JsonSchema, Recipe, Step } from '../../../src/recipe/types.js';

export function oneEndpoint(
  sourceUrl: string,
  steps: Step[],
  options: { params?: JsonSchema; method?: 'GET' | 'POST'; sample?: Record<string, unknown>; name?: string } = {},
): Recipe {
  const endpoint: EndpointRecipe = {
    name: options.name ?? 'run',
    method: options.method ?? 'POST',
    description: 'test endpoint',
    input_params: options.params ?? { type: 'object', properties: {} },
    return_schema: { type: 'object' },
    sample_inputs: options.sample ?? {},
    steps,
  };
  return { format: 'quarry.recipe/1', name: 'Test', description: 'test', source_url: `${sourceUrl}/`, endpoints: [endpoint] };
}

/** The list extraction of the books site's HTML list and search pages. */
export const bookListExtract: Step = {
  type: 'extract',
  extract: {
    kind: 'list',
    items: 'article.book',
    fields: {
      title: { sources: [{ css: 'a.title', attr: 'title' }], required: true },
      url: { sources: [{ css: 'a.title', attr: 'href' }], transforms: [{ op: 'absolute_url' }] },
    },
  },
};

/** The list extraction of the books site's JSON API at a path. */
export const apiListExtract = (path: string): Step => ({
  type: 'extract',
  extract: {
    kind: 'json_list',
    path,
    fields: { id: { sources: [{ json: 'id' }], required: true }, title: { sources: [{ json: 'title' }] } },
  },
});
