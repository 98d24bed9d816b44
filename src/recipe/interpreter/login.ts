/**
 * The `login` step: log into the site with the caller's credentials, in the call's cookie jar.
 *
 * - `form`: fetch the sign-in page at `url`, find its password form, and post it back with the
 *   site's own hidden fields (a fresh CSRF token every time) plus the step's values; the fetcher
 *   follows the redirects and keeps the cookies of every hop.
 * - `json`: post the JSON to `url` (a JSON login API).
 * - A page that then asks for a one-time code gets the `otp` template's value (422 naming `otp`
 *   when the caller sent none).
 * - Success is what `success` says (status, a cookie, a selector on the landing page); without
 *   it, landing on a page that still shows the sign-in form means the site refused.
 * A refusal is 422 `input_format_invalid` naming `password`: the credentials are the input.
 */
import * as cheerio from 'cheerio';
import { QuarryError } from '../../errors/index.js';
import type { FetchRequest, FetchResponse } from '../../fetch/types.js';
import { fillDeep, fillString, resolveUrl } from '../template.js';
import type { LoginStep, LoginToken } from '../types.js';
import { FetchedPage, chargeRequest, scopeOf, throwIfAborted, type RunContext } from './context.js';
import { findOtpForm, findPasswordForm, type LoginForm } from './login-form.js';

export async function runLogin(step: LoginStep, ctx: RunContext): Promise<void> {
  const scope = scopeOf(ctx);
  const url = resolveUrl(fillString(step.url, scope, 'url'), ctx.run.recipe.source_url);
  if (!url) throw new QuarryError('scraper_bug', 'The login URL is not a valid http(s) URL.');
  let res: FetchResponse;
  if (step.json !== undefined) {
    res = await send(ctx, { url, method: step.method ?? 'POST', body: JSON.stringify(fillDeep(step.json, scope) ?? null), headers: { 'content-type': 'application/json', accept: 'application/json' } });
  } else {
    const page = await send(ctx, { url, method: 'GET' });
    const found = findPasswordForm(page.text, page.url);
    if (!found) {
      throw new QuarryError('scraper_bug', `The sign-in form was not found at ${page.url}; the site may have changed.`, { url: page.url });
    }
    // The page's script posts the form to a login API rather than to its action.
    const apiUrl = step.action ? resolveUrl(fillString(step.action, scope, 'url'), page.url) : null;
    const form: LoginForm = apiUrl ? { ...found, action: apiUrl, method: 'POST' } : found;
    const values: Record<string, string> = {};
    for (const [name, template] of Object.entries(step.form ?? {})) values[name] = fillString(template, scope, 'raw');
    res = await submit(ctx, form, values);
  }
  const otpForm = res.status < 400 ? findOtpForm(res.text, res.url) : null;
  if (otpForm) {
    const code = step.otp ? fillString(step.otp, scope, 'raw').trim() : '';
    const field = otpForm.fields.find((f) => f.role === 'otp')!;
    if (!code) {
      throw new QuarryError('input_format_invalid', 'The site asks for a one-time code after the password: send it as otp.', {
        param: 'otp',
        url: res.url,
        label: field.label,
      });
    }
    res = await submit(ctx, otpForm, { [field.name]: code });
    if (findOtpForm(res.text, res.url)) throw refused(res, 'otp', 'The site refused the one-time code.');
  }
  if (!succeeded(step, res, ctx)) {
    const locked = lockNotice(res);
    if (locked) {
      throw new QuarryError('input_format_invalid', `The site locked this account: "${locked}" Trying again will not help until the site unlocks it.`, {
        param: 'password',
        reason: 'account_locked',
        url: res.url,
        upstream_status_code: res.status,
      });
    }
    throw refused(res, 'password', 'The site refused these credentials (login failed).');
  }
  if (step.token) keepToken(step.token, res, ctx);
  ctx.page = new FetchedPage(res, res.contentType);
  ctx.data = { logged_in: true };
}

/**
 * Keep what the page's script would keep from the login answer: a cookie it sets by script, or a
 * header (a bearer token from localStorage) sent to this origin only. An answer without it did
 * not log in.
 */
function keepToken(token: LoginToken, res: FetchResponse, ctx: RunContext): void {
  let value: unknown;
  try {
    value = token.from.split('.').reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), JSON.parse(res.text));
  } catch {
    value = undefined;
  }
  if ((typeof value !== 'string' && typeof value !== 'number') || String(value).trim() === '') {
    throw refused(res, 'password', `The site's login answer carries no ${token.from}: the login failed.`);
  }
  // As document.cookie would take it: no separators or line breaks inside the value.
  const text = String(value).replace(/[;\r\n]/g, '');
  if (token.cookie) ctx.run.cookieJar.store(res.url, [`${token.cookie}=${text}; Path=/`]);
  if (token.header) ctx.run.cookieJar.setOriginHeader(res.url, token.header, `${token.prefix ?? ''}${text}`);
}

