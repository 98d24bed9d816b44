/** `apis list`: the generated APIs of your completed tasks, one line per scraper; `apis remove|restore ID`; `tasks delete ID`. */
import type { Command } from '../io.js';
import { UsageError } from '../io.js';
import { describeApiLine } from '../format.js';
import type { Task } from '../../types/index.js';
import type { Quarry } from '../../client.js';

export const apisList: Command = {
  words: ['apis', 'list'],
  usage: 'apis list [--json]',
  summary: 'list the APIs of your completed tasks',
  options: { json: { type: 'boolean' } },
  async run(ctx, values, positionals) {
    if (positionals.length > 0) throw new UsageError('apis list takes no arguments');
    const quarry = ctx.client({ requireKey: true });
    const apis = new Map<string, Task>();
    const limit = 100;
    for (let offset = 0; ; offset += limit) {
      const page = await quarry.tasks.list({ status: 'completed', limit, offset });
      // A scraper revised several times has several completed tasks; the first listed stands for it.
      for (const t of page.tasks) if (t.result_scraper_id && !apis.has(t.result_scraper_id)) apis.set(t.result_scraper_id, t);
      if (page.tasks.length === 0 || offset + limit >= page.total) break;
    }
    const tasks = [...apis.values()];
    if (values.json) ctx.out(JSON.stringify(tasks.map((t) => ({ task_id: t.id, ...t.generated_api })), null, 2));
    else if (tasks.length === 0) ctx.out('No completed APIs yet. Build one with: quarry-user build URL --task "..." --wait');
    else for (const t of tasks) ctx.out(describeApiLine(t));
    return 0;
  },
};

/** A command taking one id: `words ID [--json]`, printing `line(answer)` (or the JSON). */
function oneIdCommand<T>(words: string[], summary: string, run: (quarry: Quarry, id: string) => Promise<T>, line: (id: string, answer: T) => string): Command {
  return {
    words,
    usage: `${words.join(' ')} ID [--json]`,
    summary,
    options: { json: { type: 'boolean' } },
    async run(ctx, values, positionals) {
      if (positionals.length !== 1) throw new UsageError(`${words.join(' ')} takes one ID`);
      const answer = await run(ctx.client({ requireKey: true }), positionals[0]);
      ctx.out(values.json ? JSON.stringify(answer ?? { deleted: true }, null, 2) : line(positionals[0], answer));
      return 0;
    },
  };
}

export const apisRemove = oneIdCommand(
  ['apis', 'remove'],
  'archive an API: its calls stop until restored (a marketplace release stays for its subscribers)',
  (quarry, id) => quarry.removeApi(id),
  (id, a) => `Archived ${id} on ${a.archived_at}. Restore it with: quarry-user apis restore ${id}`,
);

export const apisRestore = oneIdCommand(['apis', 'restore'], 'restore an archived API', (quarry, id) => quarry.restoreApi(id), (id) => `Restored ${id}: its endpoints answer again.`);

export const tasksDelete = oneIdCommand(
  ['tasks', 'delete'],
  'delete a failed or cancelled task (a completed one once its API is archived)',
  (quarry, id) => quarry.deleteTask(id),
  (id) => `Deleted task ${id}.`,
);
