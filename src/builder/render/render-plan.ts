/**
 * When no JSON call replays without a browser (signed requests, sessions only the page can
 * open): a list endpoint that renders the page on every call. It keeps the JSON bodies the page
 * receives (`capture`) and reads records from them by JSON paths, or, when the page makes no
 * JSON call at all, reads the rendered HTML. Scrolling loads more of an infinite list.
 */
import type { PageInput } from '../../recipe/extract/index.js';
import type { JsonSchema, RenderStep, Step } from '../../recipe/types.js';
import type { EndpointPlan } from '../list-endpoints.js';
import { induceList, NoListFound } from '../list/index.js';
import { describeFields } from '../naming.js';
import { induceJsonList } from '../jsonapi/induce.js';
import { recordCount } from '../jsonapi/calls.js';
import { findRecordArrays } from '../jsonapi/records.js';
import type { RenderedSample } from './record.js';
import { escapeRegExp } from '../../util/regex.js';

const LIMIT: JsonSchema = { type: 'integer', minimum: 1, maximum: 200, default: 20, description: 'Most records to return.' };
/** Scrolls per call: enough for a few pages of an infinite list, cheap enough for a call. */
const SCROLLS = 3;

export function planRenderedList(sample: RenderedSample, input: { name: string; noun: string; wantedKeys: string[]; timeoutMs: number }): EndpointPlan | null {
  const wanted = input.wantedKeys.length ? input.wantedKeys : undefined;
  // Each body counted once (a sort comparator would walk every body on every comparison); the first wins ties.
  let best: (typeof sample.calls)[number] | undefined;
  let bestCount = 0;
  for (const call of sample.calls) {
    const n = recordCount(call.response);
    if (best === undefined || n > bestCount) [best, bestCount] = [call, n];
  }
  const what = input.noun.replace(/_/g, ' ');
  let steps: Step[];
  let fields: string[];
  let pages: PageInput[];
  if (best && bestCount > 0) {
    const u = new URL(best.url);
    const capture = `^${escapeRegExp(u.origin + u.pathname)}`;
    const bodies = sample.calls.filter((c) => new RegExp(capture).test(c.url)).map((c) => c.response);
    pages = [{ url: best.url, contentType: 'application/json', text: JSON.stringify(bodies) }];
    // The captured bodies form an array; the records sit at the same path in each of them.
    const path = findRecordArrays(best.response)[0]?.path ?? '$';
    const induced = induceJsonList(pages, { wantedFields: wanted, path });
    fields = Object.keys(induced.extraction.fields);
    // Scroll only when the sample's scroll loaded more (an infinite list): each scroll costs a settle.
    const render: RenderStep = { type: 'render', url: sample.url, capture, timeout_ms: input.timeoutMs, ...(bodies.length > 1 ? { scroll: SCROLLS } : {}) };
    steps = [render, { type: 'extract', from: 'captured', extract: induced.extraction }, { type: 'shape', limit: '{limit}' }];
  } else {
    pages = [{ url: sample.url, contentType: 'text/html', text: sample.html }];
    let induced;
    try {
      induced = induceList(pages, { wantedFields: wanted });
    } catch (err) {
      if (!(err instanceof NoListFound)) throw err;
      return null;
    }
    fields = Object.keys(induced.extraction.fields);
    const render: RenderStep = { type: 'render', url: sample.url, timeout_ms: input.timeoutMs };
    if (induced.extraction.kind === 'list') render.wait_for = induced.extraction.items;
    steps = [render, { type: 'extract', extract: induced.extraction }, { type: 'shape', limit: '{limit}' }];
  }
  if (fields.length === 0) return null;
  return {
    endpoint: {
      name: input.name,
      method: 'GET',
      description: `List ${what} records as the site's page shows them in a browser: ${describeFields(fields)}.`,
      input_params: { type: 'object', properties: { limit: LIMIT }, additionalProperties: false },
      return_schema: { type: 'object' },
      sample_inputs: { limit: 5 },
      steps,
    },
    cases: [{ params: { limit: 5 }, heldOut: false }, { params: { limit: 30 }, heldOut: true }],
    fields,
    isList: true,
    samplePages: pages,
  };
}
