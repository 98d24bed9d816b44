/**
 * bench:lists — list-page fixture sites with ground truth (test/fixtures/sites/list-truth.ts),
 * built through the real service (dispatch, poll) and read through the built list endpoint
 * (every page): how many records and fields the generated API gets right.
 * Last line: `lists: R/N records, F/T fields right over S sites`.
 */
import { startBenchService } from './lib/service.js';
import { startFixtureSite } from '../test/helpers/fixture-server.js';
import { LIST_SITES, scoreList } from '../test/fixtures/sites/list-truth.js';

const service = await startBenchService({ QUARRY_RATE_LIMITS: '0' });
const { api } = service;

let recordsRight = 0;
let recordsTotal = 0;
let fieldsRight = 0;
let fieldsTotal = 0;
for (const site of LIST_SITES) {
  const served = await startFixtureSite(site.routes());
  const fields = Object.keys(site.names);
  const started = Date.now();
  const { body } = await api('POST', '/dispatch', { url: `${served.url}${site.entryPath}`, task: `List all records with ${fields.join(', ')}` });
  const task = await service.waitForTask(body.task_id);
  const buildS = (Date.now() - started) / 1000;
  const list = task.generated_api?.endpoints.find((e: any) => e.endpoint_name.startsWith('list_'));
  const records: Array<Record<string, unknown>> = [];
  if (list) {
    const props = list.input_params.properties ?? {};
    const call = (params: Record<string, unknown>) => api('GET', `/scraper/${task.generated_api.scraper_id}/${list.endpoint_name}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`);
    if ('page' in props) {
      for (let page = 1; page <= 50; page++) {
        const res = await call({ page });
        const data = res.status === 200 && Array.isArray(res.body.data) ? res.body.data : [];
        records.push(...data);
        if (data.length === 0 || res.body.meta?.has_more === false) break;
      }
    } else {
      const res = await call('limit' in props ? { limit: 200 } : {});
      if (res.status === 200 && Array.isArray(res.body.data)) records.push(...res.body.data);
    }
  }
  const score = scoreList(site, served.url, records);
  recordsRight += score.found;
  recordsTotal += score.expected;
  fieldsRight += score.fieldsRight;
  fieldsTotal += score.expected * fields.length;
  const perField = Object.entries(score.perField).map(([f, v]) => `${f}=${v.toFixed(2)}`).join(' ');
  console.log(
    `${site.name.padEnd(10)} ${task.status === 'completed' ? `records ${score.found}/${score.expected} (+${score.extra} extra)  fields ${score.fieldsRight}/${score.expected * fields.length}  ${perField}` : `build ${task.status}: ${task.error}`}  build ${buildS.toFixed(1)} s`,
  );
  await served.close();
}
await service.close();
console.log(`lists: ${recordsRight}/${recordsTotal} records, ${fieldsRight}/${fieldsTotal} fields right over ${LIST_SITES.length} sites`);
