import type { RouteModule } from '../types.js';
import { logout } from '../../../services/accounts.js';
import { SESSION_COOKIE } from '../../plugins/auth.js';

/** POST /auth/logout: ends the dashboard session (idempotent). */
const route: RouteModule = (app, deps) => {
  app.post(
    '/auth/logout',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['account'],
        summary: 'Log out',
        response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      },
    },
    async (req, reply) => {
      await logout(deps.db, req.cookies[SESSION_COOKIE]);
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true };
    },
  );
};
export default route;
