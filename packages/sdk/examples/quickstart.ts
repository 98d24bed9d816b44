/* eslint-disable no-restricted-properties -- an example program reads its settings from its environment */
// Build an API from a website, wait for it with progress, then call its first endpoint.
//   QUARRY_API_KEY=pmx_... QUARRY_BASE_URL=http://127.0.0.1:8080 node --import tsx examples/quickstart.ts
import { Quarry } from '@quarry/sdk';

const quarry = new Quarry({
  apiKey: process.env.QUARRY_API_KEY,
  baseUrl: process.env.QUARRY_BASE_URL ?? 'http://127.0.0.1:8080',
});

const { task_id, matched } = await quarry.dispatch({
  url: 'https://books.toscrape.com',
  task: 'List books with title, price and rating',
});
console.log(matched ? `Matched an existing API (task ${task_id})` : `Building (task ${task_id})`);

const task = await quarry.waitForTask(task_id, {
  onProgress: (p) => console.log(`${String(p.percent).padStart(3)}%  ${p.stage}  ${p.headline}`),
});
const api = task.generated_api!;
for (const ep of api.endpoints) console.log(`${ep.method} ${ep.endpoint_name}: ${ep.description}`);

// Call the first endpoint with the parameters it passed its tests with.
const endpoint = api.endpoints[0];
const { body, limits, requestId } = await quarry.callWithInfo(api.scraper_id, endpoint.endpoint_name, endpoint.sample_inputs ?? {});
console.log(JSON.stringify(body.data, null, 2));
if (body.meta?.has_more) console.log('More pages are available.');
console.log(`Request ${requestId}: ${limits.creditsCharged} credit(s) charged, ${limits.creditsRemaining} left`);
