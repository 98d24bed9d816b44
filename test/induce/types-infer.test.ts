import { describe, expect, it } from 'vitest';
import { inferSchemaType } from '../../src/builder/induce/index.js';

describe('inferSchemaType', () => {
  it('infers numbers, integers, booleans and nullability', () => {
    expect(inferSchemaType([1, 2, 3])).toEqual({ type: 'integer' });
    expect(inferSchemaType([1.5, 2])).toEqual({ type: 'number' });
    expect(inferSchemaType([true, false])).toEqual({ type: 'boolean' });
    expect(inferSchemaType([1, null])).toEqual({ type: ['integer', 'null'] });
    expect(inferSchemaType([null, undefined])).toEqual({ type: ['string', 'null'] });
  });
  it('infers string formats', () => {
    expect(inferSchemaType(['2020-03-12', '2021-01-01'])).toEqual({ type: 'string', format: 'date' });
    expect(inferSchemaType(['2020-03-12T10:00:00Z'])).toEqual({ type: 'string', format: 'date-time' });
    expect(inferSchemaType(['https://a.example/x', 'http://b.example/'])).toEqual({ type: 'string', format: 'uri' });
    expect(inferSchemaType(['June 2010', 'x'])).toEqual({ type: 'string' });
  });
  it('infers arrays of strings', () => {
    expect(inferSchemaType([['a', 'b'], ['c']])).toEqual({ type: 'array', items: { type: 'string' } });
  });
  it('makes an enum only from repeated identifier-like words', () => {
    expect(inferSchemaType(['InStock', 'OutOfStock', 'InStock', 'InStock'])).toEqual({ type: 'string', enum: ['InStock', 'OutOfStock'] });
    expect(inferSchemaType(['IKEA', 'IKEA', 'IKEA'])).toEqual({ type: 'string' });
    expect(inferSchemaType(['Hachette Book Group', 'Zebra', 'Zebra', 'Hachette Book Group'])).toEqual({ type: 'string' });
  });
});
