/**
 * Generalisation benchmark: the offline extraction harness (extract-offline.ts) over the
 * synthetic "unseen" sites of test/fixtures/unseen — hand-written pages in several languages
 * and layouts that nobody tuned the induction on before they were written.
 *
 *   node --import tsx bench/unseen.ts [--site NAME] [--verbose] [--html-only | --strip-held-out]
 *
 * Same as `bench/extract-offline.ts --corpus test/fixtures/unseen --out unseen`; writes every
 * prediction next to its truth to bench/out/unseen.json.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOffline } from './extract-offline.js';

const corpus = resolve(fileURLToPath(new URL('../test/fixtures/unseen', import.meta.url)));
runOffline(['--corpus', corpus, '--out', 'unseen', ...process.argv.slice(2)]);
