/** Turning the playground's typed-in strings into an endpoint's parameters, by the input schema. */

export interface ParamSchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  format?: string;
  writeOnly?: boolean;
}

export const typeOf = (t: ParamSchema['type']): string => (Array.isArray(t) ? t.find((x) => x !== 'null') : t) ?? 'string';

/** A parameter whose value is a secret: masked in the playground. */
export const isSecret = (name: string, p: ParamSchema): boolean =>
  p.format === 'password' || p.writeOnly === true || /pass(word)?|passwd|secret|pin$|otp|token/i.test(name);

/**
 * The parameters to send: an empty field is left out (the endpoint's default applies), a number
 * field must hold a number, a boolean is true/false. Problems are said per field, nothing is sent.
 */
export function toParams(values: Record<string, string>, props: Record<string, ParamSchema>): { params: Record<string, unknown>; problems: Record<string, string> } {
  const params: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  for (const [k, raw] of Object.entries(values)) {
    const v = raw.trim();
    if (v === '') continue;
    const t = typeOf(props[k]?.type);
    if (t === 'integer' || t === 'number') {
      const n = Number(v);
      if (!Number.isFinite(n)) problems[k] = `${k} must be a number.`;
      else if (t === 'integer' && !Number.isInteger(n)) problems[k] = `${k} must be a whole number.`;
      else params[k] = n;
    } else if (t === 'boolean') {
      params[k] = v === 'true';
    } else params[k] = props[k] && isSecret(k, props[k]) ? raw : v;
  }
  return { params, problems };
}
