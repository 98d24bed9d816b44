/** The pieces behind the MCP server and the exports, alone: result parts, tool names, ETags. */
import { describe, expect, it } from 'vitest';
import { ResultPages } from '../../src/mcp/result-pages.js';
import { apiSlug, toolName, uniqueSlugs } from '../../src/services/exports/tool-names.js';
import { canonicalJson, ifNoneMatchHits, strongEtag } from '../../src/services/exports/etag.js';

describe('ResultPages', async () => {
  it('returns a small result whole, with no cursor', async () => {
    const pages = new ResultPages(100);
    expect(await pages.first('u', { a: 1 })).toEqual({ text: '{"a":1}', next: null, note: null });
  });

  it('cuts a list into whole items and keeps the rest of the answer in each part', async () => {
    const pages = new ResultPages(100);
    const value = { status: 'success', data: Array.from({ length: 12 }, (_, i) => ({ n: i })), meta: { page: 1 } };
    const seen: unknown[] = [];
    let part = await pages.first('u', value);
    for (;;) {
      expect(Buffer.byteLength(part.text)).toBeLessThanOrEqual(100);
      const body = JSON.parse(part.text);
      expect(body.meta).toEqual({ page: 1 });
      seen.push(...body.data);
      if (!part.next) break;
      part = (await pages.read('u', part.next))!;
    }
    expect(seen).toEqual(value.data);
  });

  it('falls back to byte slices when an item is too big, never splitting a character', async () => {
    const pages = new ResultPages(50);
    const value = { data: ['é'.repeat(60)] };
    const texts: string[] = [];
    let part = await pages.first('u', value);
    for (;;) {
      texts.push(part.text);
      expect(Buffer.byteLength(part.text)).toBeLessThanOrEqual(50);
      if (!part.next) break;
      part = (await pages.read('u', part.next))!;
    }
    expect(JSON.parse(texts.join(''))).toEqual(value);
    expect(texts.join('')).not.toContain('\uFFFD');
  });

  it('reads a cursor only for its user and only until it expires', async () => {
    let now = 0;
    const pages = new ResultPages(20, () => now);
    const { next } = await pages.first('alice', 'x'.repeat(100));
    expect(await pages.read('bob', next!)).toBeNull();
    expect(await pages.read('alice', next!)).not.toBeNull();
    now = 15 * 60_000 + 1;
    expect(await pages.read('alice', next!)).toBeNull();
  });
});

describe('tool names', () => {
  it('slugs fold accents and punctuation and stay short', () => {
    expect(apiSlug('Books to Scrape!')).toBe('books_to_scrape');
    expect(apiSlug('Café Über-Menü')).toBe('cafe_uber_menu');
    expect(apiSlug('!!!')).toBe('api');
    expect(apiSlug('x'.repeat(80))).toHaveLength(30);
  });

  it('names fit 64 characters, cut deterministically with a hash that keeps them apart', () => {
    expect(toolName('books', 'get_book')).toBe('books__get_book');
    const a = toolName('books', 'e'.repeat(63) + 'a');
    const b = toolName('books', 'e'.repeat(63) + 'b');
    expect(a).toHaveLength(64);
    expect(a).not.toBe(b);
    expect(toolName('books', 'e'.repeat(63) + 'a')).toBe(a);
  });

  it('the oldest API keeps the plain slug; later namesakes get a piece of their id', () => {
    const slugs = uniqueSlugs([
      { id: 'aaaaaaaa-1111', name: 'Books' },
      { id: 'bbbbbbbb-2222', name: 'books' },
      { id: 'cccccccc-3333', name: 'Shop' },
    ]);
    expect([...slugs.values()]).toEqual(['books', 'books_bbbbbbbb', 'shop']);
  });
});

describe('ETags', () => {
  it('canonical JSON ignores key order; tags are strong and quoted', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}');
    expect(strongEtag('x')).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  });

  it('If-None-Match: exact, *, lists, weak forms, quoted commas', () => {
    const tag = '"abc"';
    expect(ifNoneMatchHits(undefined, tag)).toBe(false);
    expect(ifNoneMatchHits('"abc"', tag)).toBe(true);
    expect(ifNoneMatchHits(' * ', tag)).toBe(true);
    expect(ifNoneMatchHits('"x,y", W/"abc"', tag)).toBe(true);
    expect(ifNoneMatchHits('"abcd", "ab"', tag)).toBe(false);
    expect(ifNoneMatchHits('abc', tag)).toBe(false);
  });
});
