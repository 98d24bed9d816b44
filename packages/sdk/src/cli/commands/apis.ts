/** `apis list`: the generated APIs of your completed tasks, one line per scraper. */
import type { Command } from '../io.js';
import { UsageError } from '../io.js';
import { describeApiLine } from '../format.js';
import type { Task } from '../../types/index.js';

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
