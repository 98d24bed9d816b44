/**
 * Ratings written as a class: `<p class="star-rating Three">`, `<div class="rating rating-4">`.
 * The value is a number word (or digit) among the classes of an element whose other class says
 * what it rates; read with the class_word transform, it is the same on every page that shows it.
 */
import type { Element } from 'domhandler';
import { isValueClass } from '../list/nodes.js';
import { CLASS_WORD_TABLE } from '../list/roles.js';
import { cssEscape } from './selectors.js';
import { inFurniture } from './furniture.js';
import type { Candidate, InduceContext } from './types.js';

const RATES = /(?:^|[-_])(?:stars?|rating|rated|score)(?:$|[-_])/i;

function numberWordClass(classes: string[]): boolean {
  return classes.some((c) => isValueClass(c) || /(?:^|[-_])[0-5](?:$|[-_])/.test(c));
}

export function classWordCandidates(ctx: InduceContext): Candidate[] {
  if (ctx.concept.shape !== 'rating') return [];
  const counts = new Map<string, number>();
  for (const page of ctx.pages) {
    const seen = new Set<string>();
    for (const el of page.$('[class]').toArray() as Element[]) {
      const classes = (el.attribs.class ?? '').split(/\s+/).filter(Boolean);
      const anchor = classes.find((c) => RATES.test(c) && !/\d/.test(c));
      if (!anchor || !numberWordClass(classes) || inFurniture(el)) continue;
      seen.add(anchor);
    }
    for (const a of seen) counts.set(a, (counts.get(a) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, n]) => n === ctx.pages.length)
    .map(([anchor]) => ({
      source: { css: `.${cssEscape(anchor)}`, attr: 'class' },
      kind: 'css' as const,
      clean: [{ op: 'class_word' as const, words: CLASS_WORD_TABLE }],
      prior: 0.7,
      describe: `class word of .${anchor}`,
    }));
}
