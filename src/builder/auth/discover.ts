/**
 * Finding the way in once a wall is seen: the sign-in form on the walled page (or on the page
 * its "log in" link leads to), its fields, and whether the page logs in through a JSON API
 * (a form without an action whose script posts JSON).
 */
import * as cheerio from 'cheerio';
import { findLoginForms, type LoginForm } from '../../recipe/index.js';
import type { Fetcher } from '../../fetch/types.js';
import { paramOf, type LoginPlan, type LoginPlanField } from './plan.js';
import { rethrowUnless } from '../../errors/expected.js';

const LOGIN_LINK = /(log-?in|sign-?in|anmelden|connexion|inloggen)/i;

function fieldsOf(form: LoginForm): LoginPlanField[] {
  return form.fields.map((f) => ({ param: paramOf(f), site: f.name, role: f.role, type: f.type, label: f.label }));
}

/** A script that posts JSON to a login API: `fetch('/api/session', {method: 'POST', ... JSON.stringify({username, password})})`. */
function jsonLogin(html: string, pageUrl: string, fields: LoginPlanField[]): { url: string; fields: LoginPlanField[] } | null {
  const $ = cheerio.load(html);
  for (const script of $('script:not([src])').toArray()) {
    const code = $(script).text();
    const call = /fetch\(\s*['"`]([^'"`]+)['"`]\s*,\s*\{/.exec(code);
    const options = call ? code.slice(call.index, call.index + 800) : '';
    if (!call || !/method\s*:\s*['"`]POST/i.test(options) || !/JSON\.stringify/.test(options)) continue;
    const keys = /JSON\.stringify\(\s*\{([^}]*)\}/.exec(options)?.[1].split(',').map((p) => p.split(':')[0].trim().replace(/['"`]/g, '')).filter(Boolean) ?? [];
    const mapped = fields.map((f) => {
      const key = keys.find((k) => (f.role === 'password' ? /pass|pwd|secret/i.test(k) : !/pass|pwd|secret|otp|code/i.test(k))) ?? f.site;
      return { ...f, site: key };
    });
    try {
      return { url: new URL(call[1], pageUrl).href, fields: mapped };
    } catch (err) {
      rethrowUnless(err, 'url');
      return null;
    }
  }
  return null;
}

/** The plan from one page, or null when it has no sign-in form. */
export function planFromPage(page: { url: string; text: string }, protectedUrl: string): LoginPlan | null {
  const form = findLoginForms(page.text, page.url).find((f) => f.fields.some((x) => x.role === 'password'));
  if (!form) return null;
  const fields = fieldsOf(form);
  const hasAction = /<form[^>]*\saction=/i.test(page.text);
  const json = hasAction ? null : jsonLogin(page.text, page.url, fields);
  if (json) return { kind: 'json', url: json.url, fields: json.fields, otp: false, protectedUrl };
  // The form is read again at every login (fresh CSRF token): keep the page, not its query (return URLs).
  const url = new URL(page.url);
  url.search = '';
  url.hash = '';
  return { kind: 'form', url: url.href, fields, otp: fields.some((f) => f.role === 'otp'), protectedUrl };
}

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
  const link = $('a[href]')
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
  return res.status < 400 ? planFromPage({ url: res.url, text: res.text }, protectedUrl) : null;
}
