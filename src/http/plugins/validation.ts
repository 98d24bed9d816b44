/**
 * Request validation. Query strings, path parameters and headers are text, so their
 * validator coerces ("5" -> 5); JSON bodies are validated strictly, so `"true"` is not a
 * boolean and a number is not a URL. Unknown body fields are kept (some, like the removed
 * `force_new`, must be seen to be refused).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS with a default export.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    allErrors: true,
    strict: false,
  });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

const textAjv = makeAjv(true);
const bodyAjv = makeAjv(false);

/**
 * A coerced text value that is a number no store keeps exactly: not finite ("1e999" is Infinity,
 * which ajv takes as an integer) or an integer past 2^53 (SQLite and PostgreSQL bigint overflow).
 */
function nonFinitePath(data: unknown, path: string): string | null {
  if (typeof data === 'number') return Number.isFinite(data) && (!Number.isInteger(data) || Number.isSafeInteger(data)) ? null : path;
  if (data && typeof data === 'object') {
    for (const [k, v] of Object.entries(data)) {
      const found = nonFinitePath(v, `${path}/${k}`);
      if (found !== null) return found;
    }
  }
  return null;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (httpPart === 'body') return bodyAjv.compile(schema as object) as ValidateFunction;
  const validate = textAjv.compile(schema as object);
  // Only a schema with a numeric property can coerce text into a number: the rest skip the walk.
  if (!/"(?:integer|number)"/.test(JSON.stringify(schema))) return validate as ValidateFunction;
  // JSON bodies cannot hold Infinity; coerced query, path and header text can, and no store takes it.
  const checked = ((data: unknown) => {
    if (!validate(data)) {
      checked.errors = validate.errors;
      return false;
    }
    const bad = nonFinitePath(data, '');
    checked.errors = bad === null ? null : [{ instancePath: bad, schemaPath: '#/type', keyword: 'type', params: { type: 'number' }, message: 'must be a finite number within ±2^53' }];
    return bad === null;
  }) as ValidateFunction;
  return checked;
};

export { textAjv, bodyAjv };
