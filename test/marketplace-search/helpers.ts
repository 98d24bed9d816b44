/** Small listing builder for the search tests. */
import type { ListingDoc } from '../../src/marketplace/search/index.js';

export function listing(id: string, fields: Partial<ListingDoc> & { endpointNames?: string[]; category?: string } = {}): ListingDoc {
  const { endpointNames, category, ...rest } = fields;
  return {
    id,
    slug: id,
    name: `Listing ${id}`,
    description: '',
    categories: { primary: category ?? 'other', secondary: [] },
    country: null,
    updated_at: '2025-01-01T00:00:00Z',
    top_score: 0,
    endpoints: (endpointNames ?? []).map((name) => ({ name, method: 'POST', summary: '' })),
    ...rest,
  };
}

export function ids(result: { items: Array<{ id: string }> }): string[] {
  return result.items.map((item) => item.id);
}
