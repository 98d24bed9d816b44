/**
 * Every route must say who may call it: a route registered without `config.auth` makes the
 * app fail to build (auth fails closed; nothing is public by omission). The same hook keeps
 * the app's own route table, which the security and fuzz suites read, so a new route is
 * tested the day it is added.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { AuthMode } from './auth.js';

export interface RegisteredRoute {
  method: string;
  /** The route's pattern, e.g. `/dispatch/tasks/:task_id`. */
  url: string;
  auth: AuthMode;
  /** The route's schema as declared (field names for tests that probe the route). */
  schema: FastifySchema | undefined;
}

const AUTH_MODES: ReadonlySet<string> = new Set<AuthMode>(['key', 'session', 'session_or_key', 'key_or_oauth', 'none']);
const tables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

export class UndeclaredAuthError extends Error {
  constructor(method: string, url: string) {
    super(`Route ${method} ${url} does not declare config.auth ('key' | 'session' | 'session_or_key' | 'key_or_oauth' | 'none')`);
    this.name = 'UndeclaredAuthError';
  }
}

/** Call before any route is registered. */
export function requireAuthDeclarations(app: FastifyInstance): void {
  const table: RegisteredRoute[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (opts) => {
    const methods = ([] as string[]).concat(opts.method);
    const auth = opts.config?.auth;
    if (typeof auth !== 'string' || !AUTH_MODES.has(auth)) throw new UndeclaredAuthError(methods.join(','), opts.url);
    for (const method of methods) {
      table.push({ method, url: opts.url, auth, schema: opts.schema });
    }
  });
}

/** The routes the app registered (in order), for tests that must cover all of them. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const table = tables.get(app);
  if (!table) throw new Error('requireAuthDeclarations() was not called on this app');
  return table;
}
