/**
 * Sites behind a login (docs/sessions.md): noticing the wall, understanding the sign-in,
 * logging in for the build, and the login endpoint of the generated API. The build pipeline
 * calls `checkLoginWall` and `openBuildSession`; the build job turns the errors into task states.
 */
import type { Fetcher } from '../../fetch/types.js';
import { isQuarryError } from '../../errors/index.js';
import type { Exploration, FetchedPage } from '../explore/types.js';
import { detectLoginWall } from '../login-wall.js';
import { discoverLogin } from './discover.js';
import { LoginRequired } from './errors.js';
import { nullOn } from '../../errors/expected.js';
import { logInForBuild, type BuildSession } from './session.js';
import type { LoginPlan } from './plan.js';

export { LoginRequired, LoginRefused, LoginLocked, OtpRequired } from './errors.js';
export { credentialsPrompt, otpPrompt, withLoginEndpoint, loginEndpoint, LOGIN_ENDPOINT, type LoginPlan, type UserInputPrompt } from './plan.js';
export { sessionFetcher, type BuildSession } from './session.js';

/** What the build knows of the caller's permission and answers (BuildRequest.auth). */
export interface BuildAuth {
  /** allow_auth: the caller permits a build behind a login. */
  allowed: boolean;
  /** The sign-in found by an earlier run of this build. */
  plan?: LoginPlan;
  /** The caller's answers (credentials, one-time code): in memory only. */
  answers?: Record<string, string>;
}

/** A build error people read (pipeline's BuildFailedError is passed in to keep this module below it). */
type Fail = (message: string) => Error;

/** With answers: log in before exploring. Without: null (the wall, if any, is met while exploring). */
export async function openBuildSession(
  req: { auth?: BuildAuth; fetcher: Fetcher; signal: AbortSignal },
): Promise<BuildSession | null> {
  const auth = req.auth;
  if (!auth?.allowed || !auth.plan || !auth.answers) return null;
  return logInForBuild(auth.plan, auth.answers, req.fetcher, req.signal);
}

/**
 * The wall check on the explored entry page (and on the pages behind its links: a 401 there, or
 * a redirect to a sign-in page). Without allow_auth the build fails saying how to allow it; with
 * it, LoginRequired carries the sign-in found. Logged in and still walled: the login did not hold.
 */
export async function checkLoginWall(
  req: { url: string; auth?: BuildAuth; fetcher: Fetcher; signal: AbortSignal },
  exploration: Exploration,
  session: BuildSession | null,
  fail: Fail,
): Promise<void> {
  const entry = exploration.entry;
  // An app shell whose script wants a stored token is a wall until the build holds that token itself.
  const scripts = !session?.plan.token?.header;
  const wall = detectLoginWall(entry, { scripts }) ?? (entry.status === 403 ? 'the site answered 403 Forbidden' : null);
  if (wall) return wallMet(req, { url: entry.finalUrl, text: entry.text }, wall, session, fail);
  const behind = wallBehindLinks(exploration, scripts);
  if (behind) await wallMet({ ...req, url: behind.protectedUrl ?? req.url }, { url: behind.page.url, text: behind.page.text }, behind.reason, session, fail);
}

/**
 * The explorer refuses an entry page that answers 401 or 403; such a page may be the wall itself
 * ("please log in to see your orders"). Read it once more and judge it like any wall.
 */
export async function checkEntryRefusal(
  req: { url: string; auth?: BuildAuth; fetcher: Fetcher; signal: AbortSignal },
  err: unknown,
  session: BuildSession | null,
  fail: Fail,
): Promise<void> {
  const fields = isQuarryError(err) ? err.fields : null;
  if (fields?.reason !== 'entry_status' || (fields.upstream_status_code !== 401 && fields.upstream_status_code !== 403)) return;
  const res = await req.fetcher.fetch({ url: req.url, signal: req.signal }).catch(nullOn('fetch'));
  if (!res) return;
  await wallMet(req, { url: res.url, text: res.text }, `the site answered ${res.status} ${res.status === 401 ? 'Unauthorized' : 'Forbidden'}`, session, fail);
}

async function wallMet(
  req: { url: string; auth?: BuildAuth; fetcher: Fetcher; signal: AbortSignal },
  page: { url: string; text: string },
  wall: string,
  session: BuildSession | null,
  fail: Fail,
): Promise<never> {
  if (session) throw fail(`Logged in, but ${req.url} still asks to sign in (${wall}).`);
  if (!req.auth?.allowed) {
    throw fail(
      `${req.url} needs a login (${wall}). To build it with your account, dispatch again with "allow_auth": true ` +
        '(a paid plan and the one-time disclaimer, POST /account/disclaimer); the task will then ask for the credentials.',
    );
  }
  const plan = await discoverLogin(page, req.url, req.fetcher, req.signal).catch(nullOn('fetch'));
  if (!plan) throw fail(`${req.url} needs a login (${wall}), but no sign-in form was found to log in with.`);
  throw new LoginRequired(plan, wall);
}

/**
 * At least half the explored pages redirected to a sign-in page, answered 401/403 or are sign-in
 * walls: the content is behind a login (a public home page whose links lead to sign-in).
 */
function wallBehindLinks(exploration: Exploration, scripts: boolean): { reason: string; page: FetchedPage; protectedUrl?: string } | null {
  const pages = Object.values(exploration.pages);
  if (pages.length < 2) return null;
  const walled = pages.filter((p) => p.status === 401 || p.status === 403 || detectLoginWall(p, { scripts }) !== null);
  if (walled.length === 0 || walled.length * 2 < pages.length) return null;
  // The sign-in is read from the walled page with a password form, else the first walled page.
  const page = walled.find((p) => /type=["']?password/i.test(p.text)) ?? walled[0];
  // The proof of being logged in reads a page that was refused (redirected or 401/403), not the sign-in page itself.
  const refused = walled.find((p) => p.status === 401 || p.status === 403 || new URL(p.requestedUrl).pathname !== new URL(p.url).pathname);
  return { reason: `${walled.length} of ${pages.length} explored pages ask to sign in`, page, protectedUrl: refused?.requestedUrl };
}
