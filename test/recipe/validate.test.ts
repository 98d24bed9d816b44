import { describe, expect, it } from 'vitest';
import { recipeHasScript, validateRecipe, type Recipe } from '../../src/recipe/index.js';
import { docsExampleRecipe } from './helpers/docs-example.js';

/** A deep copy of the docs example to break in one place. */
const example = () => structuredClone(docsExampleRecipe());

function errorsOf(doc: unknown) {
  const result = validateRecipe(doc);
  if (result.ok) throw new Error('expected the recipe to be refused');
  return result.errors;
}

describe('validateRecipe: schema errors point at the offending place', () => {
  it('refuses what is not a recipe', () => {
    expect(errorsOf(null)).toEqual([{ path: '', message: 'must be object' }]);
    expect(errorsOf({ ...example(), format: 'quarry.recipe/2' })).toContainEqual({ path: '/format', message: 'must be "quarry.recipe/1"' });
  });

  it('names a missing required field by its own path', () => {
    const doc = example();
    delete doc.endpoints[0].steps[0].steps[0].url;
    expect(errorsOf(doc)).toEqual([{ path: '/endpoints/0/steps/0/steps/0/url', message: 'is required' }]);
  });

  it('names a misspelt field', () => {
    const doc = example();
    doc.endpoints[1].steps[0].not_found_status = [404];
    expect(errorsOf(doc)).toEqual([{ path: '/endpoints/1/steps/0/not_found_status', message: 'is not a known field here' }]);
  });

  it('reports an unknown step type once, at its type', () => {
    const doc = example();
    doc.endpoints[1].steps[1] = { type: 'scrape', url: '/x' };
    expect(errorsOf(doc)).toEqual([
      {
        path: '/endpoints/1/steps/1/type',
        message: 'unknown type "scrape"; expected one of request, extract, follow, paginate, set, shape, render, login, script',
      },
    ]);
  });

  it('reports unknown sources, transforms, strategies and extraction kinds', () => {
    const doc = example();
    const fields = doc.endpoints[1].steps[1].extract.fields;
    fields.title.sources[0] = { xpath: '//h1' };
    fields.price.transforms[0] = { op: 'money' };
    doc.endpoints[0].steps[0].strategy = { kind: 'infinite_scroll' };
    doc.endpoints[2].steps[1].extract.kind = 'grid';
    const paths = errorsOf(doc).map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/endpoints/1/steps/1/extract/fields/title/sources/0',
        '/endpoints/1/steps/1/extract/fields/price/transforms/0/op',
        '/endpoints/0/steps/0/strategy/kind',
        '/endpoints/2/steps/1/extract/kind',
      ]),
    );
  });

  it('enforces names, caps and input_params of type object', () => {
    const doc = example();
    doc.endpoints[0].name = 'List-Books';
    doc.endpoints[0].steps[0].max_pages = 51;
    doc.endpoints[0].steps[2].concurrency = 17;
    doc.endpoints[1].input_params = { type: 'array' };
    expect(errorsOf(doc)).toEqual(
      expect.arrayContaining([
        { path: '/endpoints/0/name', message: 'must match pattern "^[a-z][a-z0-9_]{0,63}$"' },
        { path: '/endpoints/0/steps/0/max_pages', message: 'must be <= 50' },
        { path: '/endpoints/0/steps/2/concurrency', message: 'must be <= 16' },
        { path: '/endpoints/1/input_params/type', message: 'must be "object"' },
      ]),
    );
  });
});

