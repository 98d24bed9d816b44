import type { RouteModule } from '../types.js';
import { createUser, startSession } from '../../../services/accounts.js';
import { errorResponses } from '../../schemas.js';
import { accountSchema, credentialsBody, setSessionCookie } from './cookie.js';

/** POST /auth/signup: creates an account on the default plan and logs it in. */
const route: RouteModule = (app, deps) => {
  app.post<{ Body: { email: string; password: string } }>(
    '/auth/signup',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['account'],
        summary: 'Create an account (sets the session cookie)',
        body: credentialsBody,
        response: { 201: accountSchema, ...errorResponses(400, 409, 422) },
      },
    },
    async (req, reply) => {
      const account = await createUser(deps.db, deps.clock, { ...req.body, plan: deps.config.defaultPlan });
      const session = await startSession(deps.db, deps.clock, deps.config.sessionTtlMs, account.id);
      setSessionCookie(reply, session.token, session.expiresAt);
      return reply.code(201).send(account);
    },
  );
};
export default route;
