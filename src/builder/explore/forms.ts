/**
 * Search forms: GET forms with a free-text input whose name says "query" (q, query, search, s,
 * keywords...) or whose type is `search`. POST forms are not search endpoints we can replay
 * safely (they may change state), so they are left out.
 */
import type { Element } from 'domhandler';
import type { PageContext } from '../../recipe/extract/index.js';
import { resolveHref } from './links.js';

export interface FormInput {
  name: string;
  /** Lower-cased input type (`text`, `hidden`, `select`, `checkbox`...). */
  type: string;
  /** Default value (a hidden input's fixed value, a select's selected option). */
  value?: string;
  /** Choices of a select or radio group. */
  options?: string[];
  hidden: boolean;
  required: boolean;
  /** Visible label or placeholder, to name and describe the parameter. */
  label?: string;
}

export interface SearchForm {
  /** Page the form was found on. */
  pageUrl: string;
  /** Absolute URL the form submits to (its action, or the page itself). */
  action: string;
  method: 'GET';
  /** Name of the free-text query input. */
  queryParam: string;
  /** Every named input other than the query, in document order. */
  inputs: FormInput[];
  /** Placeholder or label of the query input ("Search books"). */
  label?: string;
}

const QUERY_NAMES = /^(?:q|qs|query|search|search_query|searchterm|search_term|searchtext|s|k|kw|keyword|keywords|term|terms|text|find|buscar|busqueda|zoek|zoekterm|suche|recherche|cerca|szukaj)$/i;

export function findSearchForms(ctx: PageContext, isOnSite: (url: string) => boolean): SearchForm[] {
  if (ctx.isJson) return [];
  const $ = ctx.$;
  const forms: SearchForm[] = [];
  $('form').each((_, node) => {
    const form = node as Element;
    const method = (form.attribs.method ?? 'get').trim().toUpperCase();
    if (method !== 'GET') return;
    const action = form.attribs.action?.trim() ? resolveHref(form.attribs.action, ctx.baseUrl()) : ctx.page.url.split('#')[0];
    if (!action || !isOnSite(action)) return;
    const inputs = formInputs(ctx, form);
    const query = inputs.find((i) => (i.type === 'search' || i.type === 'text' || i.type === '') && QUERY_NAMES.test(i.name))
      ?? inputs.find((i) => i.type === 'search');
    if (!query) return;
    const actionUrl = new URL(action);
    // Parameters already in the action URL are dropped by browsers on GET submission.
    actionUrl.search = '';
    forms.push({
      pageUrl: ctx.page.url,
      action: actionUrl.href,
      method: 'GET',
      queryParam: query.name,
      inputs: inputs.filter((i) => i !== query),
      label: query.label,
    });
  });
  return forms;
}

function formInputs(ctx: PageContext, form: Element): FormInput[] {
  const $ = ctx.$;
  const out: FormInput[] = [];
  const seen = new Map<string, FormInput>();
  $(form)
    .find('input[name], select[name], textarea[name]')
    .each((_, node) => {
      const el = node as Element;
      const name = el.attribs.name;
      const tag = el.name.toLowerCase();
      const type = tag === 'input' ? (el.attribs.type ?? 'text').toLowerCase() : tag;
      if (['submit', 'button', 'image', 'reset', 'file', 'password'].includes(type)) return;
      const label = labelFor(ctx, el);
      if (type === 'radio') {
        const existing = seen.get(name);
        const value = el.attribs.value ?? 'on';
        if (existing) {
          existing.options!.push(value);
          if (el.attribs.checked !== undefined) existing.value = value;
          return;
        }
      }
      const input: FormInput = {
        name,
        type,
        hidden: type === 'hidden',
        required: el.attribs.required !== undefined,
        label,
      };
      if (tag === 'select') {
        const options = $(el).find('option').toArray() as Element[];
        input.options = options.map((o) => o.attribs.value ?? ctx.text(o));
        const selected = options.find((o) => o.attribs.selected !== undefined);
        input.value = selected ? (selected.attribs.value ?? ctx.text(selected)) : input.options[0];
      } else if (type === 'radio') {
        input.options = [el.attribs.value ?? 'on'];
        if (el.attribs.checked !== undefined) input.value = el.attribs.value ?? 'on';
      } else if (type === 'checkbox') {
        input.options = [el.attribs.value ?? 'on'];
        if (el.attribs.checked !== undefined) input.value = el.attribs.value ?? 'on';
      } else if (el.attribs.value !== undefined) input.value = el.attribs.value;
      seen.set(name, input);
      out.push(input);
    });
  return out;
}

function labelFor(ctx: PageContext, el: Element): string | undefined {
  const $ = ctx.$;
  const direct = el.attribs.placeholder ?? el.attribs['aria-label'] ?? el.attribs.title;
  if (direct?.trim()) return direct.trim();
  const id = el.attribs.id;
  if (id) {
    const label = $(`label[for="${id.replace(/"/g, '')}"]`).first();
    if (label.length > 0) return ctx.text(label[0] as Element) || undefined;
  }
  const wrapping = $(el).closest('label');
  return wrapping.length > 0 ? ctx.text(wrapping[0] as Element) || undefined : undefined;
}
