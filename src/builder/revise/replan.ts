/**
 * Planning one endpoint again from the fresh exploration, with the build's own planners
 * (detail-endpoint.ts, list-endpoints.ts, search-endpoint.ts): for a new endpoint (extend) or
 * to replace one the site no longer fits (fix). The optional LLM may propose selectors for
 * fields left empty, verified on the sampled pages as in a build.
 */
import type { Extraction } from '../../recipe/types.js';
import { planDetailEndpoint } from '../detail-endpoint.js';
import { planListEndpoints, type EndpointPlan } from '../list-endpoints.js';
import { planSearchEndpoint } from '../search-endpoint.js';
import { pluralize } from '../naming.js';
import { proposeWithLlm } from '../llm/propose.js';
import type { EndpointKind } from './types.js';
import type { Workspace } from './workspace.js';
import { messageOf, rethrowUnless } from '../../errors/expected.js';

export interface PlanRequest {
  kind: EndpointKind;
  name: string;
  noun: string;
  /** Output keys wanted. */
  fields: string[];
  /** Keep every wanted field even when empty (default: when fields are given). */
  named?: boolean;
  /** The detail extraction list endpoints may follow for fields their list does not show. */
  detailExtraction?: Extraction | null;
  /** The list extraction search results usually share. */
  listExtraction?: Extraction;
}

/** Headings of the fresh detail pages: words the site's records contain (search probes). */
function recordTitles(pages: Record<string, { text: string }>, urls: string[]): string[] {
  const titles: string[] = [];
  for (const url of urls) {
    const m = /<h[12][^>]*>([\s\S]*?)<\/h[12]>/i.exec(pages[url]?.text ?? '');
    if (m) titles.push(m[1].replace(/<[^>]+>/g, ' ').trim());
  }
  return titles;
}

export async function planEndpoint(ws: Workspace, req: PlanRequest): Promise<EndpointPlan | null> {
  const exploration = await ws.site();
  const wanted = req.fields.map((name) => ({ name }));
  let plan: EndpointPlan | null = null;
  if (req.kind === 'detail') {
    const d = planDetailEndpoint({ exploration, name: req.name, noun: req.noun, fields: wanted, fieldsNamed: req.named ?? req.fields.length > 0, vertical: req.noun });
    if (d) {
      const samplePages = (exploration.detail?.sampleUrls ?? []).map((u) => exploration.pages[u]).filter(Boolean);
      plan = { endpoint: d.endpoint, cases: d.cases, fields: d.fields, samplePages };
    }
  } else if (req.kind === 'list') {
    [plan = null] = planListEndpoints({
      exploration,
      intent: { fields: req.named === false ? [] : req.fields, kinds: ['list'], entity: req.noun, text: '' },
      noun: req.noun,
      names: { list: req.name, detail: `get_${req.noun}`, search: `search_${pluralize(req.noun)}` },
      wantKind: (k) => k === 'list',
      wanted: req.named === false ? [] : wanted,
      detailExtraction: req.detailExtraction ?? null,
    });
  } else {
    plan = await planSearchEndpoint({
      exploration,
      name: req.name,
      noun: req.noun,
      fetcher: ws.req.fetcher,
      signal: ws.signal,
      listExtraction: req.listExtraction,
      wantedKeys: req.fields,
      titles: recordTitles(exploration.pages, exploration.detail?.sampleUrls ?? []),
    }).catch((err: unknown) => {
      rethrowUnless(err, 'fetch');
      ws.progress.log('warn', `The search form is not usable: ${messageOf(err)}`);
      return null;
    });
  }
  if (plan && ws.req.llm) {
    await proposeWithLlm(ws.req.llm, {
      plans: [plan],
      exploration,
      intent: { fields: req.fields, kinds: [req.kind], entity: req.noun, text: ws.req.plan.intents.map((i) => i.clause).join('. ') },
      signal: ws.signal,
      progress: ws.progress,
    });
  }
  return plan;
}
