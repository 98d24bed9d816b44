/**
 * Test before publishing: every endpoint runs through the real execution engine with sample
 * inputs, including inputs (pages) that were not used to induce it. What fails is reported so
 * the pipeline can repair or drop it; nothing is published untested.
 */
import { runEndpoint } from '../recipe/index.js';
import type { Recipe } from '../recipe/types.js';
import type { Fetcher } from '../fetch/types.js';
import { messageOf, rethrowUnless } from '../errors/expected.js';

export interface EndpointCase {
  params: Record<string, unknown>;
  /** True when the input was not used for induction (a generalisation check). */
  heldOut: boolean;
}

export interface CaseOutcome extends EndpointCase {
  ok: boolean;
  error?: string;
  /** The records the call produced (a detail endpoint produces one). */
  records: Array<Record<string, unknown>>;
}

export interface EndpointVerdict {
  endpoint: string;
  passed: boolean;
  outcomes: CaseOutcome[];
  /** Per field: share of produced records with a non-empty value. */
  fill: Record<string, number>;
  /** The first input that passed: stored as the endpoint's sample_inputs. */
  sample: Record<string, unknown> | null;
  message: string;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

function recordsOf(data: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(data)) return data.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object');
  if (data && typeof data === 'object') return [data as Record<string, unknown>];
  return [];
}

export async function testEndpoint(
  recipe: Recipe,
  endpointName: string,
  cases: EndpointCase[],
  deps: { fetcher: Fetcher; signal?: AbortSignal; concurrency?: number },
): Promise<EndpointVerdict> {
  const outcomes: CaseOutcome[] = [];
  const queue = [...cases];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      deps.signal?.throwIfAborted();
      try {
        const res = await runEndpoint(recipe, endpointName, c.params, { fetcher: deps.fetcher, signal: deps.signal });
        const records = recordsOf((res.body as { data?: unknown }).data);
        const filled = records.some((r) => Object.values(r).some((v) => !isEmpty(v)));
        outcomes.push({ ...c, ok: filled && !res.fallback, records, ...(filled ? {} : { error: 'no data extracted' }) });
      } catch (err) {
        if (deps.signal?.aborted) throw err;
        rethrowUnless(err, 'run');
        outcomes.push({ ...c, ok: false, records: [], error: messageOf(err) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(deps.concurrency ?? 3, cases.length)) }, worker));
  outcomes.sort((a, b) => cases.indexOf(a) - cases.indexOf(b));

  const records = outcomes.flatMap((o) => o.records);
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const fill: Record<string, number> = {};
  for (const k of keys) fill[k] = records.length ? records.filter((r) => !isEmpty(r[k])).length / records.length : 0;

  const passedCount = outcomes.filter((o) => o.ok).length;
  const heldOut = outcomes.filter((o) => o.heldOut);
  const heldOutPassed = heldOut.filter((o) => o.ok).length;
  // Pass: at least one input works and at least half of all inputs (held-out ones included) do.
  const passed = passedCount > 0 && passedCount * 2 >= outcomes.length;
  const sample = outcomes.find((o) => o.ok && !o.heldOut)?.params ?? outcomes.find((o) => o.ok)?.params ?? null;
  const message = passed
    ? `${passedCount}/${outcomes.length} test inputs passed${heldOut.length ? ` (${heldOutPassed}/${heldOut.length} on unseen pages)` : ''}`
    : `failed: ${outcomes.find((o) => !o.ok)?.error ?? 'no test input'}`;
  return { endpoint: endpointName, passed, outcomes, fill, sample, message };
}
