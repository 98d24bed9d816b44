import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { RouteModule } from '../types.js';
import { MCP_SCOPE } from '../../../services/oauth.js';
import { mcpResourceOf, originOf } from './shared.js';

const open = { type: 'object', additionalProperties: true } as const;

/**
 * Discovery (RFC 9728 and RFC 8414): /mcp's protected-resource metadata names this server as
 * its authorization server, whose metadata lists the endpoints. The resource document is
 * served at the path-aware address MCP clients try first and at the bare one.
 */
const route: RouteModule = (app) => {
  const resource = (req: Parameters<typeof originOf>[0]): OAuthProtectedResourceMetadata => ({
    resource: mcpResourceOf(req),
    authorization_servers: [originOf(req)],
    scopes_supported: [MCP_SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: 'Quarry MCP server',
  });
  for (const url of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
    app.get(url, { config: { auth: 'none' }, schema: { tags: ['oauth'], summary: 'OAuth protected-resource metadata of /mcp (RFC 9728)', response: { 200: open } } }, async (req) =>
      resource(req),
    );
  }
  app.get(
    '/.well-known/oauth-authorization-server',
    { config: { auth: 'none' }, schema: { tags: ['oauth'], summary: 'OAuth authorization-server metadata (RFC 8414)', response: { 200: open } } },
    async (req): Promise<OAuthMetadata> => {
      const base = originOf(req);
      return {
        issuer: base,
        authorization_endpoint: `${base}/oauth/authorize`,
        token_endpoint: `${base}/oauth/token`,
        registration_endpoint: `${base}/oauth/register`,
        revocation_endpoint: `${base}/oauth/revoke`,
        scopes_supported: [MCP_SCOPE],
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        revocation_endpoint_auth_methods_supported: ['none'],
        authorization_response_iss_parameter_supported: true,
      } as OAuthMetadata;
    },
  );
};
export default route;
