/**
 * The JSON Schema (draft 2020-12) of a recipe (types.ts). Every object is closed
 * (`additionalProperties: false`) so a typo such as `not_found_status` is reported, not ignored.
 *
 * Tagged unions (steps by `type`, extractions and strategies by `kind`, transforms by `op`,
 * sources by their one key) are written as if/then chains instead of `oneOf`: with `oneOf` a
 * single mistake reports an error for every branch, with a chain only the chosen branch speaks.
 * The last `else` carries `quarryNoVariant`, a keyword validate.ts registers, so an unknown tag
 * gets one readable message.
 *
 * What a schema cannot say (unique endpoint names, known template names, regexes that compile,
 * sessions that exist) is checked by validate.ts.
 */
import { RECIPE_FORMAT } from './types.js';

type Schema = Record<string, unknown>;

/** Hard caps the schema and the interpreter share. */
export const RECIPE_LIMITS = Object.freeze({
  maxPages: 50,
  maxFollowConcurrency: 16,
  maxFollow: 500,
  endpointName: '^[a-z][a-z0-9_]{0,63}$',
  varName: '^[A-Za-z_][A-Za-z0-9_]{0,63}$',
});

const str: Schema = { type: 'string' };
const nonEmpty: Schema = { type: 'string', minLength: 1 };
const stringMap: Schema = { type: 'object', additionalProperties: { type: 'string' } };
const varName: Schema = { type: 'string', pattern: RECIPE_LIMITS.varName };
const templateOrNumber: Schema = { type: ['string', 'number'] };

function closed(properties: Schema, required: string[] = []): Schema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** An if/then chain over a tag property; `tag` names the property (`type`, `kind`, `op`). */
function tagged(tag: string, variants: Record<string, Schema>): Schema {
  const names = Object.keys(variants);
  let chain: Schema = { quarryNoVariant: { tag, expected: names } };
  for (const name of [...names].reverse()) {
    chain = { if: { properties: { [tag]: { const: name } }, required: [tag] }, then: variants[name], else: chain };
  }
  return { type: 'object', required: [tag], ...chain };
}

/** An if/then chain over which key is present (sources have no tag property). */
function keyed(variants: Record<string, Schema>): Schema {
  const names = Object.keys(variants);
  let chain: Schema = { quarryNoVariant: { tag: null, expected: names } };
  for (const name of [...names].reverse()) {
    chain = { if: { required: [name] }, then: variants[name], else: chain };
  }
  return { type: 'object', ...chain };
}

const source = keyed({
  css: closed({ css: nonEmpty, attr: nonEmpty, text_mode: { enum: ['full', 'own'] } }, ['css']),
  jsonld: closed(
    {
      jsonld: closed(
        { type: { anyOf: [nonEmpty, { type: 'array', items: nonEmpty, minItems: 1 }] }, path: str },
        ['path'],
      ),
    },
    ['jsonld'],
  ),
  microdata: closed({ microdata: closed({ itemtype: nonEmpty, itemprop: nonEmpty }, ['itemprop']) }, ['microdata']),
  meta: closed({ meta: nonEmpty }, ['meta']),
  json: closed({ json: str, embedded: nonEmpty }, ['json']),
  label: closed(
    { label: { anyOf: [nonEmpty, { type: 'array', items: nonEmpty, minItems: 1 }] }, scope: nonEmpty, first: { type: 'boolean' } },
    ['label'],
  ),
  regex: closed(
    { regex: nonEmpty, flags: { type: 'string', pattern: '^[dgimsuy]*$' }, group: { type: 'integer', minimum: 0 }, on: { enum: ['text', 'html'] } },
    ['regex'],
  ),
  table: closed({ table: nonEmpty }, ['table']),
  page_url: closed({ page_url: { const: true } }, ['page_url']),
  template: closed({ template: str }, ['template']),
  const: closed({ const: true }, ['const']),
});

const op = (name: string, properties: Schema = {}, required: string[] = []): [string, Schema] => [
  name,
  closed({ op: { const: name }, ...properties }, ['op', ...required]),
];
const flags: Schema = { type: 'string', pattern: '^[dgimsuy]*$' };

