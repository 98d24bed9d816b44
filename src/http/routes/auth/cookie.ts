import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/auth.js';

/** The session cookie (HttpOnly, SameSite=Lax, Secure over https); forgery is refused by Fetch Metadata (plugins/csrf.ts). */
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: string): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.request.protocol === 'https',
    path: '/',
    expires: new Date(expiresAt),
  });
}

export const accountSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    plan: { type: 'string' },
    credits_remaining: { type: 'integer' },
    credits_limit: { type: 'integer' },
    disclaimer_accepted_at: { type: ['string', 'null'] },
    workspace_id: { type: ['string', 'null'] },
  },
} as const;

export const credentialsBody = {
  type: 'object',
  properties: {
    email: { type: 'string', minLength: 3, maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
  },
  required: ['email', 'password'],
} as const;
