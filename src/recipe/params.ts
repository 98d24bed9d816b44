/**
 * Call parameters: validated and coerced against an endpoint's `input_params` before any
 * upstream request is made.
 *
 * Decisions (docs/recipe.md, "Parameters"):
 * - GET endpoints receive query strings, so their values are coerced (`"5"` -> 5, `"true"` ->
 *   true, a single value -> a one-item list). POST bodies are JSON and are checked as sent.
 * - Defaults declared in the schema are filled in.
 * - Unknown top-level parameters are ignored and dropped (clients send extras such as
 *   `session_id`), unless the schema itself declares `additionalProperties` (or
 *   `patternProperties` / `unevaluatedProperties`): then the schema decides.
 * - Any failure is a QuarryError `input_format_invalid` naming the parameter. Nothing else is
 *   thrown for any input, except `scraper_bug` when the schema itself does not compile.
 *
 * Compiled validators are cached by schema object and by schema text: the execution path is hot
 * and a recipe read again from storage is a new object with the same text.
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { QuarryError } from '../errors/index.js';
import type { JsonSchema } from './types.js';
import { LruCache } from '../lru-cache.js';
import { isPlainObject } from '../util/guards.js';

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

export interface ParamsOptions {
  /** Coerce strings from a query string into the declared types. */
  coerce?: boolean;
}

export interface ParamIssue {
  /** Top-level parameter name, or null when the whole object is at fault. */
  param: string | null;
  /** JSON pointer inside the parameters, e.g. `/filters/0`. */
  path: string;
  message: string;
}

type Compiled = { validate: ValidateFunction } | { error: string };

function makeAjv(coerce: boolean) {
  // strict: false because recipe schemas may carry annotations (examples, x-...) ajv does not know.
  const ajv = new Ajv2020({ allErrors: true, strict: false, useDefaults: true, coerceTypes: coerce ? 'array' : false });
  addFormats(ajv);
  return ajv;
}

const TEXT_CACHE_MAX = 1000;
const engines = {
  coerce: { ajv: makeAjv(true), byObject: new WeakMap<object, Compiled>(), byText: new LruCache<string, Compiled>(TEXT_CACHE_MAX) },
  exact: { ajv: makeAjv(false), byObject: new WeakMap<object, Compiled>(), byText: new LruCache<string, Compiled>(TEXT_CACHE_MAX) },
};

function compile(schema: JsonSchema, coerce: boolean): Compiled {
  const engine = coerce ? engines.coerce : engines.exact;
  const cached = engine.byObject.get(schema);
  if (cached) return cached;
  const text = JSON.stringify(schema);
  let compiled = engine.byText.get(text);
  if (!compiled) {
    compiled = compileFresh(engine.ajv, schema);
    engine.byText.set(text, compiled);
  }
  engine.byObject.set(schema, compiled);
  return compiled;
}

function compileFresh(ajv: InstanceType<typeof Ajv2020>, schema: JsonSchema): Compiled {
  // A root $id would make a second schema with the same id fail to compile; we never resolve by id.
  const { $id: _ignored, ...copy } = schema;
  try {
    const validate = ajv.compile(copy);
    return { validate };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  } finally {
    // ajv keeps every compiled schema; drop it so a long-running server does not grow without end.
    ajv.removeSchema(copy);
  }
}

/** Why a schema cannot be used for parameters, or null when it compiles. */
export function paramsSchemaProblem(schema: JsonSchema): string | null {
  if (schema.type !== 'object') return 'input_params must be a JSON Schema of type "object"';
  const compiled = compile(schema, false);
  return 'error' in compiled ? compiled.error : null;
}

/** Validate and coerce call parameters; returns a fresh object (the input is never changed). */
export function validateParams(schema: JsonSchema, input: unknown, options: ParamsOptions = {}): Record<string, unknown> {
  const compiled = compile(schema, options.coerce === true);
  if ('error' in compiled) {
    throw new QuarryError('scraper_bug', 'The endpoint declares an invalid parameter schema.');
  }
  const params = copyInput(input);
  dropUnknown(schema, params);
  let valid: boolean;
  try {
    valid = compiled.validate(params) as boolean;
  } catch {
    throw invalid('Parameters could not be validated.', [{ param: null, path: '', message: 'unreadable value' }]);
  }
  if (valid) return params;
  const issues = (compiled.validate.errors ?? []).map(toIssue);
  const first = issues[0] ?? { param: null, path: '', message: 'parameters are invalid' };
  throw invalid(describe(first), issues);
}

function invalid(message: string, details: ParamIssue[]): QuarryError {
  const named = details.find((d) => d.param !== null);
  return new QuarryError('input_format_invalid', message, {
    ...(named ? { param: named.param } : {}),
    details,
  });
}

/** A JSON copy of a plain object; anything else (a list, a string, a cycle) is invalid input. */
function copyInput(input: unknown): Record<string, unknown> {
  if (input === undefined || input === null) return {};
  let copy: unknown;
  try {
    copy = isPlainObject(input) ? JSON.parse(JSON.stringify(input)) : undefined;
  } catch {
    copy = undefined;
  }
  if (!isPlainObject(copy)) {
    throw invalid('Parameters must be a JSON object.', [{ param: null, path: '', message: 'must be an object' }]);
  }
  return copy;
}

function dropUnknown(schema: JsonSchema, params: Record<string, unknown>): void {
  if ('additionalProperties' in schema || 'patternProperties' in schema || 'unevaluatedProperties' in schema) return;
  const declared = schema.properties;
  const known = declared !== null && typeof declared === 'object' ? declared : {};
  for (const key of Object.keys(params)) if (!Object.hasOwn(known, key)) delete params[key];
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function toIssue(error: ErrorObject): ParamIssue {
  let path = error.instancePath;
  const p = error.params as Record<string, unknown>;
  if (error.keyword === 'required') path += `/${String(p.missingProperty)}`;
  if (error.keyword === 'additionalProperties') path += `/${String(p.additionalProperty)}`;
  const first = path.split('/')[1];
  const param = first === undefined ? null : unescapePointer(first);
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'required') message = 'is required';
  if (error.keyword === 'additionalProperties') message = 'is not accepted';
  if (error.keyword === 'enum') message = `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return { param, path, message };
}

function describe(issue: ParamIssue): string {
  if (issue.param === null) return `Parameters ${issue.message}.`;
  const inner = issue.path.split('/').slice(2).map(unescapePointer);
  const where = inner.length ? ` (at ${inner.join('.')})` : '';
  return `Parameter "${issue.param}"${where} ${issue.message}.`;
}
