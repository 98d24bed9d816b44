import type { RouteModule } from '../types.js';
import { acceptDisclaimer } from '../../../services/accounts.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';
import { accountSchema } from '../auth/cookie.js';

/** POST /account/disclaimer: the one-time acceptance needed for authenticated builds (dashboard session). */
const route: RouteModule = (app, deps) => {
  app.post(
    '/account/disclaimer',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['account'],
        summary: 'Accept the disclaimer for login-protected builds',
        security: [{ Session: [] }],
        response: { 200: accountSchema, ...errorResponses(401) },
      },
    },
    async (req) => acceptDisclaimer(deps.db, deps.clock, callerOf(req).userId),
  );
};
export default route;
