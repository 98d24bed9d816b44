/**
 * Refuses, before validation, request input that cannot be stored or used as sent: NUL,
 * unpaired surrogates and absurd nesting anywhere in the body, query string or path
 * (src/errors/unsafe-input.ts). One rule for every route, so a new route is covered the day
 * it is added. Routes whose service checks its own input (`config.inputCheckedByService`, the
 * execution routes: their refusals must carry rate-limit and credit headers and the
 * execution envelope) are skipped here.
 */
import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../../errors/index.js';
import { findUnsafeInput } from '../../errors/unsafe-input.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The service behind this route runs findUnsafeInput itself, in its own error shape. */
    inputCheckedByService?: boolean;
  }
}

const PARTS = ['params', 'query', 'body'] as const;

export function registerInputGuard(app: FastifyInstance): void {
  // Callback style: this runs on every request, and an async hook costs a promise.
  app.addHook('preValidation', (req, _reply, done) => {
    if (req.routeOptions.config?.inputCheckedByService) return done();
    for (const part of PARTS) {
      const found = findUnsafeInput(req[part]);
      if (found) {
        const field = found.path || part;
        const detail = { field, message: found.problem, in: part === 'params' ? 'path' : part === 'query' ? 'querystring' : 'body' };
        return done(validationFailed(`${field}: ${found.problem}`, [detail]));
      }
    }
    done();
  });
}
