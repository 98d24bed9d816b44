/** `marketplace search Q`: search the public marketplace (no key needed). */
import type { Command } from '../io.js';
import { UsageError } from '../io.js';
import { describeListing } from '../format.js';
import type { MarketplaceSort } from '../../types/index.js';

export const marketplaceSearch: Command = {
  words: ['marketplace', 'search'],
  usage: 'marketplace search [QUERY] [--category SLUG] [--sort top|recent|name] [--country CC] [--limit N] [--json]',
  summary: 'search the public marketplace (no key needed)',
  options: {
    category: { type: 'string' },
    sort: { type: 'string' },
    country: { type: 'string' },
    limit: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(ctx, values, positionals) {
    const q = positionals.join(' ').trim() || undefined;
    const sort = values.sort as MarketplaceSort | undefined;
    if (sort !== undefined && !['top', 'recent', 'name'].includes(sort)) throw new UsageError('--sort must be top, recent or name');
    const limit = values.limit === undefined ? undefined : Number(values.limit);
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 200)) throw new UsageError('--limit must be 1 to 200');
    const page = await ctx.client().marketplace.search({
      q,
      sort,
      category: values.category as string | undefined,
      country: values.country as string | undefined,
      limit,
    });
    if (values.json) {
      ctx.out(JSON.stringify(page, null, 2));
      return 0;
    }
    for (const item of page.items) ctx.out(describeListing(item));
    ctx.out(`${page.items.length} of ${page.total} shown`);
    return 0;
  },
};
