/**
 * The execute bench's job done plainly: one undici request for the books fixture's first
 * catalogue page, parsed with the service's parser options (htmlparser2), the three fields of
 * the list endpoint read with cheerio. Shared by the bare loop (no server at all) and the floor
 * (bench/lib/floor-child.ts: the same job behind a bare Fastify route), so both do exactly the
 * work the service does for `list_books`.
 */
import { request, type Dispatcher } from 'undici';
import * as cheerio from 'cheerio';
import { HTML_PARSE_OPTIONS } from '../../src/recipe/extract/page-context.js';

export interface BareBook {
  title: string | undefined;
  price: number;
  url: string;
}

export async function bareBooks(siteUrl: string, dispatcher: Dispatcher): Promise<BareBook[]> {
  const pageUrl = `${siteUrl}/catalogue/page-1.html`;
  const res = await request(pageUrl, { dispatcher });
  const $ = cheerio.load(await res.body.text(), HTML_PARSE_OPTIONS);
  return $('article.product_pod')
    .map((_, el) => ({
      title: $(el).find('h3 a').attr('title'),
      price: Number($(el).find('.price_color').text().replace(/[^0-9.]/g, '')),
      url: new URL($(el).find('h3 a').attr('href') ?? '', pageUrl).toString(),
    }))
    .get();
}
