/**
 * Finding the way in once a wall is seen: the sign-in form on the walled page (or on the page
 * its "log in" link leads to), its fields, and whether the page logs in through a JSON API
 * (a form without an action whose script posts JSON).
 */
import * as cheerio from 'cheerio';
import { findLoginForms, type LoginForm } from '../../recipe/index.js';
import type { Fetcher } from '../../fetch/types.js';
import { paramOf, type LoginPlan, type LoginPlanField } from './plan.js';
import type { LoginToken } from '../../recipe/types.js';
import { rethrowUnless } from '../../errors/expected.js';
import { scriptSignInUrl } from '../login-wall.js';

const LOGIN_LINK = /(log[-_ ]?in|sign[-_ ]?in|log[-_ ]?on\b|anmelden|connexion|inloggen)/i;

function fieldsOf(form: LoginForm): LoginPlanField[] {
  return form.fields.map((f) => ({ param: paramOf(f), site: f.name, role: f.role, type: f.type, label: f.label }));
}

/** A login the page's script makes: where it posts, how, and what it keeps from the answer. */
interface ScriptLogin {
  url: string;
  body: 'json' | 'form';
  /** JSON keys the script posts (`email`, `password`) and fixed values beside them (`client: 'web'`). */
  keys: string[];
  constants: Record<string, string>;
  token?: LoginToken;
}

