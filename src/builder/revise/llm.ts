/**
 * With the optional language model configured, a sentence the grammar cannot read is put to the
 * model, which answers in the grammar's own vocabulary of raw intents. Its proposal goes through
 * the same resolver (every name must be the recipe's) and the same operations (every change is
 * run and verified) as the grammar's: the model proposes, execution decides.
 */
import type { Recipe } from '../../recipe/types.js';
import type { LlmAssist } from '../llm/index.js';
import { fieldKeys, paramNames } from './anatomy.js';
import type { Classification } from './classify.js';
import { resolveIntent } from './resolve.js';
import { revisionTypeOf, type Intent, type Misunderstanding, type RawIntent } from './types.js';

const SYSTEM = `You turn a request to change a generated web-scraping API into JSON intents. Answer only JSON:
{"intents": [ ... ]} where each intent is one of
{"op":"rename","target":"endpoint|field|param","from":"<name>","to":"<new name>"}
{"op":"param_default","param":"<name>","value":"<value>","endpoint":"<optional endpoint>"}
{"op":"param_maximum","param":"<name>","value":"<integer>"}
{"op":"add_param","param":"limit|page_size|page|...","value":"<optional default>","endpoint":"<optional>"}
{"op":"retype","field":"<name>","type":"number|integer|string|boolean"}
{"op":"describe","target":"endpoint|field|param","name":"<name>","description":"<text>"}
{"op":"remove","target":"endpoint|field","names":["<name>"]}
{"op":"add_endpoint","kind":"list|detail|search","noun":"<optional record noun>"}
{"op":"add_fields","fields":["<field name>"],"endpoint":"<optional endpoint>"}
{"op":"fix","subject":"<endpoint or field names, or empty for everything>","symptom":"<what is wrong>"}
Use the API's own endpoint, field and parameter names. Answer {"intents": []} if the request is not about the API.`;

const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 500;
const OPS = new Set(['rename', 'param_default', 'param_maximum', 'add_param', 'retype', 'describe', 'remove', 'add_endpoint', 'add_fields', 'fix']);

/** A raw intent of the right shape, or null: the model's answer is data to check, not to trust. */
export function asRawIntent(value: unknown): RawIntent | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (!OPS.has(String(v.op))) return null;
  const opt = (x: unknown) => (str(x) ? x : undefined);
  const target = (x: unknown, allowed: string[]) => (str(x) && allowed.includes(x) ? (x as never) : undefined);
  switch (v.op) {
    case 'rename':
      return str(v.from) && str(v.to) ? { op: 'rename', target: target(v.target, ['endpoint', 'field', 'param']), from: v.from, to: v.to } : null;
    case 'param_default':
    case 'param_maximum':
      return str(v.param) && (str(v.value) || typeof v.value === 'number' || typeof v.value === 'boolean')
        ? { op: v.op, param: v.param, value: String(v.value), endpoint: opt(v.endpoint) }
        : null;
    case 'add_param':
      return str(v.param) ? { op: 'add_param', param: v.param, value: v.value === undefined ? undefined : String(v.value), endpoint: opt(v.endpoint) } : null;
    case 'retype':
      return str(v.field) && ['number', 'integer', 'string', 'boolean'].includes(String(v.type)) ? { op: 'retype', field: v.field, type: v.type as 'number' } : null;
    case 'describe':
      return str(v.name) && str(v.description) ? { op: 'describe', target: target(v.target, ['endpoint', 'field', 'param']), name: v.name, description: v.description } : null;
    case 'remove':
      return Array.isArray(v.names) && v.names.every(str) && v.names.length ? { op: 'remove', target: target(v.target, ['endpoint', 'field']), names: v.names as string[] } : null;
    case 'add_endpoint':
      return ['list', 'detail', 'search'].includes(String(v.kind)) ? { op: 'add_endpoint', kind: v.kind as 'list', noun: opt(v.noun) } : null;
    case 'add_fields':
      return Array.isArray(v.fields) && v.fields.every(str) && v.fields.length ? { op: 'add_fields', fields: v.fields as string[], endpoint: opt(v.endpoint) } : null;
    case 'fix':
      return { op: 'fix', subject: opt(v.subject), symptom: str(v.symptom) ? v.symptom : 'reported broken' };
  }
  return null;
}

function describeApi(recipe: Recipe): string {
  return recipe.endpoints
    .map((e) => `- ${e.name} (${e.method}): ${e.description}\n  parameters: ${paramNames(e).join(', ') || 'none'}\n  fields: ${fieldKeys(e).join(', ')}`)
    .join('\n');
}

export async function classifyWithLlm(llm: LlmAssist, sentence: string, recipe: Recipe, signal?: AbortSignal): Promise<Classification> {
  const answer = await llm.askJson(SYSTEM, `API endpoints:\n${describeApi(recipe)}\n\nRequest: ${sentence}`, signal);
  const proposed = Array.isArray(answer?.intents) ? (answer.intents as unknown[]) : [];
  const intents: Intent[] = [];
  const problems: Misunderstanding[] = [];
  for (const item of proposed.slice(0, 10)) {
    const raw = asRawIntent(item);
    if (!raw) continue;
    const resolved = resolveIntent(raw, recipe, sentence);
    if (resolved.ok) intents.push(...resolved.intents);
    else problems.push(resolved.problem);
  }
  if (intents.length === 0) {
    return { ok: false, problems: problems.length ? problems : [{ clause: sentence, reason: 'neither the grammar nor the language model could read this request' }] };
  }
  return { ok: true, plan: { type: revisionTypeOf(intents), intents, via: 'llm' } };
}
