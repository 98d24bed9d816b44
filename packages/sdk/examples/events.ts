/* eslint-disable no-restricted-properties -- an example program reads its settings from its environment */
// Follow a build live through its event stream instead of polling.
//   QUARRY_API_KEY=pmx_... node --import tsx examples/events.ts https://books.toscrape.com
import { Quarry, type TaskDoneEventData, type TaskProgressEventData } from '@quarry/sdk';

const quarry = new Quarry({
  apiKey: process.env.QUARRY_API_KEY,
  baseUrl: process.env.QUARRY_BASE_URL ?? 'http://127.0.0.1:8080',
});

const { task_id } = await quarry.dispatch({ url: process.argv[2] ?? 'https://books.toscrape.com', task: 'List books' });

// A `progress` event each time the task changes, one `done` event at the end; then the server
// closes the stream and the loop ends (`break` closes it early).
for await (const event of quarry.tasks.events(task_id)) {
  if (event.event === 'progress') {
    const { status, progress: p } = event.data as TaskProgressEventData;
    console.log(p ? `${p.percent}%  ${p.stage}  ${p.headline}` : status);
  } else if (event.event === 'done') {
    const done = event.data as TaskDoneEventData;
    console.log(`done: ${done.status}${done.error ? ` (${done.error})` : ''}`);
  }
}

const task = await quarry.tasks.get(task_id);
console.log(`Task ${task_id} is ${task.status}`);
