/** Non-Latin digits and currency formats (issue 11, point 6). */
import { describe, expect, it } from 'vitest';
import { createPageContext, evaluateExtraction } from '../../src/recipe/extract/index.js';
import { asciiDigits } from '../../src/recipe/extract/transforms/numbers.js';

function read(text: string, op: 'currency_amount' | 'currency_code') {
  const page = createPageContext({ url: 'http://x/', contentType: 'text/html', text: `<p class="p">${text}</p>` });
  return evaluateExtraction({ kind: 'value', field: { sources: [{ css: '.p' }], transforms: [{ op }] } }, page);
}

describe('prices in every script', () => {
  it.each([
    ['NT$2,490', 2490, 'TWD'], ['售價 NT$ 1,680元', 1680, 'TWD'], ['₩12,000', 12000, 'KRW'], ['12,000원', 12000, 'KRW'],
    ['1,299.90 ₪', 1299.9, 'ILS'], ['₸ 15 000', 15000, 'KZT'], ['1 200 руб.', 1200, 'RUB'], ['٢٬٤٩٠٫٥٠ ر.س', 2490.5, 'SAR'],
    ['２，４９０円', 2490, 'JPY'], ['₹ १,२००', 1200, 'INR'],
  ])('%s', (text, amount, code) => {
    expect(read(text, 'currency_amount')).toBe(amount);
    expect(read(text, 'currency_code')).toBe(code);
  });

  it('maps the digits of each script to ASCII', () => {
    expect(asciiDigits('۱۲۳٤٥٦٧٨٩٠')).toBe('1234567890');
    expect(asciiDigits('๑๒๓')).toBe('123');
    expect(asciiDigits('১২৩')).toBe('123');
  });
});
