/**
 * Arguments of the platform tools are checked against their inputSchema before anything runs,
 * with defaults filled in. (Endpoint tools are checked by the execution itself, which answers
 * the contract's 422 input_format_invalid naming the parameter.)
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { validationFailed } from '../errors/index.js';

const ajv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: false, strict: false });
const compiled = new WeakMap<object, ValidateFunction>();

export function checkArgs(schema: Record<string, unknown>, args: unknown): Record<string, unknown> {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  const copy = structuredClone(args ?? {}) as Record<string, unknown>;
  if (validate(copy)) return copy;
  const details = (validate.errors ?? []).map((e) => ({ field: fieldOf(e), message: e.message ?? 'is invalid' }));
  throw validationFailed(`Invalid arguments: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details);
}

/** `params.page`, `endpoint_name` (missing), `extra` (not allowed): where the problem is. */
function fieldOf(e: ErrorObject): string {
  const params = e.params as { missingProperty?: string; additionalProperty?: string };
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return [path, params.missingProperty ?? params.additionalProperty].filter(Boolean).join('.') || 'arguments';
}
