/**
 * Every candidate way to read a field, from every generator: structured data first (it states
 * its meaning), then labels, headings and bylines, then named anchors.
 */
import { conceptById } from '../knowledge/index.js';
import { anchorCandidates } from './anchors.js';
import { classWordCandidates } from './class-words.js';
import { sectionCandidates } from './sections.js';
import { bylineCandidates, headingCandidates } from './headings.js';
import { embeddedCandidates } from './embedded.js';
import { labelCandidates } from './labels.js';
import { proximityCandidates } from './proximity.js';
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
  return out.filter((c) => {
    const key = JSON.stringify(c.source) + JSON.stringify(c.clean ?? []);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function ownCandidates(ctx: InduceContext): Candidate[] {
  const shape = ctx.concept.shape;
  const out: Candidate[] = [
    ...jsonLdCandidates(ctx),
    ...microdataCandidates(ctx),
    ...metaCandidates(ctx),
    ...labelCandidates(ctx),
    ...embeddedCandidates(ctx),
  ];
  if (shape === 'title') out.push(...headingCandidates(ctx));
  if (shape === 'person' || shape === 'organization') out.push(...bylineCandidates(ctx));
  out.push(...anchorCandidates(ctx));
  out.push(...classWordCandidates(ctx));
  out.push(...sectionCandidates(ctx));
  out.push(...proximityCandidates(ctx));
  return out;
}
