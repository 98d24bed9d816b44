/**
 * Template filling for `template` sources: `{name}` is percent-encoded, `{+name}` inserted as
 * is; names are looked up in params, then vars, and may be dotted (`{item.url}`).
 * Missing names become the empty string.
 */

function lookup(name: string, scopes: Array<Record<string, unknown>>): unknown {
  for (const scope of scopes) {
    let value: unknown = scope;
    for (const part of name.split('.')) {
      if (value === null || typeof value !== 'object') {
        value = undefined;
        break;
      }
      value = (value as Record<string, unknown>)[part];
    }
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

export function fillTemplate(template: string, params: Record<string, unknown>, vars: Record<string, unknown>): string {
  return template.replace(/\{(\+?)([A-Za-z_][\w.]*)\}/g, (_, raw: string, name: string) => {
    const value = lookup(name, [params, vars]);
    if (value === undefined) return '';
    const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    return raw ? text : encodeURIComponent(text);
  });
}
