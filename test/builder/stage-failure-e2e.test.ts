/**
 * A programming error inside a build stage ends the task `failed` with an error naming the
 * stage, through dispatch -> queue -> build job (not as "nothing found", not as a retried fault).
 */
import { describe, expect, it, vi } from 'vitest';
import { booksSite } from '../fixtures/sites/books.js';
import { build, useBuildService } from './helpers.js';
import type * as ListEndpoints from '../../src/builder/list-endpoints.js';

// The list planner with a bug: it reads a property of undefined.
vi.mock('../../src/builder/list-endpoints.js', async (importOriginal) => ({
  ...(await importOriginal<typeof ListEndpoints>()),
  planListEndpoints: (): never => (undefined as unknown as { plans: never }).plans,
}));

describe('a build stage with a programming error', () => {
  const s = useBuildService(booksSite);

  it('fails the task saying which stage, with the internal error', async () => {
    const { t, u, site } = s;
    const task = await build(t, u, `${site.url}/`, 'list the books with title and price');
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/^Internal error while generating: Cannot read properties of undefined \(reading 'plans'\)/);
    expect(task.error).not.toMatch(/nothing matching/i);
    expect(task.progress.stage).toBe('generating');
  });
});
