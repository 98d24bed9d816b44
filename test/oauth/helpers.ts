/** An in-memory OAuth client for the official MCP SDK, and the consent page driven over plain HTTP. */
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

export class MemoryOAuthProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | null = null;
  constructor(readonly redirect: string) {}
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Test MCP client', redirect_uris: [this.redirect], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The consent form's fields, read from the page's hidden inputs. */
export function formFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    out[m[1]] = m[2].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  }
  return out;
}

/** Opens the authorization URL as the logged-in user, answers the consent page, returns the redirect. */
export async function consent(authorizationUrl: URL | string, cookie: string, decision: 'approve' | 'deny' = 'approve'): Promise<URL> {
  const page = await fetch(authorizationUrl, { headers: { cookie }, redirect: 'manual' });
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${await page.text()}`);
  const fields = formFields(await page.text());
  const res = await fetch(new URL('/oauth/authorize', authorizationUrl), {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, decision }),
    redirect: 'manual',
  });
  if (res.status !== 302) throw new Error(`consent answered ${res.status}: ${await res.text()}`);
  return new URL(res.headers.get('location') as string);
}
