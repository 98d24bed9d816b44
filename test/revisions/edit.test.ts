/** Pure recipe edits of the modify operations: every place a name is written changes with it. */
import { describe, expect, it } from 'vitest';
import { limitWithParam, removeField, renameField, renameParam } from '../../src/builder/revise/edit.js';
import { validateRecipe, type EndpointRecipe } from '../../src/recipe/index.js';

const listWithFollow = (): EndpointRecipe => ({
  name: 'list_books',
  method: 'GET',
  description: 'Books',
  input_params: { type: 'object', properties: { category: { type: 'string' } }, required: ['category'] },
  return_schema: {
    type: 'object',
    properties: { status: { const: 'success' }, data: { type: 'array', items: { type: 'object', properties: { url: { type: 'string' }, title: { type: 'string' }, isbn: { type: 'string' } }, required: ['url', 'title', 'isbn'] } } },
  },
  sample_inputs: { category: 'poetry' },
  steps: [
    { type: 'request', url: '/c/{category}', query: { c: '{category}' } },
    { type: 'extract', extract: { kind: 'list', items: 'li', fields: { url: { sources: [{ css: 'a', attr: 'href' }] }, title: { sources: [{ css: 'a' }] } } } },
    { type: 'follow', items: 'data', as: 'item', steps: [{ type: 'request', url: '{+item.url}' }, { type: 'extract', extract: { kind: 'object', fields: { isbn: { sources: [{ label: 'ISBN' }] } } } }] },
  ],
});

const recipeOf = (ep: EndpointRecipe) => ({ format: 'quarry.recipe/1' as const, name: 'x', description: '', source_url: 'http://x.test/', endpoints: [ep] });

describe('recipe edits', () => {
  it('renames a parameter in the schema, the sample and every template, and the recipe stays valid', () => {
    const ep = listWithFollow();
    expect(renameParam(ep, 'category', 'genre')).toBeNull();
    expect(Object.keys(ep.input_params.properties as object)).toEqual(['genre']);
    expect(ep.input_params.required).toEqual(['genre']);
    expect(ep.sample_inputs).toEqual({ genre: 'poetry' });
    expect(ep.steps[0]).toMatchObject({ url: '/c/{genre}', query: { c: '{genre}' } });
    expect(validateRecipe(recipeOf(ep)).ok).toBe(true);
    expect(renameParam(ep, 'genre', 'item')).toMatch(/already uses internally/);
  });

  it('renames a field in its extraction, the follow templates and the record schema', () => {
    const ep = listWithFollow();
    expect(renameField(ep, 'url', 'link')).toBeNull();
    const follow = ep.steps[2] as Extract<EndpointRecipe['steps'][number], { type: 'follow' }>;
    expect(follow.steps[0]).toMatchObject({ url: '{+item.link}' });
    const items = ((ep.return_schema.properties as any).data.items as any);
    expect(Object.keys(items.properties)).toEqual(['link', 'title', 'isbn']);
    expect(items.required).toEqual(['link', 'title', 'isbn']);
    expect(renameField(ep, 'title', 'isbn')).toMatch(/already returns a field named isbn/);
    expect(renameField(ep, 'isbn', 'isbn13')).toBeNull();
  });

  it('refuses to remove a field the follow step needs, and drops a follow step left empty', () => {
    const ep = listWithFollow();
    expect(removeField(ep, 'url')).toMatch(/needs url to reach each record's own page/);
    expect(removeField(ep, 'isbn')).toBeNull();
    expect(ep.steps.map((s) => s.type)).toEqual(['request', 'extract']);
  });

  it('limits records before any follow step, so records past the limit are never fetched', () => {
    const ep = listWithFollow();
    ep.input_params.properties = { ...(ep.input_params.properties as object), limit: { type: 'integer' } };
    limitWithParam(ep, 'limit');
    expect(ep.steps.map((s) => s.type)).toEqual(['request', 'extract', 'shape', 'follow']);
    expect(ep.steps[2]).toEqual({ type: 'shape', limit: '{limit}' });
  });
});
