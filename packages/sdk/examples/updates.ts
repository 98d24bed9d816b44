/* eslint-disable no-restricted-properties -- an example program reads its settings from its environment */
// Keep a subscribed copy current: see what changed upstream, try it, merge it (and undo the
// merge if it breaks your use), then export the result as OpenAPI and MCP tools.
//   QUARRY_API_KEY=pmx_... node --import tsx examples/updates.ts TASK_ID
import { Quarry } from '@quarry/sdk';

const quarry = new Quarry({
  apiKey: process.env.QUARRY_API_KEY,
  baseUrl: process.env.QUARRY_BASE_URL ?? 'http://127.0.0.1:8080',
});
const taskId = process.argv[2] ?? 'task-id';

const { updates } = await quarry.tasks.updates(taskId);
for (const u of updates) console.log(`${u.type} ${u.method} ${u.endpoint_name}${u.user_has_called ? ' (you use it)' : ''}`);

if (updates.length > 0) {
  const first = updates[0];
  const preview = await quarry.tasks.previewUpdate(taskId, first.endpoint_name, {});
  console.log(`Preview of ${first.endpoint_name}: ${preview.status}`);
  const merged = await quarry.tasks.mergeUpdates(taskId, updates.map((u) => u.endpoint_name));
  console.log(`Merged ${merged.merged} endpoint(s); code merged: ${merged.code_merged}`);
  if (preview.status !== 'success') {
    const { rolled_back } = await quarry.tasks.rollbackMerge(taskId);
    console.log(`Rolled back: ${rolled_back}`);
  }
}

const task = await quarry.tasks.get(taskId);
const scraperId = task.result_scraper_id!;
const openapi = await quarry.apis.openapi(scraperId);
if (!openapi.notModified) console.log(`OpenAPI ${String(openapi.document.openapi)}, ETag ${openapi.etag}`);
// Asking again with the ETag costs nothing when the document did not change.
const again = await quarry.apis.openapi(scraperId, { etag: openapi.etag ?? undefined });
console.log(`Unchanged since: ${again.notModified}`);

const { tools } = await quarry.tasks.exportMcp(taskId);
console.log(`MCP tools: ${tools.map((t) => t.name).join(', ')}`);
