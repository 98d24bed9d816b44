/**
 * A JSON Schema for the values a field produced on the training pages (the builder's
 * return_schema): integer / number / boolean / string (with `date`, `date-time` or `uri` format),
 * arrays of those, an enum for enumeration-like values, nullable when some pages had none.
 */
import type { JsonSchema } from '../../recipe/types.js';

export interface InferOptions {
  /** At most this many distinct values make an enum (only for identifier-like words). Default 6. */
  enumMax?: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const ENUM_WORD = /^[A-Z][A-Za-z]+$|^[a-z]+(?:_[a-z]+)*$/;

export function inferSchemaType(values: unknown[], options: InferOptions = {}): JsonSchema {
  const present = values.filter((v) => v !== null && v !== undefined);
  const nullable = present.length < values.length;
  const schema = inferPresent(present, options);
  if (!nullable || present.length === 0) return present.length === 0 ? { type: ['string', 'null'] } : schema;
  const type = schema.type;
  return { ...schema, type: Array.isArray(type) ? [...type, 'null'] : [type as string, 'null'] };
}

function inferPresent(values: unknown[], options: InferOptions): JsonSchema {
  if (values.length === 0) return { type: 'string' };
  if (values.every(Array.isArray)) {
    const items = (values as unknown[][]).flat().filter((v) => v !== null && v !== undefined);
    return { type: 'array', items: inferPresent(items, { ...options, enumMax: 0 }) };
  }
  if (values.every((v) => typeof v === 'boolean')) return { type: 'boolean' };
  if (values.every((v) => typeof v === 'number' && Number.isInteger(v))) return { type: 'integer' };
  if (values.every((v) => typeof v === 'number')) return { type: 'number' };
  if (values.every((v) => typeof v === 'string')) return stringSchema(values as string[], options);
  if (values.every((v) => typeof v === 'object' && !Array.isArray(v))) return { type: 'object' };
  return {};
}

function stringSchema(values: string[], options: InferOptions): JsonSchema {
  if (values.every((v) => ISO_DATE.test(v))) return { type: 'string', format: 'date' };
  if (values.every((v) => ISO_DATETIME.test(v))) return { type: 'string', format: 'date-time' };
  if (values.every((v) => /^https?:\/\/\S+$/.test(v))) return { type: 'string', format: 'uri' };
  const distinct = [...new Set(values)];
  const enumMax = options.enumMax ?? 6;
  if (distinct.length >= 2 && distinct.length <= enumMax && values.length >= 2 * distinct.length && distinct.every((v) => ENUM_WORD.test(v))) {
    return { type: 'string', enum: distinct.sort() };
  }
  return { type: 'string' };
}
