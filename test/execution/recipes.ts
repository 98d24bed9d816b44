/** Hand-written recipes for the execution tests (the builder emits the same format). */
import { RECIPE_FORMAT, type Recipe } from '../../src/recipe/types.js';

export function booksRecipe(base: string): Recipe {
  return {
    format: RECIPE_FORMAT,
    name: 'Books to Scrape',
    description: 'A fictional bookstore',
    source_url: `${base}/`,
    endpoints: [
      {
        name: 'list_books',
        method: 'POST',
        description: 'List books of the catalogue',
        input_params: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 50, default: 1 },
            max_pages: { type: 'integer', minimum: 1, maximum: 5, default: 1 },
          },
        },
        return_schema: { type: 'object' },
        sample_inputs: { page: 1 },
        steps: [
          { type: 'request', url: '/catalogue/page-{page}.html' },
          {
            type: 'extract',
            extract: {
              kind: 'list',
              items: 'article.product_pod',
              fields: {
                title: { sources: [{ css: 'h3 a', attr: 'title' }], required: true },
                price: { sources: [{ css: '.price_color' }], transforms: [{ op: 'currency_amount' }] },
                url: { sources: [{ css: 'h3 a', attr: 'href' }], transforms: [{ op: 'absolute_url' }] },
              },
            },
          },
        ],
      },
      {
        name: 'get_book',
        method: 'GET',
        description: 'One book by its path',
        input_params: {
          type: 'object',
          properties: { path: { type: 'string', pattern: '^/catalogue/', minLength: 2 } },
          required: ['path'],
        },
        return_schema: { type: 'object' },
        sample_inputs: { path: '/catalogue/sapiens_1004/index.html' },
        steps: [
          { type: 'request', url: '{+path}' },
          {
            type: 'extract',
            extract: {
              kind: 'object',
              fields: {
                title: { sources: [{ css: 'h1' }], required: true },
                upc: { sources: [{ label: 'UPC' }] },
              },
            },
          },
        ],
      },
      {
        name: 'fetch_path',
        method: 'POST',
        description: 'Any page of the site (fault tests)',
        price: 2,
        input_params: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        return_schema: { type: 'object' },
        sample_inputs: { path: '/index.html' },
        steps: [
          { type: 'request', url: '{+path}' },
          { type: 'extract', extract: { kind: 'object', fields: { heading: { sources: [{ css: 'h1' }], required: true } } } },
        ],
      },
    ],
  };
}
