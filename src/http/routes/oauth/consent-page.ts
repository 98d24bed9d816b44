/**
 * The consent page and the authorize error page, rendered by the server (no script at all, so
 * the Content-Security-Policy forbids every script). The form repeats the authorize request in
 * hidden fields; the server validates it again on submit, so nothing here is trusted.
 */
import type { AuthorizationRequest } from '../../../services/oauth.js';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const shell = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${esc(title)} · Quarry</title>
<link rel="stylesheet" href="/oauth/consent.css"></head>
<body><main class="card">${body}</main></body></html>`;

export function consentPage(req: AuthorizationRequest, query: Record<string, string | undefined>, email: string): string {
  const hidden = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'state', 'scope', 'resource']
    .filter((k) => query[k] !== undefined)
    .map((k) => `<input type="hidden" name="${k}" value="${esc(query[k] as string)}">`)
    .join('');
  const target = new URL(req.redirectUri);
  return shell(
    'Allow access',
    `<h1>Allow <strong>${esc(req.client.name)}</strong> to use your Quarry account?</h1>
<p>Signed in as <strong>${esc(email)}</strong>.</p>
<p>It will be able to list and call your APIs, search the marketplace, and build and revise APIs through the MCP server,
spending your credits as you would. It never sees your password or API keys.</p>
<p class="muted">You will be sent back to <code>${esc(target.origin)}</code>. You can revoke this access at any time under Account → Connected applications.</p>
<form method="post" action="/oauth/authorize">${hidden}
<div class="actions"><button type="submit" name="decision" value="deny" class="secondary">Deny</button>
<button type="submit" name="decision" value="approve" autofocus>Allow</button></div></form>`,
  );
}

export function authorizeErrorPage(message: string): string {
  return shell('Authorization failed', `<h1>This authorization request cannot be completed</h1><p role="alert">${esc(message)}</p>
<p class="muted">Nothing was shared. Go back to the application and try connecting again; if it keeps failing, the application is misconfigured.</p>`);
}

export const CONSENT_CSS = `:root{color-scheme:light dark;--bg:#f6f7f9;--fg:#15171a;--card:#fff;--muted:#5b6270;--accent:#2450d8;--border:#d6d9df}
@media (prefers-color-scheme:dark){:root{--bg:#111317;--fg:#e9ebef;--card:#1b1e24;--muted:#a2a9b6;--accent:#7ea0ff;--border:#333842}}
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:var(--bg);color:var(--fg);display:flex;justify-content:center;padding:1rem}
.card{max-width:34rem;width:100%;background:var(--card);border:1px solid var(--border);border-radius:12px;padding:1.5rem;margin-top:8vh}
h1{font-size:1.3rem;margin-top:0}.muted{color:var(--muted);font-size:.9rem}code{word-break:break-all}
.actions{display:flex;gap:.75rem;justify-content:flex-end;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer}
button.secondary{background:transparent;color:var(--fg);border-color:var(--border)}
button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}`;
