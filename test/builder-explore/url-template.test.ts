import { describe, expect, it } from 'vitest';
import { fillTemplate, groupUrls, matchTemplate, sameSite } from '../../src/builder/explore/index.js';

const base = 'https://shop.test';
const patterns = (urls: string[]) => groupUrls(urls.map((u) => base + u)).map((g) => [g.template.pattern, g.urls.length]);

describe('URL templates', () => {
  it('finds slug and id parts, keeping literal words and file names', () => {
    expect(patterns(['/catalogue/a-light-in-the-attic_1000/index.html', '/catalogue/sapiens_1004/index.html', '/catalogue/sharp-objects_1003/index.html'])).toEqual([
      ['/catalogue/{slug}_{id}/index.html', 3],
    ]);
    expect(patterns(['/product/123', '/product/456'])).toEqual([['/product/{id}', 2]]);
    expect(patterns(['/pages/0001.htm', '/pages/0002.htm'])).toEqual([['/pages/{id}.htm', 2]]);
  });

  it('names page numbers, dates and query values', () => {
    expect(patterns(['/catalogue/page-1.html', '/catalogue/page-2.html'])).toEqual([['/catalogue/page-{page}.html', 2]]);
    expect(patterns(['/page/2/', '/page/3/'])).toEqual([['/page/{page}/', 2]]);
    expect(patterns(['/shop?page=2&sort=price', '/shop?sort=price&page=3'])).toEqual([['/shop?page={page}&sort=price', 2]]);
    expect(patterns(['/search?q=cake', '/search?q=bread'])).toEqual([['/search?q={q}', 2]]);
    expect(patterns(['/2024/05/12/hello-world/', '/2023/11/02/another-post/'])).toEqual([['/{year}/{month}/{day}/{slug}/', 2]]);
  });

  it('merges single-word and slug stems once three distinct ones share a position', () => {
    expect(patterns(['/recipes/lasagna/', '/recipes/chili/', '/recipes/pad-thai/', '/recipes/apple-pie/'])).toEqual([['/recipes/{slug}/', 4]]);
    expect(patterns(['/category/fiction', '/category/poetry', '/category/history'])).toEqual([['/category/{category}', 3]]);
    // Two are not enough to call a word variable.
    expect(patterns(['/about', '/contact'])).toEqual([['/about', 1], ['/contact', 1]]);
  });

  it('keeps a slug ending in a number a slug (only sequence words take a number apart)', () => {
    expect(patterns(['/p/iphone-15', '/p/galaxy-s24', '/p/pixel-8-pro'])).toEqual([['/p/{slug}', 3]]);
    expect(patterns(['/items/item-4', '/items/item-5'])).toEqual([['/items/item-{id}', 2]]);
  });

  it('matches URLs back to values and fills them in again', () => {
    const [group] = groupUrls([`${base}/catalogue/sapiens_1004/index.html`, `${base}/catalogue/olio_1016/index.html`, `${base}/catalogue/in-her-wake_1020/index.html`]);
    expect(matchTemplate(group.template, `${base}/catalogue/sharp-objects_1003/index.html`)).toEqual({ slug: 'sharp-objects', id: '1003' });
    expect(matchTemplate(group.template, `${base}/catalogue/page-2.html`)).toBeNull();
    expect(fillTemplate(group.template, { slug: 'a b', id: 7 })).toBe('/catalogue/a%20b_7/index.html');
    const [query] = groupUrls([`${base}/shop?page=2&sort=price`, `${base}/shop?page=3&sort=price`]);
    expect(matchTemplate(query.template, `${base}/shop?sort=price&page=9&utm=x`)).toEqual({ page: '9' });
    expect(matchTemplate(query.template, `${base}/shop?sort=name&page=9`)).toBeNull();
    expect(matchTemplate(query.template, `${base}/shop?sort=price&page=x`)).toBeNull();
  });

  it('treats a www. twin as the same site', () => {
    expect(sameSite('example.com', 'www.example.com')).toBe(true);
    expect(sameSite('shop.example.com', 'example.com')).toBe(false);
    expect(sameSite('127.0.0.1:8080', '127.0.0.1:8081')).toBe(false);
  });
});
