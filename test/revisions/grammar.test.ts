/**
 * The grammar of revision requests (docs/revisions.md), sentence by sentence, resolved against
 * a recipe with a detail endpoint, a paginated list and a search.
 */
import { describe, expect, it } from 'vitest';
import { classifyRevision, parseRevision } from '../../src/builder/revise/index.js';
import { splitClauses } from '../../src/builder/revise/clauses.js';
import type { EndpointRecipe, Recipe } from '../../src/recipe/types.js';

function endpoint(name: string, fields: string[], props: Record<string, unknown>, list: boolean): EndpointRecipe {
  const spec = Object.fromEntries(fields.map((f) => [f, { sources: [{ css: `.${f}` }] }]));
  return {
    name,
    method: 'GET',
    description: name,
    input_params: { type: 'object', properties: props },
    return_schema: { type: 'object' },
    sample_inputs: {},
    steps: list
      ? [
          { type: 'paginate', strategy: { kind: 'next_link', selector: 'a.next' }, max_pages: 5, steps: [{ type: 'request', url: '/x' }, { type: 'extract', extract: { kind: 'list', items: 'li', fields: spec } }] },
          { type: 'shape', limit: '{limit}' },
        ]
      : [{ type: 'request', url: '/x/{id}' }, { type: 'extract', extract: { kind: 'object', fields: spec } }],
  };
}

const recipe: Recipe = {
  format: 'quarry.recipe/1',
  name: 'Shop',
  description: '',
  source_url: 'http://shop.test/',
  endpoints: [
    endpoint('get_item', ['title', 'price', 'isbn13', 'author'], { id: { type: 'string' } }, false),
    endpoint('list_items', ['url', 'title', 'price', 'rating', 'image'], { limit: { type: 'integer', default: 20, maximum: 200 } }, true),
    { ...endpoint('search_items', ['url', 'title', 'price'], { query: { type: 'string' } }, true), steps: [{ type: 'request', url: '/search', query: { q: '{query}' } }, { type: 'extract', extract: { kind: 'list', items: 'li', fields: { url: { sources: [{ css: 'a' }] }, title: { sources: [{ css: 'a' }] }, price: { sources: [{ css: '.p' }] } } } }] },
  ],
};

const intents = (sentence: string) => {
  const c = classifyRevision(sentence, recipe);
  if (!c.ok) throw new Error(`${sentence}: ${JSON.stringify(c.problems)}`);
  return { type: c.plan.type, intents: c.plan.intents.map(({ clause: _c, ...i }) => i) };
};

