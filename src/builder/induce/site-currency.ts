/**
 * The site's currency (issue 25, point 3): the priceCurrency its structured data names on the
 * training pages. Pages of the same site without structured data (or held-out pages whose
 * JSON-LD is gone) still sell in it, so it decides a sign several currencies share ("$" on a
 * Chilean shop is CLP) where the page itself names no currency. The currency field's
 * `currency_code` transform carries it (`site_currency`); the page's own signals still come first.
 */
import { readPageLocale, type PageContext } from '../../recipe/extract/index.js';
import type { FieldSpec } from '../../recipe/types.js';
import type { Concept } from '../knowledge/index.js';

/** The currency every training page naming one names (at least one must), or null. */
export function siteCurrency(pages: PageContext[]): string | null {
  const named = new Set<string>();
  for (const page of pages) {
    const locale = readPageLocale(page);
    if (locale.currency && locale.from.currency === 'price_currency') named.add(locale.currency);
  }
  return named.size === 1 ? [...named][0] : null;
}

/**
 * Gives the currency field's `currency_code` transforms the site's currency; returns the line the
 * decision trace shows (which signal decides, and what decided on the training pages), or null.
 */
export function addSiteCurrency(spec: FieldSpec, concept: Concept, pages: PageContext[]): string | null {
  if (concept.shape !== 'currency' || !spec.transforms?.some((t) => t.op === 'currency_code')) return null;
  const code = siteCurrency(pages);
  if (!code) return null;
  spec.transforms = spec.transforms.map((t) => (t.op === 'currency_code' ? { ...t, site_currency: code } : t));
  const counts = new Map<string, number>();
  for (const page of pages) {
    const from = readPageLocale(page).from;
    const signal = from.currency ?? from.region ?? 'default';
    counts.set(signal, (counts.get(signal) ?? 0) + 1);
  }
  const training = [...counts].map(([signal, n]) => `${signal} x${n}`).join(', ');
  return `currency: a shared sign on a page naming no currency reads as ${code} (site_price_currency: the training pages' priceCurrency); on the training pages ${training}`;
}
