/**
 * A shop's own item id in the page's canonical address (`/store/122725?pid=260591`). Shops that
 * print no item number still name the item in the address they give search engines, under a
 * query parameter named for what it is.
 */
import type { Element } from 'domhandler';
import { type PageContext } from '../../recipe/extract/index.js';
import { rethrowUnless } from '../../errors/expected.js';
import type { Candidate, InduceContext } from './types.js';
import { escapeRegExp } from '../../util/regex.js';

/** Query parameters that carry an item's id; the concept's own names are added per field. */
const ID_PARAMS = ['pid', 'product_id', 'productid', 'item_id', 'itemid', 'goods_id', 'goodsno', 'goods_no', 'prod_id', 'sku', 'article', 'artnr'];
/** Concepts an address may identify. */
const ADDRESS_CONCEPTS = new Set(['sku']);
const PRIOR = 0.45;

function canonicalAddress(page: PageContext): string | null {
  const link = page.$('link[rel="canonical"]')[0] as Element | undefined;
  const href = link?.attribs?.href;
  if (!href) return null;
  try {
    return new URL(href, page.baseUrl()).toString();
  } catch (err) {
    rethrowUnless(err, 'url'); // an unparsable address names nothing
    return null;
  }
}

export function addressIdCandidates(ctx: InduceContext): Candidate[] {
  if (!ADDRESS_CONCEPTS.has(ctx.concept.id)) return [];
  const wanted = new Set([...ID_PARAMS, ...ctx.concept.names].map((n) => n.toLowerCase()));
  let common: Set<string> | null = null;
  for (const page of ctx.pages) {
    const address = canonicalAddress(page);
    if (!address) return [];
    const here = new Set<string>();
    for (const [name, value] of new URL(address).searchParams) if (wanted.has(name.toLowerCase()) && /\d/.test(value)) here.add(name);
    common = common === null ? here : new Set([...common].filter((n: string) => here.has(n)));
  }
  return [...(common ?? [])].map((name) => ({
    source: { css: 'link[rel="canonical"]', attr: 'href' },
    clean: [{ op: 'regex', pattern: `[?&]${escapeRegExp(name)}=([^&#]+)`, group: 1 }],
    kind: 'css',
    prior: PRIOR,
    describe: `canonical address ?${name}=`,
  }));
}
