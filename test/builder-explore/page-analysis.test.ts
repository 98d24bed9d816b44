/** Page analysis helpers on small inputs: feeds, sitemaps, script endpoints, forms, embedded lists. */
import { describe, expect, it } from 'vitest';
import { findSearchForms, parseFeed, parseSitemap, robotsSitemaps } from '../../src/builder/explore/index.js';
import { scriptEndpoints } from '../../src/builder/explore/scripts.js';
import { induceJsonList } from '../../src/builder/jsonapi/index.js';
import { createPageContext, evaluateExtraction } from '../../src/recipe/extract/index.js';

const html = (body: string, url = 'https://site.test/shop/') => createPageContext({ url, contentType: 'text/html', text: `<html><head></head><body>${body}</body></html>` });
const onSite = (u: string) => new URL(u).host === 'site.test';

describe('feeds and sitemaps', () => {
  it('reads Atom entries and RSS items with absolute links', () => {
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title>
<entry><title>One</title><link rel="alternate" href="/posts/one"/><updated>2024-01-02T00:00:00Z</updated></entry>
<entry><title>Two</title><link href="https://site.test/posts/two"/></entry></feed>`;
    expect(parseFeed(atom, 'https://site.test/feed.atom')).toEqual({
      type: 'atom',
      title: 'Blog',
      items: [
        { title: 'One', link: 'https://site.test/posts/one', published: '2024-01-02T00:00:00Z' },
        { title: 'Two', link: 'https://site.test/posts/two', published: undefined },
      ],
    });
    const rss = `<rss version="2.0"><channel><title>News</title><item><title>A</title><link>https://site.test/a</link></item><item><title>B</title><guid>https://site.test/b</guid></item></channel></rss>`;
    expect(parseFeed(rss, 'https://site.test/rss').items.map((i) => i.link)).toEqual(['https://site.test/a', 'https://site.test/b']);
  });

  it('reads sitemap indexes, url sets, plain-text sitemaps and robots Sitemap lines', () => {
    expect(parseSitemap('<sitemapindex><sitemap><loc>https://site.test/s1.xml</loc></sitemap></sitemapindex>', 'https://site.test/sitemap.xml')).toEqual({ pages: [], sitemaps: ['https://site.test/s1.xml'] });
    expect(parseSitemap('<urlset><url><loc> https://site.test/a </loc></url><url><loc>/b</loc></url></urlset>', 'https://site.test/s1.xml').pages).toEqual(['https://site.test/a', 'https://site.test/b']);
    expect(parseSitemap('https://site.test/a\nhttps://site.test/b\n', 'https://site.test/s.txt').pages).toHaveLength(2);
    expect(robotsSitemaps('User-agent: *\nSitemap: /sm.xml\nsitemap:https://site.test/news.xml # news\n', 'https://site.test/robots.txt')).toEqual([
      'https://site.test/sm.xml',
      'https://site.test/news.xml',
    ]);
  });
});

describe('script endpoints', () => {
  it('finds fetch/axios/XHR calls, API paths, .json files and data attributes; same site only', () => {
    const ctx = html(`<div data-endpoint="/api/v2/cards"></div>
<script>
  fetch(\`/api/products?page=\${page}&size=20\`).then(r => r.json());
  axios.get('/api/categories');
  xhr.open('GET', "/data/stores.json");
  const next = '/api/items?offset=' + offset;
  fetch('https://cdn.other.test/api/tracking');
  const label = "/about/team";
</script><script type="application/ld+json">{"url": "/api/ignored"}</script>`);
    expect(scriptEndpoints(ctx, onSite).map((e) => [e.url, e.via])).toEqual([
      ['https://site.test/api/products?page=1&size=20', 'fetch_call'],
      ['https://site.test/api/categories', 'fetch_call'],
      ['https://site.test/data/stores.json', 'fetch_call'],
      ['https://site.test/api/items?offset=1', 'api_path'],
      ['https://site.test/api/v2/cards', 'data_attribute'],
    ]);
  });
});

describe('search forms', () => {
  it('keeps GET forms with a query input, resolves the action, drops submit buttons', () => {
    const ctx = html(`<form action="find?x=1"><input name="s" placeholder="Search…"><input type="radio" name="in" value="title" checked><input type="radio" name="in" value="all"><input type="submit" name="go" value="Go"></form>
<form method="post" action="/login"><input name="q"></form>
<form action="/subscribe"><input name="email" type="email"></form>`);
    expect(findSearchForms(ctx, onSite)).toEqual([
      {
        pageUrl: 'https://site.test/shop/',
        action: 'https://site.test/shop/find',
        method: 'GET',
        queryParam: 's',
        label: 'Search…',
        inputs: [{ name: 'in', type: 'radio', hidden: false, required: false, label: undefined, options: ['title', 'all'], value: 'title' }],
      },
    ]);
  });
});

describe('embedded application state', () => {
  it('induces a json_list straight from a Next.js page', () => {
    const data = (from: number) => ({ props: { pageProps: { listing: { products: [0, 1, 2].map((i) => ({ sku: `S${from + i}`, name: `Product ${from + i}`, href: `/p/${from + i}` })) } } } });
    const page = (from: number) => ({ url: `https://site.test/c?p=${from}`, contentType: 'text/html', text: `<html><body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(data(from))}</script></body></html>` });
    const list = induceJsonList([page(1), page(4)]);
    expect(list.path).toBe('props.pageProps.listing.products');
    expect(evaluateExtraction(list.extraction, page(7))).toEqual([7, 8, 9].map((n) => ({ sku: `S${n}`, name: `Product ${n}`, url: `https://site.test/p/${n}` })));
  });
});
