import { describe, expect, it } from 'vitest';
import { QuarryError } from '../../src/errors/index.js';
import { classifyExecutionError, upstreamStatusError } from '../../src/recipe/classify.js';

describe('upstreamStatusError', () => {
  const answer = (status: number, text = '') => ({ status, url: 'https://s.test/x', text });

  it('is null for 2xx', () => {
    expect(upstreamStatusError(answer(200))).toBeNull();
    expect(upstreamStatusError(answer(204))).toBeNull();
  });

  it('maps not-found statuses to input_not_found and others to upstream_error', () => {
    expect(upstreamStatusError(answer(404))).toMatchObject({ code: 'input_not_found', fields: { upstream_status_code: 404, url: 'https://s.test/x' } });
    expect(upstreamStatusError(answer(404), [410])).toMatchObject({ code: 'upstream_error' });
    expect(upstreamStatusError(answer(403, 'denied'))).toMatchObject({
      code: 'upstream_error',
      fields: { upstream_status_code: 403, snippet: 'denied', url: 'https://s.test/x' },
    });
  });

  it('cuts the snippet at 1 KiB on a character boundary', () => {
    const snippet = upstreamStatusError(answer(503, `a${'€'.repeat(1000)}`))!.fields.snippet as string;
    expect(Buffer.byteLength(snippet)).toBeLessThanOrEqual(1024);
    expect(snippet).toBe(`a${'€'.repeat(341)}`);
  });
});

describe('classifyExecutionError', () => {
  it('passes QuarryErrors through', () => {
    const blocked = new QuarryError('blocked', 'blocked', { retry_after: null });
    expect(classifyExecutionError(blocked)).toBe(blocked);
  });

  it('turns aborts, time-outs and network failures into upstream_error', () => {
    expect(classifyExecutionError(new DOMException('x', 'TimeoutError'), { url: 'https://s.test/' })).toMatchObject({
      code: 'upstream_error',
      fields: { url: 'https://s.test/' },
    });
    expect(classifyExecutionError(new DOMException('x', 'AbortError')).code).toBe('upstream_error');
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(classifyExecutionError(refused).message).toBe('The site could not be reached (ECONNREFUSED).');
    const undici = new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'UND_ERR_SOCKET' }) });
    expect(classifyExecutionError(undici).code).toBe('upstream_error');
  });

  it('prefers the reason of an aborted call signal', () => {
    const controller = new AbortController();
    const reason = new QuarryError('upstream_error', 'execution deadline');
    controller.abort(reason);
    expect(classifyExecutionError(new Error('aborted'), { signal: controller.signal })).toBe(reason);
  });

  it('turns anything else into a scraper_bug without internals, logging the original', () => {
    const logged: unknown[] = [];
    const crash = new RangeError('Maximum call stack size exceeded in /srv/app.js');
    const err = classifyExecutionError(crash, { logger: { error: (obj) => logged.push(obj) } });
    expect(err.code).toBe('scraper_bug');
    expect(err.message).not.toContain('/srv');
    expect(err.fields).toEqual({});
    expect(logged).toEqual([{ err: crash }]);
    expect(classifyExecutionError('a string').code).toBe('scraper_bug');
    expect(classifyExecutionError(undefined).code).toBe('scraper_bug');
  });
});
