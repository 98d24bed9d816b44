/** Small conveniences for callers of `explore`. */
import type { PageInput } from '../../recipe/extract/index.js';
import type { Exploration } from './types.js';

/** The fetched pages for URLs (keys of `exploration.pages`), in order, skipping unknown ones. */
export function pagesOf(exploration: Exploration, urls: string[]): PageInput[] {
  return urls.map((u) => exploration.pages[u]).filter((p) => p !== undefined);
}

/** Words worth a search probe: frequent, distinctive words of record titles (longest first on ties). */
export function probeWords(titles: string[], max = 5): string[] {
  const STOP = new Set(['the', 'and', 'for', 'with', 'from', 'that', 'this', 'your', 'into', 'over', 'der', 'die', 'das', 'und', 'les', 'des', 'los', 'las', 'del', 'een', 'het', 'van']);
  const counts = new Map<string, number>();
  for (const title of titles) {
    const words = new Set(title.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []);
    for (const w of words) if (!STOP.has(w) && !/^\d+$/.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0].length - a[0].length).slice(0, max).map(([w]) => w);
}
