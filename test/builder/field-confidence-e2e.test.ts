/**
 * A built API says how sure the build is of each field (issue 25 point 6): the stored endpoint
 * (GET /scraper/{id} request_flow) and the task's generated API carry `field_confidence`, and
 * the recipe with it still validates as the recipe format.
 */
import { describe, expect, it } from 'vitest';
import { booksSite } from '../fixtures/sites/books.js';
import { build, useBuildService } from './helpers.js';

describe('field confidence of a built API', () => {
  const s = useBuildService(() => booksSite());

  it('GET /scraper/{id} and the task carry each field’s score, source, coverage and pages', async () => {
    const task = await build(s.t, s.u, `${s.site.url}/`, 'Get the book details from each book page: title, price, availability');
    expect(task.status, task.error).toBe('completed');
    const fromTask = task.generated_api.endpoints.find((e: any) => e.endpoint_name === 'get_book');
    expect(fromTask?.field_confidence?.title?.score).toBeGreaterThan(0);

    const res = await s.t.call('GET', `/scraper/${task.generated_api.scraper_id}`, { key: s.u.key });
    expect(res.statusCode).toBe(200);
    const stored = res.json().request_flow.endpoints.find((e: any) => e.name === 'get_book');
    const confidence = stored.field_confidence as Record<string, { score: number; from: string; coverage: number; pages: number }>;
    expect(Object.keys(confidence).sort()).toEqual(expect.arrayContaining(['availability', 'price', 'title']));
    for (const [field, c] of Object.entries(confidence)) {
      expect(c.score, field).toBeGreaterThanOrEqual(0);
      expect(c.score, field).toBeLessThanOrEqual(1);
      expect(c.from, field).toMatch(/\S/);
      expect(c.pages, field).toBeGreaterThan(0);
    }
    // The books site prints every title and price on every page it tested.
    expect(confidence.title.coverage).toBe(1);
    expect(confidence.title.score).toBeGreaterThanOrEqual(0.8);
    expect(confidence.price.coverage).toBe(1);
    expect(fromTask.field_confidence).toEqual(confidence);
  });
});
