/**
 * Schema violations in words a person reads ("password must be at least 8 characters"), not
 * ajv's ("must NOT have fewer than 8 characters"). One sentence per ajv keyword; a keyword not
 * listed keeps ajv's own message.
 */

/** The part of an ajv error this needs (Fastify's `err.validation` items). */
export interface SchemaViolation {
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const plural = (n: unknown, one: string, many: string): string => `${String(n)} ${Number(n) === 1 ? one : many}`;

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'an email address',
  uri: 'a full web address (https://…)',
  url: 'a full web address (https://…)',
  'date-time': 'a date and time (ISO 8601, e.g. 2026-01-31T12:00:00Z)',
  date: 'a date (YYYY-MM-DD)',
  uuid: 'a UUID',
};

/** What is wrong with the field, as the end of a sentence whose subject is the field's name. */
export function violationWords(v: SchemaViolation): string {
  const p = v.params;
  switch (v.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a field this request takes';
    case 'minLength':
      return Number(p.limit) === 1 ? 'must not be empty' : `must be at least ${plural(p.limit, 'character', 'characters')}`;
    case 'maxLength':
      return `must be at most ${plural(p.limit, 'character', 'characters')}`;
    case 'minimum':
      return `must be at least ${String(p.limit)}`;
    case 'maximum':
      return `must be at most ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `must be more than ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${String(p.limit)}`;
    case 'minItems':
      return `must have at least ${plural(p.limit, 'item', 'items')}`;
    case 'maxItems':
      return `must have at most ${plural(p.limit, 'item', 'items')}`;
    case 'type': {
      const types = String(p.type).split(',');
      return `must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
    }
    case 'enum':
      return `must be one of: ${(Array.isArray(p.allowedValues) ? p.allowedValues : []).map((x) => JSON.stringify(x)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'format':
      return `must be ${FORMAT_WORDS[String(p.format)] ?? `a valid ${String(p.format)}`}`;
    case 'pattern':
      return 'is not in the expected form';
    case 'uniqueItems':
      return 'must not list the same item twice';
    default:
      return v.message ?? 'is invalid';
  }
}
