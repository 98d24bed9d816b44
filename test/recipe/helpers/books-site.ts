/**
 * A books catalogue served on 127.0.0.1, the site docs/recipe.md's example recipe was written
 * for: HTML list pages with next links, detail pages by id, a search form, and a JSON API
 * with three pagination styles. It counts detail requests in flight so tests can check that a
 * follow step's concurrency bound held.
 */
import { startFixtureSite, type FixtureRoutes, type FixtureSite } from '../../helpers/fixture-server.js';

export interface Book {
  id: number;
  title: string;
  price: string;
  category: 'fiction' | 'science';
  description: string;
  upc: string;
  stock: number;
}

export const BOOKS: Book[] = Array.from({ length: 25 }, (_, i) => {
  const id = i + 1;
  return {
    id,
    title: `Book ${id}`,
    price: (10 + id * 1.5).toFixed(2),
    category: id % 2 ? 'fiction' : 'science',
    description: `The story of book number ${id}.`,
    upc: `UPC-${String(id).padStart(4, '0')}`,
    stock: id % 7,
  };
});

export const PAGE_SIZE = 10;

export interface BooksSite extends FixtureSite {
  /** Highest number of detail requests being answered at the same time. */
  maxInFlight(): number;
  /** Start counting maxInFlight afresh. */
  resetMaxInFlight(): void;
  /**
   * Hold every detail answer until this many detail requests are in flight (or 300 ms passed,
   * for the tail of a list): in-flight requests then pile up exactly as far as the client
   * allows, whatever the machine's speed. 0 answers at once.
   */
  hold: { untilInFlight: number };
}

const html = (body: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Books</title></head><body>${body}</body></html>`;
const json = (value: unknown, status = 200) => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });

function listItem(b: Book): string {
  return `<article class="book"><h3><a class="title" href="/books/${b.id}" title="${b.title}">${b.title}</a></h3><p class="price">£${b.price}</p></article>`;
}

function listPage(url: URL, books: Book[]): string {
  const page = Number(url.searchParams.get('page') ?? '1');
  const slice = books.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const next = new URL(url.href);
  next.searchParams.set('page', String(page + 1));
  const nextLink = page * PAGE_SIZE < books.length ? `<ul class="pager"><li><a rel="next" href="${next.pathname}${next.search}">next</a></li></ul>` : '';
  return html(`<h1>Books</h1><section>${slice.map(listItem).join('')}</section>${nextLink}`);
}

function detailPage(b: Book): string {
  return html(
    `<article class="product"><h1>${b.title}</h1><p class="price">£${b.price}</p>` +
      `<div id="description"><p>${b.description}</p></div>` +
      `<table class="info"><tr><th>UPC</th><td>${b.upc}</td></tr><tr><th>Category</th><td>${b.category}</td></tr>` +
      `<tr><th>Availability</th><td>In stock (${b.stock} available)</td></tr></table></article>`,
  );
}

const apiBook = (b: Book) => ({ id: b.id, title: b.title, price: Number(b.price) });

export async function startBooksSite(extraRoutes: FixtureRoutes = []): Promise<BooksSite> {
  let inFlight = 0;
  let maxInFlight = 0;
  const hold = { untilInFlight: 0 };
  let waiters: Array<() => void> = [];
  const releaseIfFull = () => {
    if (inFlight < hold.untilInFlight) return;
    waiters.forEach((release) => release());
    waiters = [];
  };
  const waitForCompany = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 300);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
      releaseIfFull();
    });
  const routes: FixtureRoutes = [
    ...extraRoutes,
    ['/books', (_req, _res, url) => {
      const category = url.searchParams.get('category');
      return { body: listPage(url, category ? BOOKS.filter((b) => b.category === category) : BOOKS) };
    }],
    [/^\/books\/\d+$/, async (_req, _res, url) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        if (hold.untilInFlight > 0) await waitForCompany();
        const book = BOOKS.find((b) => b.id === Number(url.pathname.split('/')[2]));
        return book ? { body: detailPage(book) } : { status: 404, body: html('<h1>No such book</h1>') };
      } finally {
        inFlight--;
      }
    }],
    [/^\/gone\/\d+$/, { status: 410, body: html('<h1>This book was withdrawn</h1>') }],
    ['/search', (req, _res, url, body) => {
      const q = (req.method === 'POST' ? new URLSearchParams(body).get('q') : url.searchParams.get('q')) ?? '';
      const hits = BOOKS.filter((b) => q !== '' && b.title.toLowerCase().includes(q.toLowerCase()));
      return { body: html(`<h1>Results for "${q}"</h1><section>${hits.map(listItem).join('')}</section>`) };
    }],
    ['/api/books/paged', (_req, _res, url) => {
      const page = Number(url.searchParams.get('page') ?? '1');
      const per = Number(url.searchParams.get('per_page') ?? String(PAGE_SIZE));
      return json({ page, items: BOOKS.slice((page - 1) * per, page * per).map(apiBook), total: BOOKS.length });
    }],
    ['/api/books/offset', (_req, _res, url) => {
      const offset = Number(url.searchParams.get('offset') ?? '0');
      const limit = Number(url.searchParams.get('limit') ?? String(PAGE_SIZE));
      return json({ results: BOOKS.slice(offset, offset + limit).map(apiBook) });
    }],
    ['/api/books/cursor', (_req, _res, url) => {
      // Cursors are opaque tokens: "c" + the index of the next record.
      const at = Number((url.searchParams.get('after') ?? 'c0').slice(1));
      const items = BOOKS.slice(at, at + PAGE_SIZE).map(apiBook);
      const next = at + PAGE_SIZE < BOOKS.length ? `c${at + PAGE_SIZE}` : null;
      return json({ data: { items }, paging: { next } });
    }],
    ['/api/search', (req, _res, _url, body) => {
      if (req.method !== 'POST') return json({ error: 'POST only' }, 405);
      const { query, limit } = JSON.parse(body) as { query: string; limit?: number };
      const hits = BOOKS.filter((b) => b.title.includes(query)).slice(0, limit ?? 100);
      return json({ hits: hits.map(apiBook), echo: JSON.parse(body) as unknown });
    }],
    ['/broken', { status: 500, body: `Internal error: ${'x'.repeat(3000)}` }],
  ];
  const site = await startFixtureSite(routes);
  return {
    ...site,
    maxInFlight: () => maxInFlight,
    resetMaxInFlight: () => {
      maxInFlight = 0;
    },
    hold,
  };
}
