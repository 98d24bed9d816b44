/**
 * What the shared security suite sends to each route. The route LIST comes from the app itself
 * (registeredRoutes); this file only supplies a body that passes validation where a route
 * needs one to reach its ownership check, and the value of each path parameter. A new route
 * is probed with `{}` and the ids below the day it is added.
 */
export interface OwnedIds {
  taskId: string;
  scraperId: string;
  keyId: string;
}

export const BODIES: Record<string, unknown> = {
  'POST /dispatch': { url: 'http://127.0.0.1:9/' },
  'POST /dispatch/:task_id': { user_response: { a: 1 } },
  'POST /dispatch/tasks/:task_id/revise': { revision: 'fix it' },
  'POST /dispatch/tasks/:task_id/preview-update/:endpoint_name': { params: {} },
  'POST /dispatch/tasks/:task_id/merge-updates': { endpoints: ['anything'] },
  'POST /mcp': { jsonrpc: '2.0', id: 1, method: 'tools/list' },
};

/** Path parameter -> its value, and whether it names something the owner owns (so another account must get 404). */
export function paramValue(url: string, name: string, ids: OwnedIds): { value: string; owned: boolean } {
  if (name === 'task_id') return { value: ids.taskId, owned: true };
  if (name === 'scraper_id') return { value: ids.scraperId, owned: true };
  if (name === 'id' && url.startsWith('/account/api-keys/')) return { value: ids.keyId, owned: true };
  // Marketplace listing ids are public; endpoint names only matter under an owned id.
  return { value: 'anything', owned: false };
}
