/**
 * Auth fails closed: a route registered without `config.auth` stops the app from starting,
 * instead of being public by omission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { buildApp } from '../../src/http/app.js';
import { UndeclaredAuthError, registeredRoutes } from '../../src/http/plugins/route-table.js';

describe('routes must declare their auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('refuses to start an app with a route that declares no auth', async () => {
    const app = await buildApp(t.runtime.deps, { logger: false });
    const start = async () => {
      await app.register(async (child) => {
        child.get('/forgot-to-say', async () => ({ secret: true }));
      });
      await app.ready();
    };
    const err = await start().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UndeclaredAuthError);
    expect((err as Error).message).toMatch(/GET \/forgot-to-say does not declare config.auth/);
    await app.close().catch(() => undefined);
  });

  it('refuses an unknown auth mode as well', async () => {
    const app = await buildApp(t.runtime.deps, { logger: false });
    expect(() => app.get('/typo', { config: { auth: 'keys' as 'key' } }, async () => ({}))).toThrow(UndeclaredAuthError);
    await app.close();
  });

  it('starts when every route declares it, and lists them all', () => {
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.every((r) => ['key', 'session', 'session_or_key', 'key_or_oauth', 'none'].includes(r.auth))).toBe(true);
    expect(routes.find((r) => r.url === '/health')?.auth).toBe('none');
  });
});
