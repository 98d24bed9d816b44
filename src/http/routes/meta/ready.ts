import type { RouteModule } from '../types.js';
import { QuarryError } from '../../../errors/index.js';

const checks = { type: 'object', properties: { database: { type: 'string' }, redis: { type: 'string' }, queue: { type: 'string' } } };

/**
 * GET /ready: 200 while this process can work (database, Redis when configured, and the queue
 * all answer), else 503 `unavailable` naming what is down. For load balancers and orchestrators;
 * GET /health stays the liveness check.
 */
const route: RouteModule = (app, deps) => {
  app.get(
    '/ready',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['meta'],
        summary: 'Readiness: database, Redis and queue reachable',
        response: { 200: { type: 'object', properties: { status: { type: 'string' }, checks } } },
      },
    },
    async () => {
      const report = deps.readiness ? await deps.readiness() : null;
      if (!report) return { status: 'ready', checks: { database: 'ok', redis: 'not_configured', queue: 'ok' } };
      if (!report.ready) {
        const down = Object.entries(report.checks).filter(([, state]) => state === 'down').map(([name]) => name);
        throw new QuarryError('unavailable', `Not ready: ${down.join(', ')} unreachable`, { checks: report.checks });
      }
      return { status: 'ready', checks: report.checks };
    },
  );
};
export default route;
