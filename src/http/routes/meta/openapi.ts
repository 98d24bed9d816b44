import type { RouteModule } from '../types.js';
import { DOCS_PAGE } from './docs-page.js';

/** GET /openapi.json (the service's own description, generated from route schemas) and GET /docs. */
const route: RouteModule = (app) => {
  app.get('/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, async () => app.swagger());
  app.get('/docs', { config: { auth: 'none' }, schema: { hide: true } }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(DOCS_PAGE));
};
export default route;
