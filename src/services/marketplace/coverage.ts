/**
 * Does an API cover a task? The task sentence is read the way the builder reads it
 * (builder/task-intent.ts): the fields it names must all be record fields of some endpoint, and
 * the kinds it asks for (list, detail, search) must each have an endpoint. An empty task (or one
 * naming neither) is covered by any API of the site.
 */
import { fieldKey, parseTask } from '../../builder/task-intent.js';
import type { EndpointRecipe, Recipe } from '../../recipe/types.js';
import { recordFields } from './recipe-diff.js';

export interface Coverage {
  covered: boolean;
  /** Share of the asked fields and kinds the API has (1 when nothing is asked). */
  score: number;
  missing: string[];
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

function kindOf(ep: EndpointRecipe): 'list' | 'detail' | 'search' {
  if (ep.name.startsWith('search_')) return 'search';
  if (ep.name.startsWith('list_')) return 'list';
  if (ep.name.startsWith('get_')) return 'detail';
  const data = (ep.return_schema.properties as Record<string, { type?: unknown }> | undefined)?.data;
  return data?.type === 'array' ? 'list' : 'detail';
}

export function coverage(recipe: Recipe, task: string): Coverage {
  const intent = parseTask(task);
  const fields = new Set(recipe.endpoints.flatMap((e) => recordFields(e).map(norm)));
  const kinds = new Set(recipe.endpoints.map(kindOf));
  const missing = [
    // A task's "product type" is the concept `type` of a product; an API may name it `product_type`.
    ...intent.fields.filter((f) => !fields.has(norm(fieldKey(f))) && !(intent.entity && fields.has(norm(`${intent.entity}_${fieldKey(f)}`)))),
    ...intent.kinds.filter((k) => !kinds.has(k)).map((k) => `${k} endpoint`),
  ];
  const asked = intent.fields.length + intent.kinds.length;
  return { covered: missing.length === 0, score: asked === 0 ? 1 : (asked - missing.length) / asked, missing };
}
