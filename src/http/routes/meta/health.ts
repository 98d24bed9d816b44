import type { RouteModule } from '../types.js';
import { isReady } from '../../../db/index.js';
import { QuarryError } from '../../../errors/index.js';

/** GET /health: 200 once the database answers. */
const route: RouteModule = (app, deps) => {
  app.get(
    '/health',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['meta'],
        summary: 'Liveness and database readiness',
        response: { 200: { type: 'object', properties: { status: { type: 'string' }, database: { type: 'string' } } } },
      },
    },
    async () => {
      if (!(await isReady(deps.db))) throw new QuarryError('unavailable', 'Database not ready');
      return { status: 'ok', database: deps.db.dialect };
    },
  );
};
export default route;
