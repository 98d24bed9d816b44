/**
 * What the optional LLM may do in a build: for requested fields that induction left empty on
 * the sampled pages, propose CSS selectors. Every proposal is verified by evaluating it on
 * those pages (through the real extraction engine); only proposals that yield values on most
 * of them are kept, and they are added as a fallback after the induced sources.
 */
import { evaluateExtraction, createPageContext } from '../../recipe/extract/index.js';
import type { Extraction, FieldSpec } from '../../recipe/types.js';
import type { LlmAssist } from './index.js';
import type { EndpointPlan } from '../list-endpoints.js';
import type { Exploration } from '../explore/types.js';
import type { TaskIntent } from '../task-intent.js';
import type { ProgressReporter } from '../progress.js';
import { rethrowUnless } from '../../errors/expected.js';

const SYSTEM =
  'You map field names to CSS selectors on an HTML page. Answer only JSON: {"fields": {"<field>": "<css selector>"}}. ' +
  'Use selectors that select the element whose text is the value; prefer ids, classes and itemprop over positions.';

function compactHtml(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, '')
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<svg[\s\S]*?<\/svg>/gi, '')
    .replace(/\s+/g, ' ')
    .slice(0, 20_000);
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

export async function proposeWithLlm(
  llm: LlmAssist,
  ctx: { plans: EndpointPlan[]; exploration: Exploration; intent: TaskIntent; signal: AbortSignal; progress: ProgressReporter },
): Promise<void> {
  for (const plan of ctx.plans) {
    const extract = plan.endpoint.steps.find((s) => s.type === 'extract');
    if (!extract || extract.type !== 'extract' || extract.extract.kind !== 'object' || !plan.samplePages?.length) continue;
    const extraction = extract.extract;
    const pages = plan.samplePages.map(createPageContext);
    const values = pages.map((p) => evaluateExtraction(extraction, p) as Record<string, unknown>);
    const missing = Object.keys(extraction.fields).filter((f) => values.every((v) => isEmpty(v?.[f])));
    if (missing.length === 0) continue;
    const answer = await llm.askJson(
      SYSTEM,
      `Fields: ${missing.join(', ')}\nTask: ${ctx.intent.text}\nPage URL: ${plan.samplePages[0].url}\nHTML:\n${compactHtml(plan.samplePages[0].text)}`,
      ctx.signal,
    );
    const proposed = (answer?.fields ?? {}) as Record<string, unknown>;
    for (const field of missing) {
      const selector = proposed[field];
      if (typeof selector !== 'string' || selector.length > 300) continue;
      const spec: FieldSpec = { sources: [{ css: selector }], transforms: extraction.fields[field]?.transforms };
      const trial: Extraction = { kind: 'object', fields: { [field]: spec } };
      let hits = 0;
      try {
        for (const p of pages) if (!isEmpty((evaluateExtraction(trial, p) as Record<string, unknown>)[field])) hits++;
      } catch (err) {
        rethrowUnless(err, 'selector');
        continue; // an invalid selector is simply not kept
      }
      if (hits * 2 > pages.length) {
        const current = extraction.fields[field] ?? { sources: [] };
        extraction.fields[field] = { ...current, sources: [...current.sources, { css: selector }] };
        ctx.progress.log('info', `LLM proposal for ${field} (${selector}) verified on ${hits}/${pages.length} pages`);
      } else {
        ctx.progress.log('info', `LLM proposal for ${field} (${selector}) rejected: ${hits}/${pages.length} pages`);
      }
    }
  }
}
