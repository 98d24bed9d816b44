/**
 * The build's one session with the site: log in with the caller's answers through the same
 * login endpoint the API will have (so the build tests it), prove it (the walled page now shows
 * content), then explore through a fetcher that sends the session's cookies on every request
 * and never follows a sign-out link. The answers live in memory only for this call.
 */
import { createCookieJar } from '../../fetch/index.js';
import type { CookieJar, Fetcher, FetchRequest } from '../../fetch/types.js';
import { isQuarryError } from '../../errors/index.js';
import { RECIPE_FORMAT, runEndpoint, type Recipe } from '../../recipe/index.js';
import { detectLoginWall } from '../login-wall.js';
import { LoginLocked, LoginRefused, OtpRequired } from './errors.js';
import { LOGIN_ENDPOINT, loginEndpoint, type LoginPlan } from './plan.js';
import { isSignOutUrl, signOutSkipped, signOutUrls } from './sign-out.js';

const withoutHash = (url: string) => url.replace(/#.*$/, '');

/**
 * A fetcher that carries the session's cookies and never sends a request that would end the
 * session: URLs whose words say so, and every sign-out link or form action seen on the pages
 * it has read (a sign-out button whose action is an innocent path, say).
 */
export function sessionFetcher(base: Fetcher, jar: CookieJar): Fetcher {
  const seen = new Set<string>();
  return {
    async fetch(req: FetchRequest) {
      if (isSignOutUrl(req.url) || seen.has(withoutHash(req.url))) throw signOutSkipped(req.url);
      const res = await base.fetch({ ...req, cookieJar: jar });
      if (/html/.test(res.contentType)) for (const url of signOutUrls(res.text, res.url)) seen.add(url);
      return res;
    },
    robotsAllowed: (url, signal) => base.robotsAllowed(url, signal),
    // The build's browser (owned and closed by the base fetcher): JavaScript sites behind a login render too.
    browser: base.browser,
    close: async () => {},
  };
}

export interface BuildSession {
  plan: LoginPlan;
  fetcher: Fetcher;
}

/**
 * Log in for the build. Throws LoginRefused (wrong credentials or code, or still walled after
 * logging in) or OtpRequired (the site asks for a code the caller has not given yet).
 */
export async function logInForBuild(
  plan: LoginPlan,
  answers: Record<string, string>,
  fetcher: Fetcher,
  signal: AbortSignal,
): Promise<BuildSession> {
  const host = new URL(plan.protectedUrl).host;
  const endpoint = loginEndpoint(plan, host);
  const recipe: Recipe = { format: RECIPE_FORMAT, name: host, description: '', source_url: plan.protectedUrl, endpoints: [endpoint] };
  const jar = createCookieJar();
  // Only the answers the login takes: an extra field in the caller's answer is not a refusal.
  const known = Object.keys((endpoint.input_params.properties as Record<string, unknown> | undefined) ?? {});
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(answers)) if (known.includes(k) && typeof v === 'string' && v !== '') params[k] = v;
  try {
    await runEndpoint(recipe, LOGIN_ENDPOINT, params, { fetcher, signal, cookieJar: jar, coerceParams: true });
  } catch (err) {
    if (signal.aborted) throw err;
    if (isQuarryError(err) && err.code === 'input_format_invalid' && err.fields.param === 'otp') {
      const label = typeof err.fields.label === 'string' && err.fields.label ? err.fields.label : 'One-time code';
      const withOtp: LoginPlan = plan.fields.some((f) => f.role === 'otp')
        ? { ...plan, otp: true }
        : { ...plan, otp: true, fields: [...plan.fields, { param: 'otp', site: 'otp', role: 'otp', type: 'otp', label }] };
      if (!params.otp) throw new OtpRequired(withOtp);
      throw new LoginRefused(withOtp, 'otp', 'The site refused the one-time code.');
    }
    if (isQuarryError(err) && err.code === 'input_format_invalid' && err.fields.reason === 'account_locked') throw new LoginLocked(plan, err.message);
    if (isQuarryError(err) && err.code === 'input_format_invalid') {
      throw new LoginRefused(plan, 'password', 'The site refused these credentials: the login failed.');
    }
    throw err;
  }
  // Proof: the page that was behind the wall now shows content.
  const session = sessionFetcher(fetcher, jar);
  const proof = await session.fetch({ url: plan.protectedUrl, signal });
  const wall = proof.status === 403 ? 'the site answered 403 Forbidden' : detectLoginWall({ url: plan.protectedUrl, finalUrl: proof.url, status: proof.status, text: proof.text });
  if (wall) throw new LoginRefused(plan, 'password', `Logged in, but ${plan.protectedUrl} still asks to sign in (${wall}).`);
  return { plan: params.otp ? { ...plan, otp: true } : plan, fetcher: session };
}
