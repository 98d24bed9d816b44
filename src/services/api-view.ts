/**
 * How a recipe is shown to callers: the contract's Endpoint definition and Generated API
 * objects. One place, so tasks, scraper metadata, the marketplace and exports agree.
 */
import type { Config } from '../config/index.js';
import { CHARGES } from '../config/index.js';
import type { EndpointRecipe, FieldConfidence, Recipe } from '../recipe/types.js';

export interface EndpointDefinition {
  method: string;
  endpoint_name: string;
  description: string;
  input_params: Record<string, unknown>;
  return_schema: Record<string, unknown>;
  initiates_session: boolean;
  depends_on_session?: string;
  sample_inputs: Record<string, unknown>;
  price: number;
  /** How sure the build is of each field (additive to the contract; builder/field-confidence.ts). */
  field_confidence?: Record<string, FieldConfidence>;
}

export interface GeneratedApi {
  marketplace_id: string | null;
  scraper_id: string;
  name: string;
  description: string;
  source_url: string;
  execution_base_url: string;
  endpoints: EndpointDefinition[];
}

export function endpointDefinition(ep: EndpointRecipe): EndpointDefinition {
  return {
    method: ep.method,
    endpoint_name: ep.name,
    description: ep.description,
    input_params: ep.input_params,
    return_schema: ep.return_schema,
    initiates_session: ep.initiates_session ?? false,
    ...(ep.depends_on_session ? { depends_on_session: ep.depends_on_session } : {}),
    sample_inputs: ep.sample_inputs,
    price: ep.price ?? CHARGES.defaultEndpointPrice,
    ...(ep.field_confidence ? { field_confidence: ep.field_confidence } : {}),
  };
}

export const executionBaseUrl = (config: Pick<Config, 'publicUrl'>, scraperId: string): string =>
  `${config.publicUrl}/scraper/${scraperId}`;

export function generatedApi(
  config: Pick<Config, 'publicUrl'>,
  scraperId: string,
  recipe: Recipe,
  marketplaceId: string | null = null,
): GeneratedApi {
  return {
    marketplace_id: marketplaceId,
    scraper_id: scraperId,
    name: recipe.name,
    description: recipe.description,
    source_url: recipe.source_url,
    execution_base_url: executionBaseUrl(config, scraperId),
    endpoints: recipe.endpoints.map(endpointDefinition),
  };
}
