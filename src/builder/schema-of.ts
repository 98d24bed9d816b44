/**
 * Return schemas: the whole success body `{status, data, meta?}` (decisions.md), with `data`
 * typed from the values the endpoint produced in its tests.
 */
import type { JsonSchema } from '../recipe/types.js';
import { inferSchemaType } from './induce/index.js';
import { moneySafeSchema } from './money.js';

/** Schema of one record from sample records (each key typed from its values across samples). */
export function recordSchema(records: Array<Record<string, unknown>>, keys: string[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const key of keys) {
    const values = records.map((r) => r[key]).filter((v) => v !== null && v !== undefined);
    // Whole amounts on the training pages do not make money an integer (builder/money.ts).
    const inferred = moneySafeSchema(key, values.length ? inferSchemaType(values) : { type: 'string' });
    properties[key] = { ...inferred, type: withNull(inferred.type) };
  }
  return { type: 'object', properties, required: keys };
}

function withNull(type: unknown): unknown {
  if (Array.isArray(type)) return type.includes('null') ? type : [...type, 'null'];
  if (typeof type === 'string') return type === 'null' ? type : [type, 'null'];
  return type;
}

export function successBodySchema(data: JsonSchema, meta = false): JsonSchema {
  return {
    type: 'object',
    properties: {
      status: { type: 'string', const: 'success' },
      data,
      ...(meta
        ? {
            meta: {
              type: 'object',
              properties: {
                page: { type: 'integer' },
                has_more: { type: 'boolean' },
                total: { type: 'integer' },
                next_cursor: { type: ['string', 'null'] },
              },
            },
          }
        : {}),
    },
    required: ['status', 'data'],
  };
}
