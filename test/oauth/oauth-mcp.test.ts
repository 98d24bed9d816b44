/**
 * OAuth 2.1 for /mcp, end to end with the official MCP SDK client against the listening
 * service: discovery from the 401, dynamic registration, the consent page, PKCE, tools over
 * the access token, refresh (rotation), and revocation from the dashboard. Then the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, refreshAuthorization, discoverAuthorizationServerMetadata } from '@modelcontextprotocol/sdk/client/auth.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { MemoryOAuthProvider, consent, formFields } from './helpers.js';

const REDIRECT = 'http://127.0.0.1:9/callback';

describe('OAuth 2.1 for MCP clients', () => {
  let t: TestApp;
  let base: string;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const addr = t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${addr.port}`;
    user = await t.user();
  });
  afterAll(async () => t?.close());

  const mcpClient = async (provider: MemoryOAuthProvider) => {
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider });
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await client.connect(transport);
    return { client, transport };
  };

  /** Register + authorize through the consent page + exchange, all driven by the SDK. */
  const connectThroughConsent = async (provider: MemoryOAuthProvider) => {
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider });
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrl?.pathname).toBe('/oauth/authorize');
    const back = await consent(provider.authorizationUrl as URL, user.cookie);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    await transport.finishAuth(back.searchParams.get('code') as string);
    return mcpClient(provider);
  };

  it('discovers, registers, authorizes, calls tools, refreshes and is revoked from the dashboard', async () => {
    const unauth = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unauth.status).toBe(401);
    expect(unauth.headers.get('www-authenticate')).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);

    const provider = new MemoryOAuthProvider(REDIRECT);
    const { client } = await connectThroughConsent(provider);
    expect(provider.info?.client_id).toEqual(expect.any(String));
    expect(provider.saved?.access_token).toMatch(/^qoa_/);
    const tools = await client.listTools();
    expect(tools.tools.map((x) => x.name)).toContain('search_marketplace');
    const found = await client.callTool({ name: 'search_marketplace', arguments: { query: 'news' } });
    expect(found.isError).not.toBe(true);

    // Refresh: a new pair; the old refresh token is spent.
    const metadata = await discoverAuthorizationServerMetadata(base);
    const old = provider.saved!;
    const fresh = await refreshAuthorization(base, { metadata, clientInformation: provider.info!, refreshToken: old.refresh_token! });
    expect(fresh.access_token).not.toBe(old.access_token);
    expect(fresh.refresh_token).not.toBe(old.refresh_token);
    provider.saveTokens(fresh);
    const again = await mcpClient(provider);
    expect((await again.client.listTools()).tools.length).toBeGreaterThan(0);

    // The dashboard lists the application and revokes it: its token stops working at once.
    const grants = (await t.call('GET', '/account/oauth-grants', { headers: { cookie: user.cookie } })).json().grants;
    expect(grants).toEqual([expect.objectContaining({ client_name: 'Test MCP client', client_id: provider.info!.client_id })]);
    const revoked = await t.call('DELETE', `/account/oauth-grants/${grants[0].id}`, { headers: { cookie: user.cookie } });
    expect(revoked.statusCode).toBe(200);
    const refused = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fresh.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(401);
    const noRefresh = await refreshAuthorization(base, { metadata, clientInformation: provider.info!, refreshToken: fresh.refresh_token! }).catch((e: Error) => e);
    expect(String(noRefresh)).toMatch(/revoked|invalid_grant/i);
    expect((await t.call('GET', '/account/oauth-grants', { headers: { cookie: user.cookie } })).json().grants).toEqual([]);
  });

  it('refuses an expired access token, and the SDK client then refreshes by itself', async () => {
    const provider = new MemoryOAuthProvider(REDIRECT);
    const { client } = await connectThroughConsent(provider);
    const first = provider.saved!.access_token;
    // Age every access token of this client's grant past its lifetime.
    const grant = (await t.call('GET', '/account/oauth-grants', { headers: { cookie: user.cookie } }))
      .json()
      .grants.find((g: { client_id: string }) => g.client_id === provider.info!.client_id);
    await t.runtime.deps.db.kysely
      .updateTable('oauth_tokens')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('grant_id', '=', grant.id)
      .where('kind', '=', 'access')
      .execute();
    const direct = await fetch(`${base}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${first}`, 'content-type': 'application/json' }, body: '{}' });
    expect(direct.status).toBe(401);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    expect(provider.saved!.access_token).not.toBe(first);
  });

  describe('refusals', () => {
    const register = async (redirect = REDIRECT) => {
      const res = await fetch(`${base}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'Manual client', redirect_uris: [redirect] }),
      });
      expect(res.status).toBe(201);
      return (await res.json() as any).client_id as string;
    };
    const pkce = () => {
      const verifier = randomBytes(32).toString('base64url');
      return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
    };
    const authorizeUrl = (clientId: string, challenge: string, over: Record<string, string> = {}) =>
      `${base}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256', state: 'st', ...over })}`;
    const token = (body: Record<string, string>) =>
      fetch(`${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });

    it('refuses a redirect URI that differs by one character, without redirecting', async () => {
      const clientId = await register();
      const { challenge } = pkce();
      const res = await fetch(authorizeUrl(clientId, challenge, { redirect_uri: 'http://127.0.0.1:9/callbacc' }), { headers: { cookie: user.cookie }, redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('redirect_uri does not match');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      // A token request naming another redirect URI than the authorized one is refused too.
      const good = await consent(authorizeUrl(clientId, challenge), user.cookie);
      const { verifier } = pkce();
      const wrong = await token({ grant_type: 'authorization_code', client_id: clientId, code: good.searchParams.get('code')!, code_verifier: verifier, redirect_uri: `${REDIRECT}/` });
      expect(wrong.status).toBe(400);
      expect((await wrong.json() as any).error).toBe('invalid_grant');
    });

    it('refuses a replayed code and revokes what the first exchange issued', async () => {
      const clientId = await register();
      const { verifier, challenge } = pkce();
      const back = await consent(authorizeUrl(clientId, challenge), user.cookie);
      expect(back.searchParams.get('state')).toBe('st');
      const body = { grant_type: 'authorization_code', client_id: clientId, code: back.searchParams.get('code')!, code_verifier: verifier, redirect_uri: REDIRECT };
      const first = await token(body);
      expect(first.status).toBe(200);
      const tokens = (await first.json()) as any;
      expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'mcp', expires_in: 3600 });
      const replay = await token(body);
      expect(replay.status).toBe(400);
      expect(await replay.json() as any).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('already used') });
      const mcp = await fetch(`${base}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' }, body: '{}' });
      expect(mcp.status).toBe(401);
    });

    it('gives both of two concurrent refreshes a pair, and revokes the grant when a rotated-out token comes back later', async () => {
      const clientId = await register();
      const { verifier, challenge } = pkce();
      const back = await consent(authorizeUrl(clientId, challenge), user.cookie);
      const issued = (await (await token({ grant_type: 'authorization_code', client_id: clientId, code: back.searchParams.get('code')!, code_verifier: verifier, redirect_uri: REDIRECT })).json()) as any;
      const refresh = { grant_type: 'refresh_token', client_id: clientId, refresh_token: issued.refresh_token };
      // One client, two requests meeting the same expiry: both refresh with the one token.
      const both = await Promise.all([token(refresh), token(refresh)]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      const pairs = (await Promise.all(both.map((r) => r.json()))) as any[];
      expect(new Set([issued.access_token, ...pairs.map((p) => p.access_token)]).size).toBe(3);
      for (const pair of pairs) {
        const mcp = await fetch(`${base}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${pair.access_token}`, 'content-type': 'application/json' }, body: '{}' });
        expect(mcp.status).not.toBe(401);
      }
      // Past the grace window the spent token is a copy someone kept: the grant and all its tokens die.
      await t.runtime.deps.db.kysely
        .updateTable('oauth_tokens')
        .set({ revoked_at: '2000-01-01T00:00:00.000Z' })
        .where('id', '=', createHash('sha256').update(issued.refresh_token).digest('hex'))
        .execute();
      const late = await token(refresh);
      expect(late.status).toBe(400);
      expect(await late.json() as any).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('already used') });
      const dead = await token({ ...refresh, refresh_token: pairs[0].refresh_token });
      expect(await dead.json() as any).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('revoked') });
      const mcp = await fetch(`${base}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${pairs[1].access_token}`, 'content-type': 'application/json' }, body: '{}' });
      expect(mcp.status).toBe(401);
    });

    it('refuses a wrong PKCE verifier, the plain method, and a consent post from another site', async () => {
      const clientId = await register();
      const { challenge } = pkce();
      const back = await consent(authorizeUrl(clientId, challenge), user.cookie);
      const bad = await token({ grant_type: 'authorization_code', client_id: clientId, code: back.searchParams.get('code')!, code_verifier: pkce().verifier, redirect_uri: REDIRECT });
      expect((await bad.json() as any).error).toBe('invalid_grant');

      const plain = await fetch(authorizeUrl(clientId, challenge, { code_challenge_method: 'plain' }), { headers: { cookie: user.cookie }, redirect: 'manual' });
      expect(plain.status).toBe(302);
      const loc = new URL(plain.headers.get('location')!);
      expect(loc.searchParams.get('error')).toBe('invalid_request');
      expect(loc.searchParams.get('state')).toBe('st');

      const page = await fetch(authorizeUrl(clientId, challenge), { headers: { cookie: user.cookie } });
      const fields = formFields(await page.text());
      const forged = await fetch(`${base}/oauth/authorize`, {
        method: 'POST',
        headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' },
        body: new URLSearchParams({ ...fields, decision: 'approve' }),
        redirect: 'manual',
      });
      expect(forged.status).toBe(403);
      expect(forged.headers.get('location')).toBeNull();
    });

    it('sends a visitor without a session to the dashboard log-in first, and refuses unknown clients and bad metadata', async () => {
      const clientId = await register();
      const url = authorizeUrl(clientId, pkce().challenge);
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/login?next=${encodeURIComponent(url.slice(base.length))}`);
      const unknown = await fetch(authorizeUrl('nope', pkce().challenge), { headers: { cookie: user.cookie }, redirect: 'manual' });
      expect(unknown.status).toBe(400);
      const badMeta = await fetch(`${base}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['http://evil.example/cb'] }) });
      expect(badMeta.status).toBe(400);
      expect((await badMeta.json() as any).error).toBe('invalid_client_metadata');
      const grant = await token({ grant_type: 'password', client_id: clientId });
      expect((await grant.json() as any).error).toBe('unsupported_grant_type');
    });

    it('another account cannot revoke my connected application (404)', async () => {
      const other = await t.user();
      const res = await t.call('DELETE', '/account/oauth-grants/whatever', { headers: { cookie: other.cookie } });
      expect(res.statusCode).toBe(404);
      const crossSite = await t.call('DELETE', '/account/oauth-grants/whatever', { headers: { cookie: other.cookie, 'sec-fetch-site': 'cross-site' } });
      expect(crossSite.statusCode).toBe(403);
    });
  });
});
