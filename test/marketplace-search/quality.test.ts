/**
 * Ranking quality on the labelled set (fixtures/, see labelled-set.ts and docs/search.md): the
 * semantic arm must not make ranking worse than lexical alone, overall or on the queries whose
 * words are in the listings, and must help where the words differ.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createSearchIndex, type SearchIndex } from '../../src/marketplace/search/index.js';
import { evaluate, loadListings, loadQueries, mean, ndcgAt, type QueryScore } from './labelled-set.js';

describe('NDCG@10', () => {
  it('is 1 for the ideal order, lower for a worse one, 0 without relevant results', () => {
    const relevant = { a: 3, b: 1 };
    expect(ndcgAt(10, ['a', 'b'], relevant)).toBe(1);
    expect(ndcgAt(10, ['b', 'a'], relevant)).toBeLessThan(1);
    expect(ndcgAt(10, ['x', 'a', 'b'], relevant)).toBeLessThan(ndcgAt(10, ['a', 'x', 'b'], relevant));
    expect(ndcgAt(10, ['x', 'y'], relevant)).toBe(0);
  });
});

describe('labelled query set', () => {
  let index: SearchIndex;
  let lexical: QueryScore[];
  let hybrid: QueryScore[];
  const byKind = (scores: QueryScore[], kind: string) => mean(scores.filter((s) => s.query.kind === kind).map((s) => s.ndcg));

  beforeAll(async () => {
    index = createSearchIndex();
    await index.upsertMany(loadListings());
    const queries = loadQueries();
    lexical = await evaluate(index, queries, false);
    hybrid = await evaluate(index, queries, true);
  });

  it('has the size the docs describe', () => {
    expect(loadListings()).toHaveLength(54);
    expect(loadQueries()).toHaveLength(36);
  });

  it('hybrid >= lexical overall, and clearly better where words differ', () => {
    const all = (s: QueryScore[]) => mean(s.map((x) => x.ndcg));
    expect(all(hybrid)).toBeGreaterThanOrEqual(all(lexical));
    expect(all(hybrid)).toBeGreaterThan(0.9);
    expect(byKind(hybrid, 'synonym')).toBeGreaterThan(byKind(lexical, 'synonym') + 0.2);
    expect(byKind(hybrid, 'cross-language')).toBeGreaterThan(byKind(lexical, 'cross-language') + 0.2);
  });

  it('does not hurt queries that lexical search already answers', () => {
    expect(byKind(hybrid, 'lexical')).toBeGreaterThanOrEqual(byKind(lexical, 'lexical'));
  });
});
