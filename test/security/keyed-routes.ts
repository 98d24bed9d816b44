import { expect } from 'vitest';
/**
 * Every keyed route of the service as concrete requests, for the suites that send them over
 * the wire (two processes, test/scale) or check CSRF on each (test/dashboard). The main security
 * suite derives its routes from the app itself and fails when a keyed route is missing here.
 * Ids are filled from a fixture owned by the "other" account, so a route that leaks must fail
 * the 404 check.
 */
export interface OwnedIds {
  taskId: string;
  scraperId: string;
}

export interface KeyedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (ids: OwnedIds) => string;
  body?: unknown;
  /** Whether the route addresses a resource by id (and must 404 for another account). */
  owned: boolean;
}

export const KEYED_ROUTES: KeyedRoute[] = [
  { method: 'GET', path: () => '/account', owned: false },
  { method: 'GET', path: () => '/account/api-keys', owned: false },
  { method: 'DELETE', path: () => '/account/api-keys/key_unknown', owned: false },
  { method: 'GET', path: (i) => `/dispatch/tasks/${i.taskId}/events`, owned: true },
  { method: 'POST', path: () => '/dispatch', body: { url: 'http://127.0.0.1:9/' }, owned: false },
  { method: 'GET', path: () => '/dispatch/tasks', owned: false },
  { method: 'GET', path: (i) => `/dispatch/tasks/${i.taskId}`, owned: true },
  { method: 'POST', path: (i) => `/dispatch/${i.taskId}`, body: { user_response: { a: 1 } }, owned: true },
  { method: 'POST', path: (i) => `/dispatch/tasks/${i.taskId}/cancel`, owned: true },
  { method: 'POST', path: (i) => `/dispatch/tasks/${i.taskId}/revise`, body: { revision: 'fix it' }, owned: true },
  { method: 'GET', path: (i) => `/dispatch/scrapers/${i.scraperId}/health`, owned: true },
  { method: 'GET', path: (i) => `/dispatch/scrapers/${i.scraperId}/active-task`, owned: true },
  { method: 'GET', path: (i) => `/dispatch/tasks/${i.taskId}/revisions`, owned: true },
  { method: 'POST', path: (i) => `/scraper/${i.scraperId}/anything`, body: {}, owned: true },
  { method: 'GET', path: (i) => `/scraper/${i.scraperId}/anything`, owned: true },
  { method: 'GET', path: (i) => `/scraper/${i.scraperId}`, owned: true },
  { method: 'POST', path: () => '/scrapers', body: {}, owned: false },
  { method: 'PUT', path: (i) => `/scrapers/${i.scraperId}`, body: {}, owned: true },
  { method: 'GET', path: (i) => `/scrapers/${i.scraperId}/versions`, owned: true },
  { method: 'GET', path: (i) => `/v1/apis/${i.scraperId}/openapi.json`, owned: true },
  { method: 'GET', path: (i) => `/dispatch/tasks/${i.taskId}/export/mcp`, owned: true },
  { method: 'GET', path: (i) => `/dispatch/tasks/${i.taskId}/sdk-example`, owned: true },
  { method: 'POST', path: () => '/mcp', body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, owned: false },
  { method: 'GET', path: () => '/mcp', owned: false },
  { method: 'DELETE', path: () => '/mcp', owned: false },
  // Marketplace: listings are public ids (any key may subscribe or fork); the task routes are owned.
  { method: 'POST', path: () => '/marketplace/apis/any-listing/subscribe', owned: false },
  { method: 'POST', path: () => '/marketplace/apis/any-listing/fork', owned: false },
  { method: 'GET', path: (i) => `/dispatch/tasks/${i.taskId}/updates`, owned: true },
  { method: 'POST', path: (i) => `/dispatch/tasks/${i.taskId}/preview-update/anything`, body: { params: {} }, owned: true },
  { method: 'POST', path: (i) => `/dispatch/tasks/${i.taskId}/merge-updates`, body: { endpoints: ['anything'] }, owned: true },
  { method: 'POST', path: (i) => `/dispatch/tasks/${i.taskId}/rollback-merge`, owned: true },
  // Dashboard reads and connected OAuth applications (docs/dashboard.md).
  { method: 'GET', path: () => '/account/usage', owned: false },
  { method: 'GET', path: () => '/account/oauth-grants', owned: false },
  { method: 'DELETE', path: () => '/account/oauth-grants/any-grant', owned: false },
  // Sessions of login endpoints: another account's session is unknown (404), tested in test/auth-sites/sessions.test.ts.
  { method: 'DELETE', path: () => '/sessions/ses_unknown', owned: false },
  // Removing (docs/decisions.md "Removing APIs and tasks") and usage per API.
  { method: 'DELETE', path: (i) => `/scraper/${i.scraperId}`, owned: true },
  { method: 'POST', path: (i) => `/scraper/${i.scraperId}/restore`, owned: true },
  { method: 'DELETE', path: (i) => `/dispatch/tasks/${i.taskId}`, owned: true },
  { method: 'GET', path: () => '/account/usage/apis', owned: false },
  // Monitors: another account's monitor is 404 on every route, tested in test/monitors/api.test.ts.
  { method: 'POST', path: () => '/monitors', body: { scraper_id: 'any-scraper', endpoint_name: 'anything', every_seconds: 3600 }, owned: false },
  { method: 'GET', path: () => '/monitors', owned: false },
  { method: 'GET', path: () => '/monitors/mon_unknown', owned: false },
  { method: 'PATCH', path: () => '/monitors/mon_unknown', body: { paused: true }, owned: false },
  { method: 'DELETE', path: () => '/monitors/mon_unknown', owned: false },
  { method: 'POST', path: () => '/monitors/mon_unknown/run', owned: false },
  { method: 'GET', path: () => '/monitors/mon_unknown/changes', owned: false },
  { method: 'GET', path: () => '/monitors/mon_unknown/runs', owned: false },
  { method: 'GET', path: () => '/monitors/mon_unknown/deliveries', owned: false },
  { method: 'POST', path: () => '/monitors/mon_unknown/deliveries/del_unknown/redeliver', owned: false },
];

/** What a keyed route answers without a key: MCP's routes also say how to sign in with OAuth. */
export function missingKeyMessage(path: string): unknown {
  return path === '/mcp' || path.startsWith('/mcp/') ? expect.stringMatching(/X-API-Key header.*OAuth \(discovery: /) : 'Missing X-API-Key header';
}
