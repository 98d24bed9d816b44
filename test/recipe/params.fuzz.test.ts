/**
 * Property: for any schema of the kinds recipes declare and any input at all, validateParams
 * either succeeds with an object or throws QuarryError('input_format_invalid'). Nothing else.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QuarryError } from '../../src/errors/index.js';
import { validateParams } from '../../src/recipe/params.js';

const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/);

const leafSchema = fc.oneof(
  fc.record(
    {
      type: fc.constant('string'),
      minLength: fc.nat(5),
      maxLength: fc.integer({ min: 5, max: 50 }),
      pattern: fc.constantFrom('^[a-z]+$', '\\d', '^.*$', '[A-Z]{2}'),
      format: fc.constantFrom('email', 'uri', 'date', 'date-time', 'uuid', 'ipv4'),
      enum: fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 4 }),
      default: fc.string(),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constantFrom('integer', 'number'),
      minimum: fc.integer({ min: -100, max: 0 }),
      maximum: fc.integer({ min: 1, max: 1000 }),
      multipleOf: fc.constantFrom(1, 2, 0.5),
      default: fc.integer({ min: 1, max: 10 }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('boolean'), default: fc.boolean() }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('null') }),
  fc.record(
    { type: fc.constantFrom(['string', 'null'], ['integer', 'string'], ['number', 'boolean']) },
    { requiredKeys: ['type'] },
  ),
);

const propertySchema = fc.oneof(
  { weight: 4, arbitrary: leafSchema },
  {
    weight: 1,
    arbitrary: fc.record(
      { type: fc.constant('array'), items: leafSchema, minItems: fc.nat(2), maxItems: fc.integer({ min: 2, max: 10 }), uniqueItems: fc.boolean() },
      { requiredKeys: ['type', 'items'] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.dictionary(name, leafSchema, { maxKeys: 3 }).map((properties) => ({ type: 'object', properties })),
  },
);

const paramsSchema = fc
  .tuple(fc.dictionary(name, propertySchema, { maxKeys: 5 }), fc.boolean(), fc.option(fc.boolean(), { nil: undefined }))
  .map(([properties, requireSome, additional]) => ({
    type: 'object',
    properties,
    required: requireSome ? Object.keys(properties).slice(0, 2) : [],
    ...(additional === undefined ? {} : { additionalProperties: additional }),
  }));

/** Inputs shaped like query strings, like JSON bodies, and like nothing in particular. */
const input = fc.oneof(
  fc.dictionary(name, fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 }))),
  fc.dictionary(name, fc.jsonValue()),
  fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true }),
);

function outcome(run: () => unknown): 'ok' | 'invalid' {
  try {
    const result = run();
    expect(result !== null && typeof result === 'object' && !Array.isArray(result)).toBe(true);
    return 'ok';
  } catch (err) {
    if (err instanceof QuarryError && err.code === 'input_format_invalid') return 'invalid';
    throw err;
  }
}

describe('validateParams under fuzzing', () => {
  it('only ever succeeds or throws input_format_invalid', () => {
    fc.assert(
      fc.property(paramsSchema, input, fc.boolean(), (schema, value, coerce) => {
        outcome(() => validateParams(schema, value, { coerce }));
      }),
      { numRuns: 600 },
    );
  });

  it('treats cyclic and hostile objects as invalid input', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const hostile = { get a() { throw new Error('boom'); } };
    const schema = { type: 'object', properties: { a: { type: 'integer' } } };
    expect(outcome(() => validateParams(schema, cyclic))).toBe('invalid');
    expect(outcome(() => validateParams(schema, hostile))).toBe('invalid');
    expect(outcome(() => validateParams(schema, { a: 10n }))).toBe('invalid');
    expect(outcome(() => validateParams(schema, Object.create(null)))).toBe('ok');
  });
});