/** `split` at a literal separator or at a regular expression: one of the two, not both. */
function splitOp(): [string, Schema] {
  const [name, schema] = op('split', { separator: str, pattern: nonEmpty, flags });
  return [name, { ...schema, oneOf: [{ required: ['separator'] }, { required: ['pattern'] }] }];
}

const transform = tagged(
  'op',
  Object.fromEntries([
    op('trim'),
    op('collapse_ws'),
    op('lower'),
    op('upper'),
    op('number'),
    op('integer'),
    op('currency_amount'),
    op('currency_code', { site_currency: { type: 'string', pattern: '^[A-Z]{3}$' } }),
    op('iso_date'),
    op('duration_minutes'),
    op('boolean', { true_values: { type: 'array', items: str } }),
    op('absolute_url'),
    op('join', { separator: str }),
    splitOp(),
    op('map', { table: { type: 'object' }, default: true }, ['table']),
    op('default', { value: true }, ['value']),
    op('regex', { pattern: nonEmpty, group: { type: 'integer', minimum: 0 }, flags }, ['pattern']),
    op('replace', { pattern: nonEmpty, replacement: str, flags }, ['pattern', 'replacement']),
    op('strip_label', { labels: { type: 'array', items: str } }),
    op('first'),
    op('last'),
    op('unique'),
    op('class_word', { words: { type: 'object' } }, ['words']),
    op('schema_enum'),
  ]),
);

const fieldSpec: Schema = closed(
  {
    sources: { type: 'array', items: { $ref: '#/$defs/source' }, minItems: 1 },
    transforms: { type: 'array', items: { $ref: '#/$defs/transform' } },
    many: { type: 'boolean' },
    required: { type: 'boolean' },
    unless_struck: { type: 'boolean' },
    prefer_values: { type: 'array', items: { type: 'string', maxLength: 200 }, minItems: 1, maxItems: 20 },
    fields: { $ref: '#/$defs/fields' },
    compute: closed(
      {
        op: { enum: ['sum'] },
        fields: { type: 'array', items: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }, minItems: 2, maxItems: 10 },
      },
      ['op', 'fields'],
    ),
  },
  ['sources'],
);

const fields: Schema = {
  type: 'object',
  minProperties: 1,
  propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
  additionalProperties: { $ref: '#/$defs/field' },
};

const limit: Schema = { type: 'integer', minimum: 1 };
const extraction = tagged('kind', {
  object: closed({ kind: { const: 'object' }, scope: nonEmpty, fields: { $ref: '#/$defs/fields' } }, ['kind', 'fields']),
  list: closed(
    { kind: { const: 'list' }, items: nonEmpty, fields: { $ref: '#/$defs/fields' }, limit },
    ['kind', 'items', 'fields'],
  ),
  json_list: closed(
    { kind: { const: 'json_list' }, path: str, fields: { $ref: '#/$defs/fields' }, limit, embedded: nonEmpty },
    ['kind', 'path', 'fields'],
  ),
  value: closed({ kind: { const: 'value' }, field: { $ref: '#/$defs/field' } }, ['kind', 'field']),
});

const strategy = tagged('kind', {
  next_link: closed({ kind: { const: 'next_link' }, selector: nonEmpty }, ['kind', 'selector']),
  page_param: closed(
    { kind: { const: 'page_param' }, var: varName, start: templateOrNumber, step: { type: 'integer', minimum: 1 } },
    ['kind'],
  ),
  offset: closed(
    { kind: { const: 'offset' }, var: varName, page_size: { type: 'integer', minimum: 1 }, start: templateOrNumber },
    ['kind', 'page_size'],
  ),
  cursor: closed({ kind: { const: 'cursor' }, path: nonEmpty, var: varName, start: str }, ['kind', 'path']),
});

const steps: Schema = { type: 'array', items: { $ref: '#/$defs/step' }, minItems: 1 };
const httpStatus: Schema = { type: 'integer', minimum: 100, maximum: 599 };