function refused(res: FetchResponse, param: string, message: string): QuarryError {
  return new QuarryError('input_format_invalid', message, { param, url: res.url, upstream_status_code: res.status });
}

function succeeded(step: LoginStep, res: FetchResponse, ctx: RunContext): boolean {
  const want = step.success;
  if (want?.status !== undefined ? res.status !== want.status : res.status >= 400) return false;
  if (want?.cookie && !ctx.run.cookieJar.cookieHeader(res.url).split(/;\s*/).some((c) => c.startsWith(`${want.cookie}=`))) return false;
  if (want?.selector) return cheerio.load(res.text)(want.selector).length > 0;
  // A JSON answer (a login API, also one a script posts the form to) says itself whether it worked.
  if (/json/.test(res.contentType)) return !jsonSaysNo(res.text);
  // Still looking at a sign-in form: the site did not take the credentials.
  if (step.json === undefined && findPasswordForm(res.text, res.url)) return false;
  return true;
}

/** How sites say an account is locked after failed sign-ins (en, de, fr, es, it, pt, nl). */
const LOCKED =
  /\b(account (has been |is |was )?(temporarily )?(locked|blocked|suspended|disabled)|locked out|too many (failed )?(sign[- ]?in |log[- ]?in |login )?attempts|konto (wurde |ist )?(vor(ü|ue)bergehend )?gesperrt|compte (a (été|ete) )?(temporairement )?(bloqu|verrouill)|cuenta (ha sido )?(bloqueada|suspendida)|account (è |e )?(stato )?bloccato|conta (foi )?bloqueada|account (is )?geblokkeerd)/i;

/**
 * The site's own words when a refusal says the account is locked (HTTP 423, or a sentence of the
 * page or JSON answer), else null: a locked account is not a wrong password, asking again will
 * not help.
 */
export function lockNotice(res: Pick<FetchResponse, 'status' | 'text' | 'contentType'>): string | null {
  // The page's own content (main, else body), with a space between elements so their sentences stay apart.
  const $ = /json/.test(res.contentType) ? null : cheerio.load(res.text.replace(/></g, '>\n<'));
  const text = $ ? ($('main').first().text() || $('body').text()) : res.text.replace(/[{}"]/g, ' ');
  // Sentence by sentence (an element ends one too): "1 attempt left before your account is locked" warns of a lock to come, it is no lock.
  const said = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((x) => x.replace(/\s+/g, ' ').trim())
    .find((x) => LOCKED.test(x) && !LOCK_WARNING.test(x));
  if (said) return said.slice(0, 240);
  return res.status === 423 ? 'The account is locked (HTTP 423).' : null;
}

/** A sentence that warns of a lock to come ("2 attempts left before...", "will be locked", "bevor ... gesperrt"). */
const LOCK_WARNING =
  /\b(before|will be|would be|could be|may be|might be|otherwise|attempts? (left|remaining)|remaining attempts?|tries (left|remaining)|bevor|wird .{0,40}gesperrt|avant|sera (temporairement )?(bloqu|verrouill)|antes de|ser[aá] bloquead|prima che|verr[aà] bloccat|voordat|wordt .{0,30}geblokkeerd)/i;

/** A JSON login answer that reports failure in its body (`{ok: false}`, `{error: ...}`). */
function jsonSaysNo(text: string): boolean {
  try {
    const body = JSON.parse(text) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') return false;
    return body.ok === false || body.success === false || (body.error !== undefined && body.error !== null);
  } catch {
    return false;
  }
}

async function submit(ctx: RunContext, form: LoginForm, values: Record<string, string>): Promise<FetchResponse> {
  const body = new URLSearchParams({ ...form.hidden, ...values }).toString();
  if (form.method === 'GET') {
    const target = new URL(form.action);
    target.search = body;
    return send(ctx, { url: target.href, method: 'GET' });
  }
  return send(ctx, { url: form.action, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

async function send(ctx: RunContext, req: Pick<FetchRequest, 'url' | 'method' | 'body' | 'headers'>): Promise<FetchResponse> {
  throwIfAborted(ctx.run);
  chargeRequest(ctx.run);
  const headers = { ...(ctx.run.recipe.headers ?? {}), ...req.headers };
  // The parameters carry a password, in the query of a GET form too: only origin and path are logged.
  const at = new URL(req.url);
  ctx.run.logger?.debug?.({ method: req.method, url: at.origin + at.pathname }, 'upstream login request');
  return ctx.run.fetcher.fetch({ ...req, headers, cookieJar: ctx.run.cookieJar, signal: ctx.run.signal });
}
