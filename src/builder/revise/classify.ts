/**
 * Classifying a revision sentence against the API it revises: the grammar reads each clause,
 * the resolver finds the recipe's names, and the revision type follows from the intents. A
 * clause that is not understood is reported with the reason, so the caller can rephrase at once
 * instead of waiting for a task to fail.
 */
import type { Recipe } from '../../recipe/types.js';
import { parseRevision } from './grammar.js';
import { resolveIntent } from './resolve.js';
import { revisionTypeOf, type Intent, type Misunderstanding, type RevisionPlan } from './types.js';

export type Classification = { ok: true; plan: RevisionPlan } | { ok: false; problems: Misunderstanding[] };

export const NOT_UNDERSTOOD =
  'not understood: Quarry reads requests such as "also return the author", "add a search endpoint", "rename get_item to get_book", "make limit default to 50" or "the price is empty" (see docs/revisions.md)';

export function classifyRevision(sentence: string, recipe: Recipe): Classification {
  const clauses = parseRevision(sentence);
  if (clauses.length === 0) return { ok: false, problems: [{ clause: sentence, reason: 'the revision is empty' }] };
  const intents: Intent[] = [];
  const problems: Misunderstanding[] = [];
  for (const c of clauses) {
    if (!c.intent) {
      problems.push({ clause: c.clause, reason: NOT_UNDERSTOOD });
      continue;
    }
    const resolved = resolveIntent(c.intent, recipe, c.clause);
    if (resolved.ok) intents.push(...resolved.intents);
    else problems.push(resolved.problem);
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, plan: { type: revisionTypeOf(intents), intents, via: 'grammar' } };
}
