/**
 * Price reading on real text: the 1,185 price strings of ../shared/bench/prices (price-parser's
 * test data, read in place, never copied). Each string is read as a price field reads it
 * (bench/lib/price-reading.ts); prints per set and over the non-XFAIL sets how many amounts and
 * currencies are right.
 *
 *   node --import tsx bench/prices.ts [--file PATH] [--verbose] [--set NAME]
 *
 * Amount right: both null, or both numbers equal (to 1e-9 relative). Currency right: both null,
 * or both read and our ISO code equals the code of the sign the data names (`currency`) under
 * the same locale; a sign the data names that we cannot read at all is wrong.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBenchPrice, signCode, type PriceExample } from './lib/price-reading.js';

interface Args {
  file: string;
  verbose: boolean;
  set?: string;
}

function parseArgs(argv: string[]): Args {
  const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const args: Args = { file: resolve(repoRoot, '../shared/bench/prices/real-price-strings.json'), verbose: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--file') args.file = resolve(argv[++i]);
    else if (argv[i] === '--verbose') args.verbose = true;
    else if (argv[i] === '--set') args.set = argv[++i];
  }
  return args;
}

function sameAmount(expected: string | number | null, got: number | null): boolean {
  if (expected === null || expected === undefined) return got === null;
  if (got === null) return false;
  const want = Number(expected);
  return Math.abs(want - got) <= 1e-9 * Math.max(1, Math.abs(want));
}

interface Tally {
  n: number;
  amounts: number;
  currencies: number;
}

const args = parseArgs(process.argv.slice(2));
const sets = JSON.parse(readFileSync(args.file, 'utf8')) as Record<string, PriceExample[]>;
const total: Tally = { n: 0, amounts: 0, currencies: 0 };
const pct = (k: number, n: number): string => `${((100 * k) / Math.max(1, n)).toFixed(1)}%`;

for (const [name, examples] of Object.entries(sets)) {
  if (args.set && name !== args.set) continue;
  const xfail = name.includes('XFAIL');
  // A set that checks currencies only: its amounts are placeholders.
  const currencyOnly = name.includes('CURRENCIES_TO_BE_ADDED');
  const tally: Tally = { n: 0, amounts: 0, currencies: 0 };
  for (const example of examples) {
    const got = readBenchPrice(example);
    const amountRight = currencyOnly || sameAmount(example.amount, got.amount);
    const wantCode = example.currency === null ? null : signCode(example.currency, example);
    const currencyRight = example.currency === null ? got.currency === null : wantCode !== null && got.currency === wantCode;
    tally.n++;
    if (amountRight) tally.amounts++;
    if (currencyRight) tally.currencies++;
    if (args.verbose && (!amountRight || !currencyRight)) {
      const what = [!amountRight ? `amount ${String(got.amount)} (want ${String(example.amount)})` : '', !currencyRight ? `currency ${String(got.currency)} (want ${String(example.currency)} = ${String(wantCode)})` : '']
        .filter(Boolean)
        .join(', ');
      console.log(`  ${name}: ${JSON.stringify(example.text)} hint ${JSON.stringify(example.currency_hint)}: ${what}`);
    }
  }
  console.log(`${name.padEnd(52)} ${String(tally.n).padStart(4)}  amounts ${pct(tally.amounts, tally.n).padStart(6)}  currency ${pct(tally.currencies, tally.n).padStart(6)}${xfail ? '  (XFAIL)' : ''}`);
  if (xfail) continue;
  total.n += tally.n;
  total.amounts += tally.amounts;
  total.currencies += tally.currencies;
}
console.log(
  `prices: amounts right ${pct(total.amounts, total.n)} (${total.amounts}/${total.n}), currency right ${pct(total.currencies, total.n)} (${total.currencies}/${total.n}) over the non-XFAIL sets`,
);
