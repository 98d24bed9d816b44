/**
 * The checks of a recipe that JSON Schema cannot express. They run only on a document that
 * already matches schema.ts, so they may trust its shape.
 *
 * - endpoint names are unique; `depends_on_session` names an endpoint with `initiates_session`;
 * - every template names a declared parameter, a var some step defines, or a built-in
 *   (`source_url`); a var never reuses a parameter's name (params would silently win);
 * - `extract.from` and `follow.items` name known vars;
 * - regular expressions compile; input_params compiles and sample_inputs pass it;
 * - a paginate step contains a request step and no nested paginate.
 */
import { paramsSchemaProblem, validateParams } from './params.js';
import { templateRefs } from './template.js';
import type { EndpointRecipe, Extraction, FieldSpec, Recipe, Step } from './types.js';
import { isQuarryError } from '../errors/index.js';

export interface Issue {
  path: string;
  message: string;
}

/** Names every template can use besides params and vars. */
export const BUILTIN_VARS: readonly string[] = ['source_url'];

export type StepVisitor = (step: Step, path: string, ancestors: Step[]) => void;

/** Visit every step depth-first, nested follow/paginate steps included. */
export function walkSteps(steps: Step[], basePath: string, visit: StepVisitor, ancestors: Step[] = []): void {
  steps.forEach((step, i) => {
    const path = `${basePath}/steps/${i}`;
    visit(step, path, ancestors);
    if (step.type === 'follow' || step.type === 'paginate') walkSteps(step.steps, path, visit, [...ancestors, step]);
  });
}

/** The var a pagination strategy maintains, if any. */
export function paginationVar(step: Extract<Step, { type: 'paginate' }>): string | null {
  const s = step.strategy;
  if (s.kind === 'page_param') return s.var ?? 'page';
  if (s.kind === 'offset') return s.var ?? 'offset';
  if (s.kind === 'cursor') return s.var ?? 'cursor';
  return null;
}

/** Var name -> JSON pointer of the first place that defines it. */
function definedVars(steps: Step[], base: string): Map<string, string> {
  const vars = new Map<string, string>();
  const define = (name: string, path: string) => {
    if (!vars.has(name)) vars.set(name, path);
  };
  walkSteps(steps, base, (step, path) => {
    if (step.type === 'set') for (const name of Object.keys(step.vars)) define(name, `${path}/vars/${name}`);
    if (step.type === 'request' && step.as) define(step.as, `${path}/as`);
    if (step.type === 'extract' && step.into && step.into !== 'data') define(step.into, `${path}/into`);
    if (step.type === 'follow') define(step.as ?? 'item', `${path}/as`);
    if (step.type === 'paginate') {
      const name = paginationVar(step);
      if (name) define(name, `${path}/strategy/var`);
    }
    if (step.type === 'render' && step.capture) define('captured', `${path}/capture`);
  });
  return vars;
}

export function semanticErrors(recipe: Recipe): Issue[] {
  const issues: Issue[] = [];
  try {
    new URL(recipe.source_url);
  } catch {
    issues.push({ path: '/source_url', message: 'is not a valid URL' });
  }
  const sessions = new Set(recipe.endpoints.filter((e) => e.initiates_session).map((e) => e.name));
  const seen = new Map<string, number>();
  recipe.endpoints.forEach((endpoint, i) => {
    const base = `/endpoints/${i}`;
    const earlier = seen.get(endpoint.name);
    if (earlier !== undefined) issues.push({ path: `${base}/name`, message: `duplicates the name of /endpoints/${earlier}` });
    else seen.set(endpoint.name, i);
    if (endpoint.depends_on_session && !sessions.has(endpoint.depends_on_session)) {
      issues.push({
        path: `${base}/depends_on_session`,
        message: `names no endpoint with initiates_session: "${endpoint.depends_on_session}"`,
      });
    }
    issues.push(...endpointIssues(recipe, endpoint, base));
  });
  return dedupe(issues);
}

function endpointIssues(recipe: Recipe, endpoint: EndpointRecipe, base: string): Issue[] {
  const issues: Issue[] = [];
  const params = new Set(Object.keys((endpoint.input_params.properties as Record<string, unknown> | undefined) ?? {}));
  issues.push(...schemaIssues(endpoint, base));
  const vars = definedVars(endpoint.steps, base);
  for (const [name, path] of vars) {
    if (params.has(name)) issues.push({ path, message: `var "${name}" reuses the name of a parameter; rename the var` });
  }
  const known = new Set([...params, ...vars.keys(), ...BUILTIN_VARS]);
  const checkTemplate = (template: string, path: string) => {
    for (const ref of templateRefs(template)) {
      if (!known.has(ref.root)) issues.push({ path, message: `template names "${ref.root}", which is neither a parameter nor a var` });
    }
  };
  for (const [key, value] of Object.entries(recipe.headers ?? {})) checkTemplate(value, `/headers/${escape(key)}`);
  walkSteps(endpoint.steps, base, (step, path, ancestors) => {
    for (const [template, where] of stepTemplates(step, path)) checkTemplate(template, where);
    issues.push(...stepIssues(step, path, ancestors, known));
  });
  return issues;
}

function schemaIssues(endpoint: EndpointRecipe, base: string): Issue[] {
  const problem = paramsSchemaProblem(endpoint.input_params);
  if (problem) return [{ path: `${base}/input_params`, message: `is not a usable JSON Schema: ${problem}` }];
  try {
    validateParams(endpoint.input_params, endpoint.sample_inputs, { coerce: false });
    return [];
  } catch (err) {
    const message = isQuarryError(err) ? err.message : String(err);
    return [{ path: `${base}/sample_inputs`, message: `do not pass input_params: ${message}` }];
  }
}