/** A POST the script sends: `fetch(url, {method: 'POST', ...})`, `axios.post(url, ...)`, `$.post(url, ...)`. */
const POST_CALL = /(fetch|axios\.post|\$\.post)\(\s*['"`]([^'"`]+)['"`]\s*,/g;
/** `document.cookie = 'sid=' + res.sid` or `` document.cookie = `sid=${data.session.id}; path=/` ``. */
const COOKIE_SET = /document\.cookie\s*=\s*(?:['"]([\w.-]+)=['"]\s*\+\s*|`([\w.-]+)=\$\{\s*)[\w$]+((?:\.[\w$]+)+)/;
/** A token of the answer kept in web storage: `localStorage.setItem('auth', JSON.stringify({t: body.access_token}))`. */
const STORED = /(?:local|session)Storage\.setItem\(([^;\n]*)/i;
const TOKEN_PATH = /[\w$]+((?:\.[\w$]+)*\.[\w$]*(?:token|jwt)[\w$]*)\b/i;
/** How the site's scripts send a stored token back: `'Authorization': 'Bearer ' + ...`. */
const AUTH_HEADER = /['"]?(authorization|x-[\w-]*(?:token|auth)[\w-]*)['"]?\s*:\s*['"`](?:(\w+) ['"`]\s*\+|(\w+) \$\{)/i;

function scriptLogin(html: string, pageUrl: string, elsewhere: string): ScriptLogin | null {
  const $ = cheerio.load(html);
  for (const script of $('script:not([src])').toArray()) {
    const code = $(script).text();
    // A script about signing in: it handles the form's submit or names the password.
    if (!/pass(?:word|wd)?|pwd|submit/i.test(code)) continue;
    for (const call of code.matchAll(POST_CALL)) {
      const options = code.slice(call.index, call.index + 800);
      if (call[1] === 'fetch' && !/method\s*:\s*['"`]POST/i.test(options)) continue;
      const stringified = /JSON\.stringify\(\s*\{([^}]*)\}/.exec(options);
      const formData = /new (?:FormData|URLSearchParams)\b|\.serialize\(\)/.test(options);
      if (!stringified && !formData) continue;
      let url: string;
      try {
        url = new URL(call[2], pageUrl).href;
      } catch (err) {
        rethrowUnless(err, 'url');
        continue;
      }
      const keys: string[] = [];
      const constants: Record<string, string> = {};
      for (const pair of stringified?.[1].split(',') ?? []) {
        const [k, v = ''] = pair.split(':').map((x) => x.trim());
        const key = k.replace(/['"`]/g, '');
        if (!key) continue;
        const literal = /^['"]([\w .-]{0,40})['"]$/.exec(v);
        if (literal) constants[key] = literal[1];
        else keys.push(key);
      }
      return { url, body: stringified ? 'json' : 'form', keys, constants, token: tokenKept(code.slice(call.index), `${code}\n${elsewhere}`) };
    }
  }
  return null;
}

/** What the script keeps from the login answer, and how the site sends it back. */
function tokenKept(after: string, allScripts: string): LoginToken | undefined {
  const cookie = COOKIE_SET.exec(after);
  if (cookie) return { from: cookie[3].slice(1), cookie: cookie[1] ?? cookie[2] };
  // The storage key ('app.accessToken') is a string, not the answer: read the call without its strings.
  const call = STORED.exec(after)?.[1].replace(/'[^']*'|"[^"]*"|`[^`]*`/g, "''");
  const stored = call ? TOKEN_PATH.exec(call) : null;
  if (!stored) return undefined;
  const header = AUTH_HEADER.exec(allScripts);
  // The convention of token APIs when the scripts that send it are not in sight: a bearer token.
  return { from: stored[1].slice(1), header: (header?.[1] ?? 'authorization').toLowerCase(), prefix: `${header?.[2] ?? header?.[3] ?? 'Bearer'} ` };
}

/** The plan from one page, or null when it has no sign-in form. */
export function planFromPage(page: { url: string; text: string }, protectedUrl: string, walled = ''): LoginPlan | null {
  const form = findLoginForms(page.text, page.url).find((f) => f.fields.some((x) => x.role === 'password'));
  if (!form) return null;
  const fields = fieldsOf(form);
  // The form is read again at every login (fresh CSRF token): keep the page, not its query (return URLs).
  const url = new URL(page.url);
  url.search = '';
  url.hash = '';
  const otp = fields.some((f) => f.role === 'otp');
  // A form without an action is sent by the page's script (to a login API, as JSON or as the form's fields).
  const selfPosting = form.action === url.href || form.action === page.url.replace(/#.*$/, '');
  const byScript = selfPosting || !hasAction(page.text) ? scriptLogin(page.text, page.url, walled) : null;
  if (byScript?.body === 'json') {
    const mapped = fields.map((f) => {
      const key = byScript.keys.find((k) => (f.role === 'password' ? /pass|pwd|secret/i.test(k) : !/pass|pwd|secret|otp|code/i.test(k))) ?? f.site;
      return { ...f, site: key };
    });
    return { kind: 'json', url: byScript.url, fields: mapped, otp: false, protectedUrl, constants: byScript.constants, ...(byScript.token ? { token: byScript.token } : {}) };
  }
  if (byScript) return { kind: 'form', url: url.href, fields, otp, protectedUrl, action: byScript.url, ...(byScript.token ? { token: byScript.token } : {}) };
  return { kind: 'form', url: url.href, fields, otp, protectedUrl };
}

const hasAction = (html: string) => /<form[^>]*\saction=/i.test(html);

/** The plan of a walled page: its own form, else the form behind its "log in" link. */
export async function discoverLogin(
  page: { url: string; text: string },
  protectedUrl: string,
  fetcher: Fetcher,
  signal: AbortSignal,
): Promise<LoginPlan | null> {
  const own = planFromPage(page, protectedUrl);
  if (own) return own;
  const $ = cheerio.load(page.text);
  // Where the page's script sends a visitor without a session, else its "log in" link.
  const sent = scriptSignInUrl(page.text, page.url);
  const link = sent
    ? { href: sent }
    : $('a[href]')
        .toArray()
        .map((a) => ({ href: $(a).attr('href') ?? '', text: $(a).text() }))
        .find((a) => LOGIN_LINK.test(a.href) || LOGIN_LINK.test(a.text));
  if (!link) return null;
  let target: string;
  try {
    target = new URL(link.href, page.url).href;
  } catch (err) {
    rethrowUnless(err, 'url');
    return null;
  }
  const res = await fetcher.fetch({ url: target, signal });
  return res.status < 400 ? planFromPage({ url: res.url, text: res.text }, protectedUrl, page.text) : null;
}
