/**
 * Classifying a revision for the service: the grammar first (instant, free, deterministic);
 * when it cannot read the sentence and the optional language model is configured, the model's
 * proposal, checked against the recipe the same way. What neither understands is a 422 that
 * says which clause and why, so the caller can rephrase before anything is queued or charged.
 */
import type { Config } from '../../config/index.js';
import { validationFailed } from '../../errors/index.js';
import type { Recipe } from '../../recipe/types.js';
import { createLlmAssist } from '../../builder/llm/index.js';
import { classifyRevision, classifyWithLlm, type RevisionPlan } from '../../builder/revise/index.js';

export async function classifyForRevision(config: Pick<Config, 'llm'>, sentence: string, recipe: Recipe): Promise<RevisionPlan> {
  const byGrammar = classifyRevision(sentence, recipe);
  if (byGrammar.ok) return byGrammar.plan;
  const llm = createLlmAssist(config);
  const problems = byGrammar.problems;
  if (llm) {
    const byModel = await classifyWithLlm(llm, sentence, recipe);
    if (byModel.ok) return byModel.plan;
  }
  const first = problems[0];
  throw validationFailed(
    problems.length === 1 ? `Could not read the revision "${first.clause}": ${first.reason}` : `Could not read ${problems.length} parts of the revision: ${problems.map((p) => `"${p.clause}": ${p.reason}`).join('; ')}`,
    problems.map((p) => ({ field: 'revision', clause: p.clause, message: p.reason })),
  );
}
