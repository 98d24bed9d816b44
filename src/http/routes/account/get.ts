import type { RouteModule } from '../types.js';
import { getAccount } from '../../../services/accounts.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas.js';
import { accountSchema } from '../auth/cookie.js';

/** GET /account: the caller's plan and credits (session or key). */
const route: RouteModule = (app, deps) => {
  app.get(
    '/account',
    {
      config: { auth: 'session_or_key' },
      schema: {
        tags: ['account'],
        summary: 'The account of the caller',
        security: [{ Session: [] }, { ApiKey: [] }, { Bearer: [] }],
        response: { 200: accountSchema, ...errorResponses(401) },
      },
    },
    async (req) => getAccount(deps.db, callerOf(req).userId),
  );
};
export default route;
