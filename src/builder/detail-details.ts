/**
 * "The details of each book": what a detail page shows beyond the fields the task names. Pages
 * write their details as label/value pairs (`<th>`/`<td>` rows, `<dt>`/`<dd>`); a label every
 * sampled page shows is one of the record's fields, named like any asked field (its concept's
 * key: "UPC" -> `upc`, "Product Type" -> `product_type`). The description and the record's
 * identifiers are offered too; induction keeps only those the pages really hold.
 */
import { collapseWhitespace, createPageContext, type PageInput } from '../recipe/extract/index.js';
import { conceptKey } from './task-intent.js';
import { CONCEPTS, resolveField } from './knowledge/index.js';

/** Concepts every detail page of a catalogue may show, kept only when found on the pages. */
const DETAIL_CONCEPTS = ['description', 'sku', 'gtin', 'isbn13', 'mpn', 'brand'];
const MAX_LABEL_FIELDS = 20;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A label's output key: its concept's (`品牌` -> `brand`), or its own words when they are one. */
function keyOfLabel(label: string): string | null {
  const resolved = resolveField(label);
  const own = conceptKey(label);
  if (own && IDENTIFIER.test(own)) return own;
  if (resolved.known && IDENTIFIER.test(resolved.concept.id)) return resolved.concept.id;
  // Labels the registry lists for a concept ("保固" is a warranty's).
  const folded = label.trim().toLowerCase();
  const byLabel = CONCEPTS.find((c) => c.labels.some((l) => l.toLowerCase() === folded));
  return byLabel && IDENTIFIER.test(byLabel.id) ? byLabel.id : null;
}

export function detailFieldsShown(pages: PageInput[], asked: string[]): Array<{ name: string; hint?: string }> {
  if (pages.length === 0) return [];
  const perPage = pages.map((p) => {
    const ctx = createPageContext(p);
    const labels = new Set<string>();
    ctx.$('tr > th:first-child, tr > td:first-child:not(:last-child), dl > dt').each((_, el) => {
      const text = collapseWhitespace(ctx.$(el).text()).replace(/[\s:：]+$/, '');
      if (text && text.length <= 40 && /\p{L}/u.test(text)) labels.add(text);
    });
    return labels;
  });
  const shared = [...perPage[0]].filter((l) => perPage.every((set) => set.has(l)));
  const seen = new Set(asked);
  const out: Array<{ name: string; hint?: string }> = [];
  for (const label of shared.slice(0, MAX_LABEL_FIELDS)) {
    const key = keyOfLabel(label);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push({ name: key, hint: label });
  }
  for (const name of DETAIL_CONCEPTS) if (!seen.has(name) && !out.some((o) => o.name === name)) out.push({ name });
  return out;
}
