import type { RouteModule } from '../types.js';
import { notFound, unauthorized } from '../../../errors/index.js';
import { exposition } from '../../../metrics/index.js';
import { sameSecret } from '../../../services/secrets.js';

/**
 * GET /metrics: Prometheus exposition of this process's metrics (src/metrics). Not public: it
 * answers 404 unless QUARRY_METRICS_TOKEN is set, and then only to `Authorization: Bearer <token>`.
 * Left out of the OpenAPI document: it is for operators, not API callers.
 */
const route: RouteModule = (app, deps) => {
  app.get('/metrics', { config: { auth: 'none' }, schema: { hide: true } }, async (req, reply) => {
    const token = deps.config.metricsToken;
    if (!token) throw notFound('Route GET /metrics not found');
    const m = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
    if (!m || !sameSecret(m[1], token)) throw unauthorized('Metrics need Authorization: Bearer <QUARRY_METRICS_TOKEN>');
    const { contentType, text } = await exposition();
    return reply.type(contentType).send(text);
  });
};
export default route;
