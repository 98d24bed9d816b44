import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { keyFromHeaders } from '../../src/services/keys.js';

describe('key parsing follows the contract', () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    u = await t.user();
  });
  afterAll(async () => t.close());

  const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/dispatch/tasks', headers });

  it('accepts X-API-Key and Authorization: Bearer, header names in any case', async () => {
    expect((await get({ 'X-API-Key': u.key })).statusCode).toBe(200);
    expect((await get({ 'x-api-key': u.key })).statusCode).toBe(200);
    expect((await get({ 'X-API-KEY': u.key })).statusCode).toBe(200);
    expect((await get({ Authorization: `Bearer ${u.key}` })).statusCode).toBe(200);
    expect((await get({ authorization: `bearer ${u.key}` })).statusCode).toBe(200);
  });

  it('X-API-Key wins when both are sent', async () => {
    expect((await get({ 'x-api-key': u.key, authorization: 'Bearer pmx_wrongwrongwrongwrongwrong' })).statusCode).toBe(200);
    const res = await get({ 'x-api-key': 'pmx_wrongwrongwrongwrongwrong', authorization: `Bearer ${u.key}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Invalid API key');
  });

  it('values are case-sensitive and must start with pmx_', async () => {
    expect((await get({ 'x-api-key': u.key.replace('pmx_', 'PMX_') })).statusCode).toBe(401);
    expect((await get({ authorization: `Bearer ${u.key.slice(4)}` })).statusCode).toBe(401);
    expect((await get({ authorization: `Basic ${u.key}` })).json().error).toBe('Invalid API key');
  });

  it('stray quotes or white space make a key invalid', () => {
    // inject() normalises header white space the way Node's parser does, so check the
    // parser directly for the values a proxy could forward verbatim.
    expect(keyFromHeaders({ 'x-api-key': ` ${u.key}` })).toBe(` ${u.key}`);
    expect(keyFromHeaders({ authorization: `Bearer  ${u.key}` })).toBe(` ${u.key}`);
    expect(keyFromHeaders({})).toBeNull();
  });

  it('an empty X-API-Key is invalid, not missing', async () => {
    const res = await get({ 'x-api-key': '' });
    expect(res.json()).toEqual({ error: 'Invalid API key', status_code: 401 });
  });
});
