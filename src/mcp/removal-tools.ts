/**
 * remove_api and restore_api: the same verbs as DELETE /scraper/{id} and POST
 * /scraper/{id}/restore (services/removal.ts). An archived API's endpoint tools leave the
 * caller's tool list (mcp/catalog.ts) until it is restored.
 */
import { archiveScraper, restoreScraper } from '../services/removal.js';
import type { PlatformTool } from './context.js';

const scraperIdInput = {
  type: 'object',
  properties: { scraper_id: { type: 'string', minLength: 1, maxLength: 100, description: 'The scraper id of one of your APIs' } },
  required: ['scraper_id'],
  additionalProperties: false,
};

export const removeApi: PlatformTool = {
  definition: {
    name: 'remove_api',
    title: 'Remove (archive) one of your APIs',
    description:
      'Archive one of your APIs: its endpoints stop answering your calls and its tools leave your list until restore_api. Nothing is deleted; a version published to the marketplace stays for its subscribers.',
    inputSchema: scraperIdInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  run: async (ctx, args) => ({ value: await archiveScraper(ctx.deps, ctx.caller.userId, String(args.scraper_id)) }),
};

export const restoreApi: PlatformTool = {
  definition: {
    name: 'restore_api',
    title: 'Restore an archived API',
    description: 'Bring back an API archived with remove_api: its endpoints and tools return.',
    inputSchema: scraperIdInput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  run: async (ctx, args) => ({ value: await restoreScraper(ctx.deps, ctx.caller.userId, String(args.scraper_id)) }),
};
