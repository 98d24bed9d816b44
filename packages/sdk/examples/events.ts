/* eslint-disable no-restricted-properties -- an example program reads its settings from its environment */
// Follow a build live through its event stream instead of polling.
//   QUARRY_API_KEY=pmx_... node --import tsx examples/events.ts https://books.toscrape.com
import { Quarry, type Progress } from '@quarry/sdk';

const quarry = new Quarry({
  apiKey: process.env.QUARRY_API_KEY,
  baseUrl: process.env.QUARRY_BASE_URL ?? 'http://127.0.0.1:8080',
});

const { task_id } = await quarry.dispatch({ url: process.argv[2] ?? 'https://books.toscrape.com', task: 'List books' });

// The loop ends when the server closes the stream (the task ended); `break` closes it early.
for await (const event of quarry.tasks.events(task_id)) {
  if (event.event === 'progress') {
    const p = event.data as Progress;
    console.log(`${p.percent}%  ${p.stage}  ${p.headline}`);
  } else {
    console.log(`${event.event}: ${JSON.stringify(event.data)}`);
  }
}

const task = await quarry.tasks.get(task_id);
console.log(`Task ${task_id} is ${task.status}`);
