/** OAuth 2.1 for MCP clients: discovery, registration, authorize + consent, tokens, revocation, grants. */
import type { RouteModule } from '../types.js';
import metadata from './metadata.js';
import register from './register.js';
import authorize from './authorize.js';
import token from './token.js';
import revoke from './revoke.js';
import { listRoute, revokeRoute } from './grants.js';

export const ROUTES: RouteModule[] = [metadata, register, authorize, token, revoke, listRoute, revokeRoute];
