/**
 * Revisions: a sentence in, a changed recipe out.
 *
 * Glossary
 * - Revision: a natural-language request to change a generated API ("also return the author",
 *   "rename get_item to get_book", "the price is empty on sale items").
 * - Clause: one request of a sentence; a sentence may hold several ("rename X to Y and add a
 *   search endpoint"). The grammar reads clauses one by one (grammar.ts).
 * - Raw intent: what a clause asks, in the clause's own words, before anything is looked up.
 * - Intent: a raw intent resolved against the recipe: endpoint, field and parameter names are
 *   the recipe's own (resolve.ts). Only intents are carried out.
 * - Revision type (the contract's `revision_type`): `fix` (repair what fails), `extend` (add
 *   endpoints or fields), `modify` (change parameters, names, types or descriptions).
 * - Operation: carrying an intent out on a draft recipe, then verifying it by running the
 *   endpoints it touched through the real interpreter (operations/).
 */

export type RevisionType = 'fix' | 'extend' | 'modify';
export type EndpointKind = 'list' | 'detail' | 'search';
export type FieldType = 'number' | 'integer' | 'string' | 'boolean';
export type NameTarget = 'endpoint' | 'field' | 'param';

/** What a clause asks, in its own words. */
export type RawIntent =
  | { op: 'rename'; target?: NameTarget; from: string; to: string }
  | { op: 'param_default'; param: string; value: string; endpoint?: string }
  | { op: 'param_maximum'; param: string; value: string; endpoint?: string }
  | { op: 'add_param'; param: string; value?: string; endpoint?: string }
  | { op: 'retype'; field: string; type: FieldType; endpoint?: string }
  | { op: 'describe'; target?: NameTarget; name: string; description: string }
  | { op: 'remove'; target?: 'endpoint' | 'field'; names: string[]; endpoint?: string }
  | { op: 'add_endpoint'; kind: EndpointKind; noun?: string }
  | { op: 'add_fields'; fields: string[]; endpoint?: string }
  | { op: 'fix'; subject?: string; symptom: string };

/** An intent resolved against a recipe: every name is the recipe's own. */
export type Intent = IntentBody & { clause: string };

export type IntentBody =
  | { op: 'rename_endpoint'; endpoint: string; to: string }
  | { op: 'rename_field'; field: string; to: string; endpoints: string[] }
  | { op: 'rename_param'; param: string; to: string; endpoints: string[] }
  | { op: 'set_param_default'; param: string; value: unknown; endpoints: string[] }
  | { op: 'set_param_maximum'; param: string; value: number; endpoints: string[] }
  | { op: 'add_param'; param: string; role: 'limit' | 'page'; value?: number; endpoints: string[] }
  | { op: 'retype_field'; field: string; type: FieldType; endpoints: string[] }
  | { op: 'describe_endpoint'; endpoint: string; description: string }
  | { op: 'describe_field'; field: string; description: string; endpoints: string[] }
  | { op: 'describe_param'; param: string; description: string; endpoints: string[] }
  | { op: 'remove_fields'; fields: string[]; endpoints: string[] }
  | { op: 'remove_endpoint'; endpoint: string }
  /** `endpoints` empty: wherever the fields can be found. */
  | { op: 'add_fields'; fields: string[]; endpoints: string[] }
  | { op: 'add_endpoint'; kind: EndpointKind; noun: string | null }
  /**
   * `endpoints` empty: every endpoint. `fields`: the fields said to be wrong (may be empty).
   * `pagination`: the complaint is that lists stop after their first page.
   */
  | { op: 'fix'; endpoints: string[]; fields: string[]; symptom: string; pagination?: boolean };

export type IntentOp = IntentBody['op'];

/** The outcome of classifying a sentence against a recipe. */
export interface RevisionPlan {
  type: RevisionType;
  intents: Intent[];
  /** Where the intents came from. */
  via: 'grammar' | 'llm';
}

/** A clause the grammar could not read, or whose names the recipe does not have. */
export interface Misunderstanding {
  clause: string;
  reason: string;
}

const TYPE_OF: Record<IntentOp, RevisionType> = {
  fix: 'fix',
  add_fields: 'extend',
  add_endpoint: 'extend',
  rename_endpoint: 'modify',
  rename_field: 'modify',
  rename_param: 'modify',
  set_param_default: 'modify',
  set_param_maximum: 'modify',
  add_param: 'modify',
  retype_field: 'modify',
  describe_endpoint: 'modify',
  describe_field: 'modify',
  describe_param: 'modify',
  remove_fields: 'modify',
  remove_endpoint: 'modify',
};

/** A sentence of several intents is a fix if it repairs anything, else an extend if it adds anything. */
export function revisionTypeOf(intents: Array<{ op: IntentOp }>): RevisionType {
  const types = new Set(intents.map((i) => TYPE_OF[i.op]));
  if (types.has('fix')) return 'fix';
  if (types.has('extend')) return 'extend';
  return 'modify';
}
