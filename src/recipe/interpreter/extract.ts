/**
 * The extract step: run an Extraction (extract/, pure) over the current page or a var, check
 * its required fields, and store the result in `data` or a var.
 */
import { QuarryError } from '../../errors/index.js';
import { emptyRequiredFields, evaluateExtraction, type PageContext, type PageInput } from '../extract/index.js';
import type { ExtractStep } from '../types.js';
import { FetchedPage, pageContextOf, type RunContext } from './context.js';
import { UnparseableBody, isBinaryType } from './fallback.js';

export function runExtract(step: ExtractStep, ctx: RunContext): void {
  const page = step.from ? pageFromVar(ctx, step.from) : ctx.page;
  if (!page) throw new QuarryError('scraper_bug', 'An extract step ran before any page was fetched.');
  const context = pageContextOf(ctx, page);
  assertParseable(page, context);
  const value = evaluateExtraction(step.extract, context, { params: { ...ctx.params }, vars: ctx.vars });
  const missing = emptyRequiredFields(step.extract, value);
  if (missing.length > 0) {
    throw new QuarryError(
      'scraper_bug',
      `The required field "${missing[0]}" came out empty on ${page.url}: the page no longer matches the scraper.`,
      { field: missing[0], url: page.url },
    );
  }
  if (!step.into || step.into === 'data') ctx.data = value;
  else ctx.vars[step.into] = value;
}

/**
 * A var holds a page (request `as`), a JSON value (an earlier extraction) or an HTML fragment
 * (a string); the last two are wrapped as pages so the same extraction language reads them.
 */
function pageFromVar(ctx: RunContext, name: string): PageInput | null {
  const value = ctx.vars[name];
  if (value instanceof FetchedPage) return value;
  if (value === undefined) return null;
  const url = ctx.page?.url ?? ctx.run.recipe.source_url;
  if (typeof value === 'string') return { url, contentType: 'text/html', text: value };
  return { url, contentType: 'application/json', text: JSON.stringify(value) ?? 'null' };
}

function assertParseable(page: PageInput, context: PageContext): void {
  const sent = (page instanceof FetchedPage ? page.upstreamContentType : page.contentType).toLowerCase();
  const unparseable = page.contentType.toLowerCase().includes('json')
    ? context.jsonBody() === undefined
    : isBinaryType(sent);
  if (unparseable) throw new UnparseableBody(page.text, sent);
}
