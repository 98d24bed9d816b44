/**
 * The recipe module: the declarative format of a generated API (types.ts), its JSON Schema and
 * validator, parameter validation, templates, the interpreter that runs an endpoint, and the
 * classifier of execution failures. It uses fetch/ and knows nothing of accounts or storage.
 */
export * from './types.js';
export { RECIPE_SCHEMA, RECIPE_LIMITS } from './schema.js';
export { validateRecipe, recipeHasScript, type RecipeIssue, type RecipeValidation } from './validate.js';
export { BUILTIN_VARS, walkSteps } from './semantics.js';
export { validateParams, paramsSchemaProblem, type ParamsOptions, type ParamIssue } from './params.js';
export { fillString, fillValue, fillDeep, lookup, resolveUrl, templateRefs, type TemplateScope, type TemplateRef } from './template.js';
export { classifyExecutionError, upstreamStatusError, DEFAULT_NOT_FOUND_STATUSES, type ClassifyContext } from './classify.js';
export {
  runEndpoint,
  findEndpoint,
  type RunDeps,
  type RunResult,
  type SuccessBody,
} from './interpreter/index.js';
export { DEFAULT_LIMITS, type RunLimits, type RunLogger } from './interpreter/context.js';
export type { FallbackBody } from './interpreter/fallback.js';
export { findLoginForms, findPasswordForm, findOtpForm, type LoginForm, type LoginFormField } from './interpreter/login-form.js';
