/**
 * Money is never an integer (issue 27). A type inferred from the training pages sees whole
 * amounts ("£20") as integers, and an integer transform then rounds what a later page shows
 * (£19.99 came back as 20). Every place that types a field asks here: the list and detail
 * fields' transforms, the knowledge shapes of a named field, the JSON API fields and the
 * return schema (builder/schema-of.ts).
 */
import { words } from './words.js';

/** Words that name an amount of money in a field's name ("order_total", "unitPrice", "fees"). */
const MONEY_WORDS = new Set([
  'price', 'prices', 'cost', 'costs', 'fee', 'fees', 'amount', 'amounts', 'total', 'totals', 'subtotal', 'grandtotal',
  'salary', 'salaries', 'wage', 'wages', 'pay', 'rent', 'balance', 'tax', 'vat', 'charge', 'charges', 'payment',
  'payments', 'paid', 'due', 'revenue', 'income', 'spend', 'spent', 'budget', 'deposit', 'refund', 'msrp', 'rrp', 'tip',
]);

/**
 * Words that make a name a count even beside a money word ("total_results", "total_pages",
 * "amount_of_items", "payment_count"): a count stays an integer.
 */
const COUNT_WORDS = new Set([
  'count', 'counts', 'number', 'num', 'qty', 'quantity', 'results', 'items', 'pages', 'page', 'hits', 'reviews', 'ratings',
  'votes', 'views', 'orders', 'products', 'records', 'entries', 'users', 'members', 'followers', 'comments', 'downloads',
  'days', 'hours', 'minutes', 'seconds', 'years', 'months', 'units', 'pieces', 'stock', 'rate', 'percent', 'id',
]);

/** Whether a field's name (or its words) says it holds money. */
export function isMoneyName(name: string | string[]): boolean {
  const tokens = typeof name === 'string' ? words(name) : name;
  return tokens.some((t) => MONEY_WORDS.has(t)) && !tokens.some((t) => COUNT_WORDS.has(t));
}

/** The JSON type a field gets: an inferred `integer` widens to `number` when the field is money. */
export function moneySafeType<T>(name: string, type: T): T | 'number' {
  return type === 'integer' && isMoneyName(name) ? 'number' : type;
}

/** A field's inferred JSON Schema with `integer` (its own or its items') widened to `number` when the field is money. */
export function moneySafeSchema<S extends { type?: unknown; items?: unknown }>(name: string, schema: S): S {
  if (!isMoneyName(name)) return schema;
  const widen = (type: unknown): unknown => (type === 'integer' ? 'number' : Array.isArray(type) ? type.map((t) => (t === 'integer' ? 'number' : t)) : type);
  const items = schema.items && typeof schema.items === 'object' ? { items: { ...schema.items, type: widen((schema.items as { type?: unknown }).type) } } : {};
  return { ...schema, type: widen(schema.type), ...items };
}
