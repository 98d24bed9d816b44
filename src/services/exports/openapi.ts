/**
 * One API as an OpenAPI 3.1 document: the server is the API's execution base URL, and each
 * endpoint is one operation at `/{endpoint_name}` with the endpoint's own method. GET
 * endpoints take their parameters in the query string and POST endpoints in a JSON body
 * (decisions.md "Execution bodies"); the 200 body is the endpoint's `return_schema`, every
 * failure one of the contract's error bodies.
 *
 * The document is a pure function of (config, scraper id, version, recipe), with no clock in it,
 * so its canonical JSON, and so its ETag, change only when the API does.
 */
import type { Config } from '../../config/index.js';
import type { EndpointRecipe, Recipe } from '../../recipe/types.js';
import { endpointDefinition, executionBaseUrl } from '../api-view.js';
import { components, errorResponseRefs, executionHeaders, ref } from './openapi-components.js';
import type { ApiSnapshot } from './access.js';

type Json = Record<string, unknown>;

export interface OpenApiOptions {
  /** The version the caller pinned (`?version=`), or null for the live document. */
  pinned: number | null;
}

export function openApiDocument(config: Pick<Config, 'publicUrl'>, snapshot: ApiSnapshot, opts: OpenApiOptions): Json {
  const { recipe, version } = snapshot;
  const scraperId = snapshot.scraper.id;
  const paths: Json = {};
  for (const ep of recipe.endpoints) {
    paths[`/${ep.name}`] = { [ep.method.toLowerCase()]: operation(ep, opts.pinned) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: recipe.name,
      description: describeApi(recipe),
      version: String(version),
    },
    servers: [{ url: executionBaseUrl(config, scraperId), description: 'Execution base URL of this API' }],
    security: [{ ApiKey: [] }, { Bearer: [] }],
    paths,
    components: components(),
    'x-quarry-scraper-id': scraperId,
    'x-quarry-version': version,
    'x-quarry-source-url': recipe.source_url,
  };
}

function describeApi(recipe: Recipe): string {
  return [recipe.description.trim(), `Built by Quarry from ${recipe.source_url}.`].filter(Boolean).join('\n\n');
}

function operation(ep: EndpointRecipe, pinned: number | null): Json {
  const def = endpointDefinition(ep);
  const input = objectSchema(def.input_params);
  const op: Json = {
    operationId: ep.name,
    summary: summaryOf(def.description, ep.name),
    description: def.description,
    parameters: [
      snapshotHeader(pinned),
      ...(def.depends_on_session ? [ref('parameters', 'SessionId'), ref('parameters', 'EncryptionKey')] : []),
      ...(ep.method === 'GET' ? queryParameters(input) : []),
    ],
    responses: {
      '200': {
        description: 'The endpoint answer `{status, data, meta?}`.',
        headers: executionHeaders(),
        content: { 'application/json': { schema: def.return_schema } },
      },
      ...errorResponseRefs(),
    },
    'x-quarry-price': def.price,
    'x-quarry-initiates-session': def.initiates_session,
  };
  if (def.depends_on_session) op['x-quarry-depends-on-session'] = def.depends_on_session;
  // How sure the build is of each field: an extension, so tools that do not know it ignore it.
  if (def.field_confidence) op['x-quarry-field-confidence'] = def.field_confidence;
  if (ep.method !== 'GET') {
    const required = Array.isArray(input.required) && input.required.length > 0;
    op.requestBody = {
      required,
      content: { 'application/json': { schema: input, ...(hasKeys(def.sample_inputs) ? { example: def.sample_inputs } : {}) } },
    };
  }
  return op;
}

/** A pinned document runs only at its version, so the header becomes required and fixed. */
function snapshotHeader(pinned: number | null): Json {
  return {
    name: 'API-Snapshot-Version',
    in: 'header',
    required: pinned !== null,
    description:
      pinned === null
        ? 'Pin a version of the API (integer >= 1); the latest version runs without it.'
        : `This document describes version ${pinned}; send it to run that version.`,
    schema: pinned === null ? { type: 'integer', minimum: 1 } : { type: 'integer', const: pinned },
  };
}

/** GET parameters: one query parameter per property; arrays as repeated keys, objects as JSON text. */
function queryParameters(input: Json): Json[] {
  const props = (input.properties ?? {}) as Record<string, Json>;
  const required = new Set(Array.isArray(input.required) ? (input.required as string[]) : []);
  return Object.entries(props).map(([name, schema]) => {
    const param: Json = { name, in: 'query', required: required.has(name) };
    if (typeof schema.description === 'string') param.description = schema.description;
    if (schema.type === 'object') param.content = { 'application/json': { schema } };
    else {
      param.schema = schema;
      if (schema.type === 'array') Object.assign(param, { style: 'form', explode: true });
    }
    return param;
  });
}

/** input_params as an object schema (the recipe schema insists on one; stay safe if it ever is not). */
export function objectSchema(schema: Json): Json {
  return schema.type === 'object' ? schema : { type: 'object', properties: {} };
}

function summaryOf(description: string, name: string): string {
  const first = description.split(/\r?\n/)[0].trim();
  if (!first) return name;
  return first.length > 120 ? `${first.slice(0, 117)}...` : first;
}

const hasKeys = (o: unknown): boolean => typeof o === 'object' && o !== null && Object.keys(o).length > 0;
