/**
 * `validateRecipe`: the one gate a recipe passes before it is stored or run. First the JSON
 * Schema (schema.ts, ajv with allErrors), then the checks a schema cannot express
 * (semantics.ts). Every error names the offending place as a JSON pointer, e.g.
 * `/endpoints/0/steps/2/url`.
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import { RECIPE_SCHEMA } from './schema.js';
import { semanticErrors, walkSteps } from './semantics.js';
import type { Recipe } from './types.js';

const Ajv2020 = Ajv2020Module.default;

export interface RecipeIssue {
  /** JSON pointer into the recipe document. */
  path: string;
  message: string;
}

export type RecipeValidation = { ok: true; recipe: Recipe } | { ok: false; errors: RecipeIssue[] };

interface NoVariant {
  tag: string | null;
  expected: string[];
}

function buildValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
  ajv.addKeyword({
    keyword: 'quarryNoVariant',
    schemaType: 'object',
    errors: true,
    validate: function noVariant(schema: NoVariant, data: unknown) {
      const tagValue = schema.tag && data && typeof data === 'object' ? (data as Record<string, unknown>)[schema.tag] : undefined;
      const message = schema.tag
        ? `unknown ${schema.tag} ${JSON.stringify(tagValue)}; expected one of ${schema.expected.join(', ')}`
        : `must have exactly one of the keys ${schema.expected.join(', ')}`;
      (noVariant as { errors?: Partial<ErrorObject>[] }).errors = [
        { keyword: 'quarryNoVariant', message, params: { tag: schema.tag } },
      ];
      return false;
    },
  });
  return ajv.compile(RECIPE_SCHEMA);
}

let compiled: ReturnType<typeof buildValidator> | undefined;

export function validateRecipe(doc: unknown): RecipeValidation {
  compiled ??= buildValidator();
  if (!compiled(doc)) return { ok: false, errors: schemaIssues(compiled.errors ?? []) };
  const recipe = doc as Recipe;
  const errors = semanticErrors(recipe);
  return errors.length ? { ok: false, errors } : { ok: true, recipe };
}

function schemaIssues(errors: ErrorObject[]): RecipeIssue[] {
  const seen = new Set<string>();
  const issues: RecipeIssue[] = [];
  for (const error of errors) {
    // `if` errors only say "must match then": the branch's own errors already explain why.
    if (error.keyword === 'if') continue;
    const issue = toIssue(error);
    const key = `${issue.path}\u0000${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  return issues;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function toIssue(error: ErrorObject): RecipeIssue {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { path: `${error.instancePath}/${escapePointer(String(p.missingProperty))}`, message: 'is required' };
    case 'additionalProperties':
      return {
        path: `${error.instancePath}/${escapePointer(String(p.additionalProperty))}`,
        message: 'is not a known field here',
      };
    case 'quarryNoVariant': {
      const tag = p.tag as string | null;
      return { path: tag ? `${error.instancePath}/${tag}` : error.instancePath, message: error.message ?? 'unknown variant' };
    }
    case 'const':
      return { path: error.instancePath, message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'enum':
      return {
        path: error.instancePath,
        message: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    default:
      return { path: error.instancePath, message: error.message ?? 'is invalid' };
  }
}

/** Whether any step (nested ones included) is a sandboxed script: sets the scraper's has_script. */
export function recipeHasScript(recipe: Recipe): boolean {
  let found = false;
  for (const endpoint of recipe.endpoints) {
    walkSteps(endpoint.steps, '', (step) => {
      if (step.type === 'script') found = true;
    });
  }
  return found;
}
