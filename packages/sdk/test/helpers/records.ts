/** Contract-shaped records for the fake service's answers. */
import type { EndpointDefinition, GeneratedApi, MarketplaceListing, Progress, Task } from '../../src/index.js';

export function endpointDef(overrides: Partial<EndpointDefinition> = {}): EndpointDefinition {
  return {
    method: 'POST',
    endpoint_name: 'list_books',
    description: 'List books of a catalogue page',
    input_params: { type: 'object', properties: { page: { type: 'integer' } } },
    return_schema: { type: 'object' },
    initiates_session: false,
    sample_inputs: { page: 1 },
    price: 1,
    ...overrides,
  };
}

export function generatedApi(overrides: Partial<GeneratedApi> = {}): GeneratedApi {
  return {
    marketplace_id: null,
    scraper_id: 'scr_books',
    name: 'Books to Scrape',
    description: 'Books and prices',
    source_url: 'https://books.example',
    execution_base_url: 'http://127.0.0.1/scraper/scr_books',
    endpoints: [endpointDef(), endpointDef({ method: 'GET', endpoint_name: 'get_book', sample_inputs: { id: 'b1' } })],
    ...overrides,
  };
}

export function progress(overrides: Partial<Progress> = {}): Progress {
  return { stage: 'exploring', headline: 'Looking at pages', percent: 20, endpoints: [], log: [], ...overrides };
}

export function task(overrides: Partial<Task> = {}): Task {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    id: 'task_1',
    url: 'https://books.example',
    task: 'list books',
    status: 'queued',
    iteration: 0,
    user_input_prompt: null,
    result_scraper_id: null,
    result_marketplace_id: null,
    error: null,
    created_at: at,
    updated_at: at,
    completed_at: null,
    parent_task_id: null,
    extends_scraper_id: null,
    revision_type: null,
    auth_enabled: false,
    source: 'built',
    contributes_to_marketplace: true,
    progress: null,
    marketplace_apis: null,
    existing_marketplace_apis: null,
    generated_api: null,
    ...overrides,
  };
}

export function completedTask(overrides: Partial<Task> = {}): Task {
  return task({
    status: 'completed',
    result_scraper_id: 'scr_books',
    generated_api: generatedApi(),
    progress: progress({ stage: 'done', headline: 'Ready', percent: 100 }),
    completed_at: '2026-01-01T00:05:00.000Z',
    ...overrides,
  });
}

export function listing(overrides: Partial<MarketplaceListing> = {}): MarketplaceListing {
  return {
    id: 'mkt_books',
    slug: 'books-to-scrape',
    name: 'Books to Scrape',
    description: 'Books and prices',
    front_facing_description: 'Every book of the shop',
    source_url: 'https://books.example',
    is_authenticated: false,
    endpoint_count: 2,
    updated_at: '2026-01-01T00:00:00.000Z',
    primary_category: 'e-commerce',
    secondary_categories: [],
    endpoint_preview: [{ endpoint_name: 'list_books', method: 'POST', summary: 'List books' }],
    ...overrides,
  };
}

export const account = {
  id: 'usr_1',
  email: 'ada@example.com',
  plan: 'hobby',
  credits_remaining: 900,
  credits_limit: 1000,
  disclaimer_accepted_at: null,
  workspace_id: null,
};
