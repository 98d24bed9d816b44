/**
 * Every candidate way to read a field, from every generator: structured data first (it states
 * its meaning), then labels, headings and bylines, then named anchors.
 */
import { conceptById } from '../knowledge/index.js';
import { addressIdCandidates } from './address-ids.js';
import { anchorCandidates } from './anchors.js';
import { classWordCandidates } from './class-words.js';
import { sectionCandidates } from './sections.js';
import { bylineCandidates, headingCandidates } from './headings.js';
import { embeddedCandidates } from './embedded.js';
import { labelCandidates } from './labels.js';
import { proximityCandidates } from './proximity.js';
import { timeRoleCandidates } from './time-roles.js';
import { quantityListCandidates } from './quantity-lists.js';
import { jsonLdCandidates, metaCandidates, microdataCandidates } from './structured.js';
import type { Candidate, InduceContext } from './types.js';

export function gatherCandidates(ctx: InduceContext): Candidate[] {
  const out = ownCandidates(ctx);
  // Sources of related concepts (the price text also states its currency), trusted a bit less.
  for (const { concept: id, clean } of ctx.concept.borrowFrom ?? []) {
    const other = conceptById(id);
    if (!other) continue;
    for (const c of ownCandidates({ ...ctx, concept: other })) {
      out.push({ ...c, clean: [...(c.clean ?? []), ...(clean ?? [])], prior: c.prior * 0.9, describe: `${c.describe} (${id})` });
    }
  }
  const seen = new Set<string>();
  const pickerSafe = PICKER_FIELDS.has(ctx.concept.shape);
  return out.filter((c) => {
    const key = JSON.stringify(c.source) + JSON.stringify(c.clean ?? []);
    if (seen.has(key)) return false;
    seen.add(key);
    return !pickerSafe || !readsPickerOption(c, ctx);
  });
}

/**
 * A variant picker's options state their own stock and price ("Black (sold out)", "+19,000"):
 * a source that reads inside one reads an option, not the product. Stock and price only.
 */
const PICKER_FIELDS = new Set(['availability', 'price']);
const PICKER = 'option, [role="option"], [role="listbox"], [role="radio"], [role="radiogroup"]';

function readsPickerOption(c: Candidate, ctx: InduceContext): boolean {
  const css = (c.source as { css?: string }).css;
  if (!css) return false;
  return ctx.pages.some((page) => {
    let first;
    try {
      first = page.$(css).first();
    } catch {
      return false;
    }
    return first.length > 0 && first.closest(PICKER).length > 0;
  });
}

function ownCandidates(ctx: InduceContext): Candidate[] {
  const shape = ctx.concept.shape;
  const out: Candidate[] = [
    ...jsonLdCandidates(ctx),
    ...microdataCandidates(ctx),
    ...metaCandidates(ctx),
    ...labelCandidates(ctx),
    ...timeRoleCandidates(ctx),
    ...embeddedCandidates(ctx),
  ];
  if (shape === 'title') out.push(...headingCandidates(ctx));
  if (shape === 'person' || shape === 'organization') out.push(...bylineCandidates(ctx));
  out.push(...anchorCandidates(ctx));
  out.push(...classWordCandidates(ctx));
  out.push(...sectionCandidates(ctx));
  out.push(...quantityListCandidates(ctx));
  out.push(...proximityCandidates(ctx));
  out.push(...addressIdCandidates(ctx));
  return out;
}
