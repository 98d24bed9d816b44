/**
 * The labelled query set (fixtures/): 54 synthetic listings in 7 languages and 36 queries with graded
 * relevance (3 perfect, 2 relevant, 1 marginal), and NDCG@10 over it. Used by the quality test and
 * by `node --import tsx test/marketplace-search/evaluate.ts`, which prints the per-query table.
 */
import { readFileSync } from 'node:fs';
import type { ListingDoc, SearchIndex } from '../../src/marketplace/search/index.js';

export interface LabelledQuery {
  q: string;
  country: string | null;
  /** synonym: words differ from the listing text; cross-language; lexical: the words are there. */
  kind: 'synonym' | 'cross-language' | 'lexical';
  relevant: Record<string, number>;
}

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);

export function loadListings(): ListingDoc[] {
  return JSON.parse(readFileSync(fixture('listings.json'), 'utf8')) as ListingDoc[];
}

export function loadQueries(): LabelledQuery[] {
  return JSON.parse(readFileSync(fixture('queries.json'), 'utf8')) as LabelledQuery[];
}

/** NDCG@k with gains 2^grade - 1 and the ideal ordering of the judged listings. */
export function ndcgAt(k: number, ranking: readonly string[], relevant: Record<string, number>): number {
  const dcg = (grades: number[]) => grades.slice(0, k).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg(Object.values(relevant).sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranking.map((id) => relevant[id] ?? 0)) / ideal;
}

export interface QueryScore {
  query: LabelledQuery;
  ndcg: number;
  top: string[];
}

export async function evaluate(index: SearchIndex, queries: LabelledQuery[], semantic: boolean): Promise<QueryScore[]> {
  const scores: QueryScore[] = [];
  for (const query of queries) {
    const result = await index.searchApis({ q: query.q, country: query.country, semantic, limit: 10, offset: 0 });
    const top = result.items.map((i) => i.id);
    scores.push({ query, ndcg: ndcgAt(10, top, query.relevant), top });
  }
  return scores;
}

export function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
