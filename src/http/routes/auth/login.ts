import type { RouteModule } from '../types.js';
import { login } from '../../../services/accounts.js';
import { authAttemptDenyToError } from '../../../ratelimit/index.js';
import { errorResponses } from '../../schemas.js';
import { accountSchema, credentialsBody, setSessionCookie } from './cookie.js';

/** POST /auth/login: password log-in, rate limited per client address. */
const route: RouteModule = (app, deps) => {
  app.post<{ Body: { email: string; password: string } }>(
    '/auth/login',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['account'],
        summary: 'Log in (sets the session cookie)',
        body: credentialsBody,
        response: { 200: accountSchema, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (req, reply) => {
      const attempt = await deps.limiter.consumeAuthAttempt(req.ip);
      if (!attempt.allowed) throw authAttemptDenyToError(attempt);
      const session = await login(deps.db, deps.clock, deps.config.sessionTtlMs, req.body.email, req.body.password);
      setSessionCookie(reply, session.token, session.expiresAt);
      return session.account;
    },
  );
};
export default route;