function stepIssues(step: Step, path: string, ancestors: Step[], known: Set<string>): Issue[] {
  const issues: Issue[] = [];
  if (step.type === 'extract') {
    if (step.from && !known.has(step.from)) issues.push({ path: `${path}/from`, message: `names an undefined var "${step.from}"` });
    issues.push(...extractionIssues(step.extract, `${path}/extract`));
  }
  if (step.type === 'follow') {
    const root = (step.items ?? 'data').split('.')[0]!;
    if (root !== 'data' && !known.has(root)) issues.push({ path: `${path}/items`, message: `names an undefined var "${root}"` });
  }
  if (step.type === 'paginate') {
    if (ancestors.some((a) => a.type === 'paginate')) issues.push({ path, message: 'a paginate step cannot be nested in another' });
    if (!step.steps.some((s) => s.type === 'request')) issues.push({ path: `${path}/steps`, message: 'must contain a request step' });
  }
  if (step.type === 'render' && step.capture) issues.push(...regexIssue(step.capture, '', `${path}/capture`));
  return issues;
}

/** Every template string of a step with its JSON pointer (nested steps are visited on their own). */
function stepTemplates(step: Step, path: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const map = (m: Record<string, string> | undefined, at: string) => {
    for (const [k, v] of Object.entries(m ?? {})) out.push([v, `${at}/${escape(k)}`]);
  };
  if (step.type === 'request' || step.type === 'login') {
    out.push([step.url, `${path}/url`]);
    map(step.form, `${path}/form`);
    out.push(...deepStrings(step.json, `${path}/json`));
  }
  if (step.type === 'request') {
    map(step.query, `${path}/query`);
    map(step.headers, `${path}/headers`);
  }
  if (step.type === 'login' && step.otp) out.push([step.otp, `${path}/otp`]);
  if (step.type === 'login' && step.action) out.push([step.action, `${path}/action`]);
  if (step.type === 'render') out.push([step.url, `${path}/url`]);
  if (step.type === 'set') out.push(...deepStrings(step.vars, `${path}/vars`));
  if (step.type === 'shape') {
    if (typeof step.limit === 'string') out.push([step.limit, `${path}/limit`]);
    out.push(...deepStrings(step.meta, `${path}/meta`));
  }
  if (step.type === 'paginate' && typeof step.keep_from === 'string') out.push([step.keep_from, `${path}/keep_from`]);
  if (step.type === 'paginate' && 'start' in step.strategy && typeof step.strategy.start === 'string') {
    out.push([step.strategy.start, `${path}/strategy/start`]);
  }
  if (step.type === 'extract') out.push(...extractionTemplates(step.extract, `${path}/extract`));
  return out;
}

function deepStrings(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[value, path]];
  if (Array.isArray(value)) return value.flatMap((v, i) => deepStrings(v, `${path}/${i}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => deepStrings(v, `${path}/${escape(k)}`));
  }
  return [];
}

function extractionFields(extraction: Extraction, path: string): Array<[FieldSpec, string]> {
  if (extraction.kind === 'value') return fieldTree(extraction.field, `${path}/field`);
  return fieldsTree(extraction.fields, `${path}/fields`);
}

function fieldsTree(fields: Record<string, FieldSpec>, path: string): Array<[FieldSpec, string]> {
  return Object.entries(fields).flatMap(([name, spec]) => fieldTree(spec, `${path}/${escape(name)}`));
}

function fieldTree(spec: FieldSpec, path: string): Array<[FieldSpec, string]> {
  return [[spec, path], ...(spec.fields ? fieldsTree(spec.fields, `${path}/fields`) : [])];
}

function extractionTemplates(extraction: Extraction, path: string): Array<[string, string]> {
  return extractionFields(extraction, path).flatMap(([spec, at]) =>
    spec.sources.flatMap((s, i): Array<[string, string]> => ('template' in s ? [[s.template, `${at}/sources/${i}/template`]] : [])),
  );
}

/** compute names sibling fields that exist and are not computed themselves. */
function computeIssues(fields: Record<string, FieldSpec>, path: string): Issue[] {
  const issues: Issue[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.fields) issues.push(...computeIssues(spec.fields, `${path}/${escape(name)}/fields`));
    spec.compute?.fields.forEach((other, i) => {
      const at = `${path}/${escape(name)}/compute/fields/${i}`;
      if (other === name) issues.push({ path: at, message: 'a field cannot be computed from itself' });
      else if (!fields[other]) issues.push({ path: at, message: `names no sibling field "${other}"` });
      else if (fields[other].compute) issues.push({ path: at, message: `names "${other}", which is computed itself` });
    });
  }
  return issues;
}

function extractionIssues(extraction: Extraction, path: string): Issue[] {
  const computed = extraction.kind === 'value' ? [] : computeIssues(extraction.fields, `${path}/fields`);
  return [...computed, ...extractionFields(extraction, path).flatMap(([spec, at]) => [
    ...spec.sources.flatMap((s, i) => ('regex' in s ? regexIssue(s.regex, s.flags ?? '', `${at}/sources/${i}/regex`) : [])),
    ...(spec.transforms ?? []).flatMap((t, i) =>
      t.op === 'regex' || t.op === 'replace' ? regexIssue(t.pattern, t.flags ?? '', `${at}/transforms/${i}/pattern`) : [],
    ),
  ])];
}

function regexIssue(pattern: string, flags: string, path: string): Issue[] {
  try {
    new RegExp(pattern, flags);
    return [];
  } catch (err) {
    return [{ path, message: `is not a valid regular expression: ${(err as Error).message}` }];
  }
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function dedupe(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.path}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
