/** Plain-text views of API records for the terminal. */
import type { MarketplaceListing, Task } from '../types/index.js';

export function describeApi(task: Task): string {
  const api = task.generated_api;
  if (!api) return `Task ${task.id} is ${task.status}; scraper ${task.result_scraper_id ?? '(none)'}`;
  const lines = [`${api.name}  (scraper ${api.scraper_id}, task ${task.id})`];
  for (const ep of api.endpoints) lines.push(`  ${ep.method.padEnd(4)} ${ep.endpoint_name}  ${ep.description}`);
  return lines.join('\n');
}

export function describeApiLine(task: Task): string {
  const api = task.generated_api;
  const name = api?.name ?? task.url;
  const endpoints = api?.endpoints.map((e) => e.endpoint_name).join(', ') ?? '';
  return `${task.result_scraper_id ?? '-'}  ${name}  [${endpoints}]`;
}

export function describeListing(item: MarketplaceListing): string {
  return `${item.slug}  ${item.name}  (${item.endpoint_count} endpoints, ${item.primary_category})  id ${item.id}`;
}