describe('revision grammar', () => {
  it.each([
    ['rename get_item to get_book', 'modify', [{ op: 'rename_endpoint', endpoint: 'get_item', to: 'get_book' }]],
    ['call get_item get_book', 'modify', [{ op: 'rename_endpoint', endpoint: 'get_item', to: 'get_book' }]],
    ['rename the title field to name', 'modify', [{ op: 'rename_field', field: 'title', to: 'name', endpoints: ['get_item', 'list_items', 'search_items'] }]],
    ['title should be called book title', 'modify', [{ op: 'rename_field', field: 'title', to: 'book_title', endpoints: ['get_item', 'list_items', 'search_items'] }]],
    ['call the id parameter book_id', 'modify', [{ op: 'rename_param', param: 'id', to: 'book_id', endpoints: ['get_item'] }]],
    ['make limit default to 50', 'modify', [{ op: 'set_param_default', param: 'limit', value: 50, endpoints: ['list_items'] }]],
    ['set the default limit to 10', 'modify', [{ op: 'set_param_default', param: 'limit', value: 10, endpoints: ['list_items'] }]],
    ['the page size should default to 10', 'modify', [{ op: 'set_param_default', param: 'limit', value: 10, endpoints: ['list_items'] }]],
    ['allow limit up to 500', 'modify', [{ op: 'set_param_maximum', param: 'limit', value: 500, endpoints: ['list_items'] }]],
    ['add a page_size parameter', 'modify', [{ op: 'add_param', param: 'page_size', role: 'limit', endpoints: ['list_items', 'search_items'] }]],
    ['add a limit parameter to search_items defaulting to 5', 'modify', [{ op: 'add_param', param: 'limit', role: 'limit', value: 5, endpoints: ['search_items'] }]],
    ['add a page parameter to list_items', 'modify', [{ op: 'add_param', param: 'page', role: 'page', endpoints: ['list_items'] }]],
    ['make price a number', 'modify', [{ op: 'retype_field', field: 'price', type: 'number', endpoints: ['get_item', 'list_items', 'search_items'] }]],
    ['rating should be an integer', 'modify', [{ op: 'retype_field', field: 'rating', type: 'integer', endpoints: ['list_items'] }]],
    ['describe get_item as "One item. By id."', 'modify', [{ op: 'describe_endpoint', endpoint: 'get_item', description: 'One item. By id.' }]],
    ['remove the rating field from list_items', 'modify', [{ op: 'remove_fields', fields: ['rating'], endpoints: ['list_items'] }]],
    ['delete the search endpoint', 'modify', [{ op: 'remove_endpoint', endpoint: 'search_items' }]],
    ['also return the publisher', 'extend', [{ op: 'add_fields', fields: ['publisher'], endpoints: [] }]],
    ['add the publisher field to get_item', 'extend', [{ op: 'add_fields', fields: ['publisher'], endpoints: ['get_item'] }]],
    ['I also want the ISBN and the publisher', 'extend', [{ op: 'add_fields', fields: ['isbn13', 'publisher'], endpoints: [] }]],
    ['the price is empty on sale items', 'fix', [{ op: 'fix', endpoints: ['get_item', 'list_items', 'search_items'], fields: ['price'], symptom: 'empty on sale items' }]],
    ["get_item doesn't work", 'fix', [{ op: 'fix', endpoints: ['get_item'], fields: [], symptom: "doesn't work" }]],
    ['fix it', 'fix', [{ op: 'fix', endpoints: [], fields: [], symptom: 'fix it' }]],
    ['the site changed', 'fix', [{ op: 'fix', endpoints: [], fields: [], symptom: 'the site changed' }]],
    ['page 2 is empty', 'fix', [{ op: 'fix', endpoints: ['list_items'], fields: [], symptom: 'empty', pagination: true }]],
    ['only the first page comes back', 'fix', [{ op: 'fix', endpoints: ['list_items'], fields: [], symptom: 'only the first page', pagination: true }]],
    ['search returns nothing', 'fix', [{ op: 'fix', endpoints: ['search_items'], fields: [], symptom: 'nothing' }]],
    ['also return the cost', 'fix', [{ op: 'fix', endpoints: [], fields: ['price'], symptom: 'asked for again' }]],
  ])('%s', (sentence, type, expected) => {
    expect(intents(sentence)).toEqual({ type, intents: expected });
  });

  it('reads several requests in one sentence, and names the type from the strongest', () => {
    const r = intents('Please rename get_item to get_book and add a page_size parameter, then also return the publisher. Thanks!');
    expect(r.type).toBe('extend');
    expect(r.intents.map((i) => i.op)).toEqual(['rename_endpoint', 'add_param', 'add_fields']);
    expect(intents('the author is missing and rename list_items to all_items').type).toBe('fix');
  });

  it('keeps a list of fields whole and quoted text uncut', () => {
    expect(splitClauses('also return the author and the ISBN')).toEqual(['also return the author and the ISBN']);
    expect(splitClauses('describe get_item as "One. Two; three" and fix it')).toEqual(['describe get_item as "One. Two; three"', 'fix it']);
  });

  it('adds an endpoint of a kind the API lacks, over its own records', () => {
    const detailOnly: Recipe = { ...recipe, endpoints: [{ ...recipe.endpoints[0], name: 'get_book' }] };
    const c = classifyRevision('add an endpoint listing the books', detailOnly);
    expect(c.ok && c.plan.intents.map(({ clause: _c, ...i }) => i)).toEqual([{ op: 'add_endpoint', kind: 'list', noun: 'book' }]);
    const other = classifyRevision('add an endpoint listing the authors', detailOnly);
    expect(!other.ok && other.problems[0].reason).toMatch(/about book records; an endpoint over authors needs a new build/);
  });

  it('turns "X is missing" into an addition when the API does not return X', () => {
    expect(intents('the publisher is missing').intents).toEqual([{ op: 'add_fields', fields: ['publisher'], endpoints: [] }]);
    expect(intents('the author and the publisher are missing').intents).toEqual([
      { op: 'fix', endpoints: ['get_item'], fields: ['author'], symptom: 'missing' },
      { op: 'add_fields', fields: ['publisher'], endpoints: [] },
    ]);
  });

  it.each([
    ['frobnicate the gizmo', /not understood/],
    ['rename get_movie to fetch_movie', /no endpoint, field or parameter named "get_movie"/],
    ['rename get_item to list_items', /already has an endpoint named list_items/],
    ['add a search endpoint', /already has a search endpoint \(search_items\)/],
    ['add an endpoint listing the authors', /about item records|already has a list endpoint/],
    ['add a color parameter', /limit-style parameter .* or a page parameter/],
    ['make weight a number', /no field named "weight"/],
    ['also return the author in get_movie', /no endpoint "get_movie"/],
    ['remove get_item, list_items and search_items', /at least one endpoint/],
    ['the gizmo is wrong', /neither an endpoint nor a field/],
    ['', /empty/],
  ])('refuses %j', (sentence, reason) => {
    const c = classifyRevision(sentence, recipe);
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.problems.map((p) => p.reason).join(' ')).toMatch(reason);
  });

  it('names precisely the part of a clause it could not read', () => {
    const parsed = parseRevision('rename get_item to get_book and frobnicate the gizmo');
    expect(parsed.map((p) => [p.clause, p.intent?.op ?? null])).toEqual([
      ['rename get_item to get_book', 'rename'],
      ['frobnicate the gizmo', null],
    ]);
  });
});
