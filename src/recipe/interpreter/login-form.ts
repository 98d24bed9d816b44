/**
 * Reading a site's sign-in form: which form logs in, where it posts, the hidden fields it must
 * send back (CSRF tokens, return URLs) and the fields a person fills in (user name or e-mail,
 * password, one-time code). Pure (no I/O). Used by the `login` step at execution time and by the
 * builder, which turns the fields into the prompt it asks the caller (builder/auth/).
 */
import * as cheerio from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

export type LoginFieldRole = 'user' | 'password' | 'otp';

export interface LoginFormField {
  /** The input's name as the site posts it. */
  name: string;
  role: LoginFieldRole;
  /** `email` when the site asks for an e-mail address, else `text` (user), `password`, `otp`. */
  type: 'email' | 'text' | 'password' | 'otp';
  /** What the site calls it (label, aria-label, placeholder), for people. */
  label: string;
}

export interface LoginForm {
  /** Absolute URL the form posts to. */
  action: string;
  method: 'GET' | 'POST';
  /** Values the site put in the form and expects back: hidden inputs, the submit button's name. */
  hidden: Record<string, string>;
  /** The fields a person fills in, in page order. */
  fields: LoginFormField[];
}

const OTP_HINT = /\b(otp|totp|one[-_ ]?time|2fa|mfa|two[-_ ]?factor|verification[-_ ]?code|auth[-_ ]?code|security[-_ ]?code|code)\b/i;
/** A "remember me" / "keep me signed in" box, by its name or label. */
const REMEMBER = /(remember|keep[-_ ]?me|stay[-_ ]?(signed|logged)|persist|rester connect|angemeldet bleiben|eingeloggt bleiben|recordarme|ricordami|lembrar|onthoud|zapamiętaj)/i;
const USER_HINT = /(user|email|e-mail|login|account|identifier|phone)/i;

const attr = (el: Element, name: string) => el.attribs?.[name] ?? '';

function labelOf($: cheerio.CheerioAPI, el: Element): string {
  const id = attr(el, 'id');
  const byFor = id ? $(`label[for="${id.replace(/"/g, '\\"')}"]`).first().text() : '';
  const wrapping = $(el).closest('label').text();
  const text = (byFor || wrapping || attr(el, 'aria-label') || attr(el, 'placeholder') || attr(el, 'name')).replace(/\s+/g, ' ').trim();
  return text.slice(0, 80);
}

function roleOf(el: Element): LoginFormField['type'] | null {
  const type = (attr(el, 'type') || 'text').toLowerCase();
  const hints = `${attr(el, 'name')} ${attr(el, 'id')} ${attr(el, 'autocomplete')} ${attr(el, 'placeholder')}`;
  if (type === 'password') return 'password';
  if (!['text', 'email', 'tel', 'number', ''].includes(type)) return null;
  if (attr(el, 'autocomplete') === 'one-time-code' || (OTP_HINT.test(hints.replace(/_/g, ' ')) && !USER_HINT.test(hints))) return 'otp';
  if (type === 'email' || /email/i.test(hints)) return 'email';
  return 'text';
}

/** Every form of the page that has a password field or a one-time-code field, best first. */
export function findLoginForms(html: string, pageUrl: string): LoginForm[] {
  const $ = cheerio.load(html);
  const forms: LoginForm[] = [];
  $('form').each((_, node: AnyNode) => {
    const form = node as Element;
    const hidden: Record<string, string> = {};
    const fields: LoginFormField[] = [];
    $(form)
      .find('input, button[name]')
      .each((__, n: AnyNode) => {
        const el = n as Element;
        const name = attr(el, 'name');
        if (!name) return;
        const type = (attr(el, 'type') || (el.tagName === 'button' ? 'submit' : 'text')).toLowerCase();
        if (type === 'hidden' || type === 'submit') {
          hidden[name] = attr(el, 'value');
          return;
        }
        if (type === 'checkbox' || type === 'radio') {
          // "Remember me" is ticked: the caller's session should last as long as the site allows.
          if (el.attribs.checked !== undefined || (type === 'checkbox' && REMEMBER.test(`${name} ${attr(el, 'id')} ${labelOf($, el)}`))) hidden[name] = attr(el, 'value') || 'on';
          return;
        }
        const role = roleOf(el);
        if (!role) return;
        const label = labelOf($, el);
        if (role === 'password') fields.push({ name, role: 'password', type: 'password', label });
        else if (role === 'otp') fields.push({ name, role: 'otp', type: 'otp', label });
        else if (!fields.some((f) => f.role === 'user')) fields.push({ name, role: 'user', type: role === 'email' ? 'email' : 'text', label });
      });
    if (!fields.some((f) => f.role === 'password' || f.role === 'otp')) return;
    let action = pageUrl;
    try {
      action = new URL(attr(form, 'action') || pageUrl, pageUrl).href;
    } catch {
      return;
    }
    const method = attr(form, 'method').toUpperCase() === 'GET' ? 'GET' : 'POST';
    forms.push({ action, method, hidden, fields });
  });
  // A password form first (sign-in), then one-time-code forms.
  return forms.sort((a, b) => score(b) - score(a));
}

const score = (f: LoginForm) => (f.fields.some((x) => x.role === 'password') ? 2 : 0) + (f.fields.some((x) => x.role === 'user') ? 1 : 0);

/** The sign-in form of a page (a password field), or null. */
export function findPasswordForm(html: string, pageUrl: string): LoginForm | null {
  return findLoginForms(html, pageUrl).find((f) => f.fields.some((x) => x.role === 'password')) ?? null;
}

/** A form asking only for a one-time code (the second step of a login), or null. */
export function findOtpForm(html: string, pageUrl: string): LoginForm | null {
  return findLoginForms(html, pageUrl).find((f) => f.fields.some((x) => x.role === 'otp') && !f.fields.some((x) => x.role === 'password')) ?? null;
}
