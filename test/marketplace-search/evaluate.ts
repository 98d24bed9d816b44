/**
 * Prints NDCG@10 of the labelled set for lexical only and hybrid, per query kind and per query.
 * `node --import tsx test/marketplace-search/evaluate.ts [blend|rrf] [lexicalWeight] [minSimilarity]`
 */
import { createSearchIndex, type FusionMethod } from '../../src/marketplace/search/index.js';
import { evaluate, loadListings, loadQueries, mean } from './labelled-set.js';

async function main(): Promise<void> {
  const [method = 'blend', weight, floor] = process.argv.slice(2);
  const fusion = {
    method: method as FusionMethod,
    ...(weight ? { lexicalWeight: Number(weight) } : {}),
    ...(floor ? { minSimilarity: Number(floor) } : {}),
  };
  const index = createSearchIndex({ fusion });
  await index.upsertMany(loadListings());
  const queries = loadQueries();
  const lexical = await evaluate(index, queries, false);
  const hybrid = await evaluate(index, queries, true);
  for (const kind of ['lexical', 'synonym', 'cross-language'] as const) {
    const pick = (s: typeof lexical) => mean(s.filter((x) => x.query.kind === kind).map((x) => x.ndcg));
    console.log(`${kind.padEnd(15)} lexical ${pick(lexical).toFixed(3)}  hybrid ${pick(hybrid).toFixed(3)}`);
  }
  console.log(`${'ALL'.padEnd(15)} lexical ${mean(lexical.map((s) => s.ndcg)).toFixed(3)}  hybrid ${mean(hybrid.map((s) => s.ndcg)).toFixed(3)}`);
  if (process.env.VERBOSE) {
    lexical.forEach((l, i) => {
      const h = hybrid[i];
      console.log(`${l.ndcg.toFixed(2)} -> ${h.ndcg.toFixed(2)}  ${l.query.q.padEnd(28)} ${h.top.slice(0, 5).join(' ')}`);
    });
  }
}

await main();
