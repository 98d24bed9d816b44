/** Identifiers made from text people wrote (a class name, a label, a query key). */

export interface SnakeOptions {
  /** Put before a result that does not start with a letter (`item_`, `f_`). */
  prefix: string;
  /** The longest result. */
  max?: number;
  /** What stands for text with no letter or digit at all (the prefix alone when absent). */
  empty?: string;
}

/** `Price (incl. VAT)`, `starRating`, `Café-Name` -> `price_incl_vat`, `star_rating`, `cafe_name`. */
export function snakeCase(text: string, opts: SnakeOptions): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const named = s === '' && opts.empty !== undefined ? opts.empty : /^[a-z]/.test(s) ? s : `${opts.prefix}${s}`;
  return opts.max === undefined ? named : named.slice(0, opts.max);
}
