/**
 * Is an endpoint still working? Run it through the interpreter on its sample and the examples
 * its parameters carry (no exploration: this runs on a schedule and must stay light). It is
 * broken when an input fails (an error, or no data where it used to return records), when every
 * field comes back empty, or when an identifying field reads the same value on every record.
 */
import type { Fetcher } from '../../fetch/types.js';
import type { Recipe } from '../../recipe/types.js';
import { testEndpoint } from '../test-endpoints.js';
import { fieldKeys } from './anatomy.js';
import { testInputsOf } from './test-inputs.js';
import { constantFields, emptyFields, passedCount } from './verify.js';

export interface EndpointCheck {
  ok: boolean;
  /** Why it is broken, for people (empty when ok). */
  problem: string | null;
  message: string;
}

export async function checkEndpoint(recipe: Recipe, name: string, deps: { fetcher: Fetcher; signal?: AbortSignal }): Promise<EndpointCheck> {
  const ep = recipe.endpoints.find((e) => e.name === name);
  if (!ep) return { ok: false, problem: `no endpoint ${name}`, message: 'missing' };
  const verdict = await testEndpoint(recipe, name, testInputsOf(ep, recipe.source_url), deps);
  const keys = fieldKeys(ep);
  const failed = verdict.outcomes.filter((o) => !o.ok);
  const stuck = constantFields(verdict, keys);
  const empty = emptyFields(verdict, keys);
  let problem: string | null = null;
  if (failed.length) problem = `${failed.length} of ${verdict.outcomes.length} test inputs failed (${failed[0].error ?? 'no data'})`;
  else if (passedCount(verdict) > 0 && keys.length > 0 && empty.length === keys.length) problem = 'every field came back empty';
  else if (stuck.length) problem = `${stuck.join(', ')} read the same value on every record`;
  return { ok: problem === null, problem, message: verdict.message };
}
