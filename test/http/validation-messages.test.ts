/**
 * Schema violations read as words a person understands, in the contract's error shape, with
 * the details kept: which field, where, and the schema keyword it broke.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { violationWords } from '../../src/http/validation-messages.js';

describe('validation messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('an empty log-in form says what is missing in words, not ajv\'s', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'ab', password: '' } });
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json();
    expect(body.error).toBe('email must be at least 3 characters');
    expect(body.error).not.toMatch(/must NOT/);
    expect(body.details).toEqual(
      expect.arrayContaining([{ field: 'email', message: 'must be at least 3 characters', in: 'body', keyword: 'minLength' }]),
    );
    const none = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'a@example.test' } });
    expect(none.json().error).toBe('password is required');
  });

  it('each keyword in words', () => {
    const w = (keyword: string, params: Record<string, unknown>) => violationWords({ keyword, params, message: 'ajv text' });
    expect(w('minLength', { limit: 1 })).toBe('must not be empty');
    expect(w('maxLength', { limit: 1 })).toBe('must be at most 1 character');
    expect(w('minimum', { limit: 1, comparison: '>=' })).toBe('must be at least 1');
    expect(w('type', { type: 'integer' })).toBe('must be a whole number');
    expect(w('type', { type: 'string,null' })).toBe('must be text or null');
    expect(w('enum', { allowedValues: ['free', 'pro'] })).toBe('must be one of: "free", "pro"');
    expect(w('format', { format: 'uri' })).toBe('must be a full web address (https://…)');
    expect(w('additionalProperties', { additionalProperty: 'x' })).toBe('is not a field this request takes');
    expect(w('if', {})).toBe('ajv text');
  });
});
