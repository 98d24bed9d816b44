/**
 * Builds the Fastify app from its dependencies without listening (tests use inject() or
 * listen themselves; bin/server listens). Order matters: request ids and error handling
 * first so every later failure is shaped and traced; swagger before routes so it sees them.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import { randomUUID } from 'node:crypto';
import type { ServiceDeps } from '../services/deps.js';
import { registerAuth } from './plugins/auth.js';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.js';
import { validatorCompiler } from './plugins/validation.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { requireAuthDeclarations } from './plugins/route-table.js';
import { SHARED_SCHEMAS } from './schemas.js';
import { ROUTES } from './routes/index.js';
import { recordHttpRequest } from '../metrics/index.js';

export const REQUEST_ID_HEADER = 'x-quarry-request-id';

export interface AppOptions {
  /** Pass false to silence request logs (benchmarks). */
  logger?: boolean;
}

export async function buildApp(deps: ServiceDeps, opts: AppOptions = {}): Promise<FastifyInstance> {
  // Typed as the default instance: route modules do not care which pino flavour logs.
  const app = Fastify({
    loggerInstance: opts.logger === false ? undefined : deps.logger,
    logger: opts.logger === false ? false : undefined,
    genReqId: () => randomUUID(),
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: opts.logger === false }),
    bodyLimit: 1024 * 1024,
    // Our own trace header, generated here: a client-sent id is never trusted as ours.
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  }) as unknown as FastifyInstance;
  // First, so every route (ours, plugins', other branches') must declare its auth.
  requireAuthDeclarations(app);
  app.setValidatorCompiler(validatorCompiler);
  for (const s of SHARED_SCHEMAS) app.addSchema(s);

  // Callback style on purpose: this runs on every request, and an async hook costs a promise.
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  // Metrics per route template (bounded labels); unmatched URLs count under one name.
  app.addHook('onResponse', (req, reply, done) => {
    recordHttpRequest(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  registerErrorHandling(app);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Quarry',
        description: 'Turn any website into a typed, callable API.',
        version: '2.0.0',
      },
      components: {
        securitySchemes: {
          ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          Bearer: { type: 'http', scheme: 'bearer' },
          Session: { type: 'apiKey', in: 'cookie', name: 'quarry_session' },
          OAuth: {
            type: 'oauth2',
            description: 'OAuth 2.1 for MCP clients (PKCE S256, dynamic registration); see docs/dashboard.md.',
            flows: { authorizationCode: { authorizationUrl: '/oauth/authorize', tokenUrl: '/oauth/token', refreshUrl: '/oauth/token', scopes: { mcp: 'Use the account over /mcp' } } },
          },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  registerAuth(app, deps);
  registerInputGuard(app);
  for (const route of ROUTES) route(app, deps);
  return app;
}