const step = tagged('type', {
  request: closed(
    {
      type: { const: 'request' },
      url: nonEmpty,
      method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
      query: stringMap,
      headers: stringMap,
      form: stringMap,
      json: true,
      expect: { enum: ['html', 'json', 'text', 'auto'] },
      not_found_statuses: { type: 'array', items: httpStatus, uniqueItems: true },
      as: varName,
    },
    ['type', 'url'],
  ),
  extract: closed(
    { type: { const: 'extract' }, from: varName, into: varName, extract: { $ref: '#/$defs/extraction' } },
    ['type', 'extract'],
  ),
  follow: closed(
    {
      type: { const: 'follow' },
      items: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)*$' },
      as: varName,
      concurrency: { type: 'integer', minimum: 1, maximum: RECIPE_LIMITS.maxFollowConcurrency },
      max: { type: 'integer', minimum: 1, maximum: RECIPE_LIMITS.maxFollow },
      steps,
      merge: { anyOf: [{ const: 'merge' }, closed({ key: nonEmpty }, ['key'])] },
      on_error: { enum: ['skip', 'fail'] },
    },
    ['type', 'steps'],
  ),
  paginate: closed(
    {
      type: { const: 'paginate' },
      strategy: { $ref: '#/$defs/strategy' },
      max_pages: { type: 'integer', minimum: 1, maximum: RECIPE_LIMITS.maxPages },
      steps,
      stop_on_empty: { type: 'boolean' },
      meta: { type: 'boolean' },
      keep_from: templateOrNumber,
    },
    ['type', 'strategy', 'max_pages', 'steps'],
  ),
  set: closed(
    { type: { const: 'set' }, vars: { type: 'object', propertyNames: { pattern: RECIPE_LIMITS.varName } } },
    ['type', 'vars'],
  ),
  shape: closed(
    {
      type: { const: 'shape' },
      limit: templateOrNumber,
      meta: { type: 'object', propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]*$' } },
      first: { type: 'boolean' },
      not_found_if_empty: { type: 'boolean' },
    },
    ['type'],
  ),
  render: closed(
    {
      type: { const: 'render' },
      url: nonEmpty,
      wait_for: nonEmpty,
      timeout_ms: { type: 'integer', minimum: 1, maximum: 120_000 },
      capture: nonEmpty,
      scroll: { type: 'integer', minimum: 0, maximum: 20 },
      load_more: nonEmpty,
    },
    ['type', 'url'],
  ),
  login: closed(
    {
      type: { const: 'login' },
      url: nonEmpty,
      method: { enum: ['POST', 'GET'] },
      form: stringMap,
      json: true,
      otp: nonEmpty,
      success: closed({ cookie: nonEmpty, selector: nonEmpty, status: httpStatus }),
    },
    ['type', 'url'],
  ),
  script: closed(
    {
      type: { const: 'script' },
      code: nonEmpty,
      timeout_ms: { type: 'integer', minimum: 1, maximum: 30_000 },
      memory_mb: { type: 'integer', minimum: 1, maximum: 256 },
    },
    ['type', 'code'],
  ),
});

const endpoint: Schema = closed(
  {
    name: { type: 'string', pattern: RECIPE_LIMITS.endpointName },
    method: { enum: ['GET', 'POST'] },
    description: str,
    input_params: {
      type: 'object',
      properties: { type: { const: 'object' }, properties: { type: 'object' }, required: { type: 'array', items: str } },
      required: ['type'],
    },
    return_schema: { type: 'object' },
    sample_inputs: { type: 'object' },
    price: { type: 'integer', minimum: 0 },
    initiates_session: { type: 'boolean' },
    depends_on_session: { type: 'string', pattern: RECIPE_LIMITS.endpointName },
    steps,
  },
  ['name', 'method', 'description', 'input_params', 'return_schema', 'sample_inputs', 'steps'],
);

export const RECIPE_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://quarry.dev/schemas/recipe-1.json',
  title: 'Quarry recipe',
  ...closed(
    {
      format: { const: RECIPE_FORMAT },
      name: nonEmpty,
      description: str,
      source_url: { type: 'string', pattern: '^https?://' },
      endpoints: { type: 'array', items: { $ref: '#/$defs/endpoint' }, minItems: 1 },
      headers: stringMap,
    },
    ['format', 'name', 'description', 'source_url', 'endpoints'],
  ),
  $defs: { endpoint, step, strategy, extraction, fields, field: fieldSpec, source, transform },
} as const;
