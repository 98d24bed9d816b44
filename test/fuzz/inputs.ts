/**
 * Hostile request parts for the route fuzz suite: text no store can keep (NUL, lone
 * surrogates), very long strings, deep nesting, wrong types, prototype keys, duplicate keys,
 * odd content types and encodings, huge numbers. Each arbitrary yields something inject()
 * can send as is: a raw payload with its content type, a query string, a path segment.
 */
import fc from 'fast-check';

const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\udbff\udfff', // a valid pair (must be accepted as text)
  '',
  ' ',
  'x'.repeat(70_000),
  '\u202e\u0301',
  '../../../etc/passwd',
  'http://127.0.0.1:9/',
  'javascript:alert(1)',
  '{{7*7}}',
  "'; drop table users; --",
  '%00',
  '1e999',
  'NaN',
  'true',
  '__proto__',
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => s + '\u0000') },
);

/** A JSON number literal as raw text (JSON.stringify cannot write 1e999 or -0). */
const hugeNumberText = fc.constantFrom('1e999', '-1e999', '1e308', '9007199254740993', '-0', '0.0000000000000000001', '123456789012345678901234567890');

/** A JSON value as raw text, built by hand so it can hold what JSON.stringify never writes. */
export function rawJsonValue(keys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 4, arbitrary: keys.length ? fc.constantFrom(...keys) : fc.constant('name') },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty') },
    { weight: 1, arbitrary: nastyString },
  );
  const { value } = fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      nastyString.map((s) => JSON.stringify(s)),
      hugeNumberText,
      fc.integer().map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
      fc.constantFrom('true', 'false', 'null'),
      fc.array(tie('value'), { maxLength: 4 }).map((xs) => `[${xs.join(',')}]`),
      fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }).map((kv) => `{${kv.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
    ),
  }));
  return value;
}

/** An object body over the route's own field names, so values reach the handler; keys may repeat. */
export function rawJsonObject(keys: readonly string[]): fc.Arbitrary<string> {
  const field = keys.length ? fc.constantFrom(...keys) : fc.constantFrom('name', 'url', 'task');
  const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype');
  return fc
    .array(fc.tuple(fc.oneof({ weight: 5, arbitrary: field }, { weight: 1, arbitrary: prototypeKey }), rawJsonValue(keys)), { minLength: 1, maxLength: 6 })
    .map((kv) => `{${kv.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);
}

export interface RawBody {
  payload: string | Buffer;
  contentType: string | null;
}

const deep = (n: number, open: string, close: string, inner = '1') => open.repeat(n) + inner + close.repeat(n);

/** Fixed cases every body-taking route gets, besides the random ones. */
export function fixedBodies(keys: readonly string[]): RawBody[] {
  const k = keys[0] ?? 'name';
  const json = 'application/json';
  return [
    { payload: JSON.stringify({ [k]: '\u0000' }), contentType: json },
    { payload: JSON.stringify({ [k]: '\ud800' }), contentType: json },
    { payload: `{"${k}":"\\u0000"}`, contentType: json },
    { payload: `{"${k}":"\\ud800"}`, contentType: json },
    { payload: `{"${k}\\u0000":1}`, contentType: json },
    { payload: `{"${k}":1,"${k}":"x"}`, contentType: json },
    { payload: `{"__proto__":{"admin":true}}`, contentType: json },
    { payload: `{"constructor":{"prototype":{"admin":true}}}`, contentType: json },
    { payload: `{"${k}":1e999}`, contentType: json },
    { payload: `{"${k}":-1e999}`, contentType: json },
    { payload: `{"${k}":123456789012345678901234567890}`, contentType: json },
    { payload: `{"${k}":${deep(5000, '[', ']')}}`, contentType: json },
    { payload: `{"${k}":${deep(3000, '{"a":', '}')}}`, contentType: json },
    { payload: deep(100_000, '[', ']'), contentType: json },
    { payload: JSON.stringify({ [k]: 'x'.repeat(900_000) }), contentType: json },
    { payload: 'x'.repeat(1_100_000), contentType: json },
    { payload: '[]', contentType: json },
    { payload: '"text"', contentType: json },
    { payload: '42', contentType: json },
    { payload: 'null', contentType: json },
    { payload: '', contentType: json },
    { payload: '{', contentType: json },
    { payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), contentType: json },
    { payload: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`{"${k}":"x"}`)]), contentType: json },
    { payload: Buffer.from(`{"${k}":"x"}`, 'utf16le'), contentType: 'application/json; charset=utf-16' },
    { payload: `{"${k}":"x"}`, contentType: 'application/json; charset=latin1' },
    { payload: `{"${k}":"x"}`, contentType: 'text/plain' },
    { payload: `${k}=x`, contentType: 'application/x-www-form-urlencoded' },
    { payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b--', contentType: 'multipart/form-data; boundary=b' },
    { payload: `<a>${k}</a>`, contentType: 'application/xml' },
    { payload: `{"${k}":"x"}`, contentType: 'application/json; charset=utf-8; foo=bar' },
    { payload: `{"${k}":"x"}`, contentType: 'application/jsonx' },
    { payload: `{"${k}":"x"}`, contentType: null },
    { payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]), contentType: json },
  ];
}

/** Percent-encoded text a URL can carry, including bytes that decode to nothing valid. */
export const nastyUrlText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%FF', '%', '%zz', '%C0%AF', 'x'.repeat(5000), '..%2F..%2F', '%2e%2e', '__proto__', 'constructor', '-1', '1e999', '99999999999999999999', ''),
  fc.string({ unit: 'binary', maxLength: 20 }).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))),
);

export function queryString(keys: readonly string[]): fc.Arbitrary<string> {
  const key = keys.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'a[b]', 'a[]') })
    : fc.constantFrom('q', '__proto__', 'constructor');
  return fc.array(fc.tuple(key, nastyUrlText), { minLength: 1, maxLength: 5 }).map((kv) => kv.map(([k, v]) => `${k}=${v}`).join('&'));
}
