import { describe, expect, it } from 'vitest';
import { isMoneyName, moneySafeSchema, moneySafeType } from '../../src/builder/money.js';
import { recordSchema } from '../../src/builder/schema-of.js';
import { shapeFromName } from '../../src/builder/knowledge/resolve.js';
import { typeHintOf } from '../../src/builder/list/names.js';

describe('money is never an integer (issue 27)', () => {
  it('reads money in names and leaves counts beside money words alone', () => {
    for (const name of ['price', 'order_total', 'unitPrice', 'Grand total', 'shipping_fee', 'amount', 'salary', 'balance', 'tax']) expect(isMoneyName(name), name).toBe(true);
    for (const name of ['total_results', 'total_pages', 'items', 'order_number', 'amount_of_items', 'review_count', 'title']) expect(isMoneyName(name), name).toBe(false);
  });
  it('widens integer to number for money wherever a type is inferred', () => {
    expect(moneySafeType('total', 'integer')).toBe('number');
    expect(moneySafeType('items', 'integer')).toBe('integer');
    expect(typeHintOf([20, 35], 'order_total')).toBe('number');
    expect(typeHintOf([20, 35], 'total_count')).toBe('integer');
    expect(moneySafeSchema('prices', { type: 'array', items: { type: 'integer' } })).toEqual({ type: 'array', items: { type: 'number' } });
    const schema = recordSchema([{ total: 20, items: 2 }, { total: 35, items: 1 }], ['total', 'items']);
    expect(schema.properties).toEqual({ total: { type: ['number', 'null'] }, items: { type: ['integer', 'null'] } });
    expect(shapeFromName(['order', 'total'])).toBe('price');
    expect(shapeFromName(['total', 'results'])).toBe('integer');
  });
});
