/** Where recorded API calls carry their variables, and where their answers name the next cursor. */
import { describe, expect, it } from 'vitest';
import { bodyWith, callVariables, cursorKey, nextCursorPath } from '../../src/builder/jsonapi/call-vars.js';
import { fillDeep } from '../../src/recipe/template.js';

const algolia = { url: 'https://latency-dsn.algolia.net/1/indexes/books/query?x-algolia-agent=Algolia', body: JSON.stringify({ params: 'query=garden&hitsPerPage=12&page=0&facets=%5B%22label%22%5D' }) };
const relay = { url: 'https://shop.test/api/2024-10/graphql.json', body: JSON.stringify({ query: 'query P($first: Int!, $after: String) { products(first: $first, after: $after) { edges { node { id } } } }', variables: { first: 8 } }) };

describe('call variables', () => {
  it('reads the parameters of a form string inside a JSON body (hosted search)', () => {
    expect(Object.fromEntries(callVariables(algolia))).toEqual({ query: 'garden', hitsPerPage: '12', page: '0', facets: '["label"]' });
    const body = bodyWith(algolia, { query: '{query}' });
    expect(body).toEqual({ params: 'query={%query}&hitsPerPage=12&page=0&facets=%5B%22label%22%5D' });
    // Filled as the interpreter fills it: the words cannot add a parameter.
    const filled = fillDeep(body, { params: { query: 'salt & pepper=1' }, vars: {} }) as { params: string };
    expect(Object.fromEntries(new URLSearchParams(filled.params))).toMatchObject({ query: 'salt & pepper=1', page: '0' });
  });

  it('reads GraphQL variables and the URL query, and writes a cursor into variables', () => {
    expect(Object.fromEntries(callVariables(relay))).toEqual({ first: 8 });
    expect(cursorKey(relay)).toBe('after');
    expect((bodyWith(relay, { after: '{cursor}' }) as { variables: unknown }).variables).toEqual({ first: 8, after: '{cursor}' });
    expect(cursorKey({ url: 'https://s.test/api/feed?limit=12&cursor=abc', body: null })).toBe('cursor');
    expect(cursorKey({ url: 'https://s.test/api/feed?page=2', body: null })).toBeNull();
  });

  it('finds the next cursor where APIs put it', () => {
    expect(nextCursorPath({ data: { products: { edges: [], pageInfo: { hasNextPage: true, endCursor: 'YXJy' } } } })).toBe('data.products.pageInfo.endCursor');
    expect(nextCursorPath({ items: [], next_cursor: 'eyJv' })).toBe('next_cursor');
    expect(nextCursorPath({ items: [], nextPageToken: 'CAoQAA' })).toBe('nextPageToken');
    expect(nextCursorPath({ items: [], next_cursor: null })).toBeNull();
  });
});