describe('validateRecipe: checks beyond the schema', () => {
  it('refuses duplicate endpoint names', () => {
    const doc = example();
    doc.endpoints[2].name = 'get_book';
    expect(errorsOf(doc)).toEqual([{ path: '/endpoints/2/name', message: 'duplicates the name of /endpoints/1' }]);
  });

  it('requires depends_on_session to name a session endpoint', () => {
    const doc = example();
    doc.endpoints[1].depends_on_session = 'login';
    expect(errorsOf(doc)).toEqual([
      { path: '/endpoints/1/depends_on_session', message: 'names no endpoint with initiates_session: "login"' },
    ]);
    doc.endpoints[2].name = 'login';
    doc.endpoints[2].initiates_session = true;
    expect(validateRecipe(doc).ok).toBe(true);
  });

  it('refuses templates naming neither a parameter nor a var', () => {
    const doc = example();
    doc.endpoints[1].steps[0].url = '/books/{book_id}';
    doc.endpoints[1].steps[1].extract.fields.id.sources[0].template = '{nope.x}';
    doc.headers = { 'x-lang': '{lang}' };
    expect(errorsOf(doc)).toEqual(
      expect.arrayContaining([
        { path: '/endpoints/1/steps/0/url', message: 'template names "book_id", which is neither a parameter nor a var' },
        {
          path: '/endpoints/1/steps/1/extract/fields/id/sources/0/template',
          message: 'template names "nope", which is neither a parameter nor a var',
        },
        { path: '/headers/x-lang', message: 'template names "lang", which is neither a parameter nor a var' },
      ]),
    );
  });

  it('accepts templates naming vars defined by steps and built-ins', () => {
    const doc = example();
    doc.endpoints[1].steps.unshift({ type: 'set', vars: { path: '/books/{id}', home: '{+source_url}' } });
    doc.endpoints[1].steps[1].url = '{+path}';
    expect(validateRecipe(doc)).toMatchObject({ ok: true });
  });

  it('refuses a var that reuses a parameter name, and unknown from/items vars', () => {
    const doc = example();
    doc.endpoints[1].steps.unshift({ type: 'set', vars: { id: 3 } });
    doc.endpoints[2].steps[1].from = 'listing';
    doc.endpoints[0].steps[2].items = 'books';
    expect(errorsOf(doc)).toEqual(
      expect.arrayContaining([
        { path: '/endpoints/1/steps/0/vars/id', message: 'var "id" reuses the name of a parameter; rename the var' },
        { path: '/endpoints/2/steps/1/from', message: 'names an undefined var "listing"' },
        { path: '/endpoints/0/steps/2/items', message: 'names an undefined var "books"' },
      ]),
    );
  });

  it('refuses regexes that do not compile', () => {
    const doc = example();
    doc.endpoints[1].steps[1].extract.fields.in_stock.transforms[0].pattern = '\\((\\d+ available';
    doc.endpoints[1].steps[1].extract.fields.upc.sources = [{ regex: '[a-', flags: 'i' }];
    const errors = errorsOf(doc);
    expect(errors.map((e) => e.path)).toEqual([
      '/endpoints/1/steps/1/extract/fields/upc/sources/0/regex',
      '/endpoints/1/steps/1/extract/fields/in_stock/transforms/0/pattern',
    ]);
    expect(errors[0]!.message).toMatch(/^is not a valid regular expression/);
  });

  it('refuses sample inputs that fail input_params, and unusable input_params', () => {
    const doc = example();
    doc.endpoints[1].sample_inputs = { id: 'three' };
    doc.endpoints[2].input_params.properties.query.pattern = '[unclosed';
    const errors = errorsOf(doc);
    expect(errors).toContainEqual({
      path: '/endpoints/1/sample_inputs',
      message: 'do not pass input_params: Parameter "id" must be integer.',
    });
    expect(errors.find((e) => e.path === '/endpoints/2/input_params')?.message).toMatch(/^is not a usable JSON Schema/);
  });

  it('requires a request step in paginate and refuses nested paginate', () => {
    const doc = example();
    const paginate = doc.endpoints[0].steps[0];
    paginate.steps = [{ ...structuredClone(paginate), steps: [paginate.steps[1]] }];
    expect(errorsOf(doc)).toEqual(
      expect.arrayContaining([
        { path: '/endpoints/0/steps/0/steps', message: 'must contain a request step' },
        { path: '/endpoints/0/steps/0/steps/0', message: 'a paginate step cannot be nested in another' },
      ]),
    );
  });
});

describe('recipeHasScript', () => {
  it('finds script steps, nested ones included', () => {
    const doc = example() as Recipe;
    expect(recipeHasScript(doc)).toBe(false);
    const follow = doc.endpoints[0]!.steps[2] as { steps: unknown[] };
    follow.steps.push({ type: 'script', code: 'return data' });
    expect(validateRecipe(doc).ok).toBe(true);
    expect(recipeHasScript(doc)).toBe(true);
  });
});
