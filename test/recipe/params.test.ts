import { describe, expect, it } from 'vitest';
import { QuarryError } from '../../src/errors/index.js';
import { validateParams } from '../../src/recipe/params.js';

const schema = {
  type: 'object',
  properties: {
    id: { type: 'integer', minimum: 1 },
    tags: { type: 'array', items: { type: 'string' } },
    exact: { type: 'boolean' },
    sort: { type: 'string', enum: ['new', 'old'], default: 'new' },
    email: { type: 'string', format: 'email' },
    filters: { type: 'object', properties: { year: { type: 'integer' } } },
  },
  required: ['id'],
};

function failure(fn: () => unknown): QuarryError {
  try {
    fn();
  } catch (err) {
    if (err instanceof QuarryError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('validateParams', () => {
  it('coerces query-string values for GET endpoints and fills defaults', () => {
    expect(validateParams(schema, { id: '5', tags: 'a', exact: 'true' }, { coerce: true })).toEqual({
      id: 5,
      tags: ['a'],
      exact: true,
      sort: 'new',
    });
  });

  it('checks JSON bodies as sent', () => {
    const err = failure(() => validateParams(schema, { id: '5' }));
    expect(err.code).toBe('input_format_invalid');
    expect(err.message).toBe('Parameter "id" must be integer.');
    expect(err.fields).toEqual({ param: 'id', details: [{ param: 'id', path: '/id', message: 'must be integer' }] });
  });

  it('names a missing required parameter', () => {
    const err = failure(() => validateParams(schema, {}));
    expect(err.message).toBe('Parameter "id" is required.');
    expect(err.fields.param).toBe('id');
  });

  it('names nested places and lists every problem', () => {
    const err = failure(() => validateParams(schema, { id: 0, filters: { year: 'x' }, sort: 'best', email: 'nope' }));
    expect(err.message).toBe('Parameter "id" must be >= 1.');
    expect((err.fields.details as Array<{ path: string; message: string }>).map((d) => `${d.path} ${d.message}`)).toEqual([
      '/id must be >= 1',
      '/sort must be one of "new", "old"',
      '/email must match format "email"',
      '/filters/year must be integer',
    ]);
  });

  it('ignores and drops unknown parameters unless the schema decides', () => {
    expect(validateParams(schema, { id: 1, session_id: 'abc', utm_source: 'x' })).toEqual({ id: 1, sort: 'new' });
    const strict = { ...schema, additionalProperties: false };
    const err = failure(() => validateParams(strict, { id: 1, extra: true }));
    expect(err.message).toBe('Parameter "extra" is not accepted.');
  });

  it('refuses parameters that are not an object', () => {
    for (const input of [[1], 'id=1', 5, true]) {
      const err = failure(() => validateParams(schema, input));
      expect(err.code).toBe('input_format_invalid');
      expect(err.message).toBe('Parameters must be a JSON object.');
    }
    expect(validateParams({ type: 'object' }, undefined)).toEqual({});
  });

  it('never changes the caller object', () => {
    const input = { id: '2' };
    validateParams(schema, input, { coerce: true });
    expect(input).toEqual({ id: '2' });
  });

  it('answers scraper_bug, not a crash, when the schema itself is broken', () => {
    const err = failure(() => validateParams({ type: 'object', properties: { a: { type: 'strnig' } } }, {}));
    expect(err.code).toBe('scraper_bug');
  });

  it('reuses one compiled validator for equal schemas', () => {
    // Same text, different objects (a recipe read again from storage): both work, results equal.
    const a = validateParams(JSON.parse(JSON.stringify(schema)), { id: 3 });
    const b = validateParams(JSON.parse(JSON.stringify(schema)), { id: 3 });
    expect(a).toEqual(b);
  });

  it('compiles schemas carrying the same $id independently', () => {
    const one = { $id: 'https://x.test/p', type: 'object', properties: { a: { type: 'integer' } } };
    const two = { $id: 'https://x.test/p', type: 'object', properties: { a: { type: 'string' } } };
    expect(validateParams(one, { a: 1 })).toEqual({ a: 1 });
    expect(validateParams(two, { a: 'x' })).toEqual({ a: 'x' });
  });
});
