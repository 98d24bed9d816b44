/** `build URL`: dispatch a build; with --wait, follow it with a progress bar until it ends. */
import type { Command } from '../io.js';
import { UsageError } from '../io.js';
import { ProgressBar } from '../progress-bar.js';
import { describeApi } from '../format.js';
import type { Task } from '../../types/index.js';

export const build: Command = {
  words: ['build'],
  usage: 'build URL [--task TEXT] [--wait] [--private] [--allow-auth] [--workspace] [--interval-ms N] [--json]',
  summary: 'build an API from a website; --wait follows it to the end with a progress bar',
  options: {
    task: { type: 'string' },
    wait: { type: 'boolean' },
    private: { type: 'boolean' },
    'allow-auth': { type: 'boolean' },
    workspace: { type: 'boolean' },
    'interval-ms': { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(ctx, values, positionals) {
    const [url] = positionals;
    if (!url || positionals.length > 1) throw new UsageError('build takes exactly one URL');
    const intervalMs = values['interval-ms'] === undefined ? 2000 : Number(values['interval-ms']);
    if (!Number.isFinite(intervalMs) || intervalMs < 0) throw new UsageError('--interval-ms must be a number');
    const quarry = ctx.client({ requireKey: true });
    const dispatched = await quarry.dispatch({
      url,
      ...(typeof values.task === 'string' ? { task: values.task } : {}),
      ...(values.private ? { contributes_to_marketplace: false } : {}),
      ...(values['allow-auth'] ? { allow_auth: true } : {}),
      ...(values.workspace ? { workspace: true } : {}),
    });
    if (!values.wait) {
      if (values.json) ctx.out(JSON.stringify(dispatched, null, 2));
      else ctx.out(dispatched.matched ? `Matched an existing API: task ${dispatched.task_id}` : `Queued task ${dispatched.task_id}`);
      return 0;
    }
    ctx.err(dispatched.matched ? `Matched an existing API (task ${dispatched.task_id})` : `Building (task ${dispatched.task_id})`);
    const bar = new ProgressBar(ctx.io.stderr);
    let task: Task;
    try {
      task = await quarry.waitForTask(dispatched.task_id, { intervalMs, onProgress: (p) => bar.update(p), resolveOnNeedsInput: true });
    } finally {
      bar.finish();
    }
    if (task.status === 'needs_input') {
      const prompt = task.user_input_prompt;
      ctx.err(`Task ${task.id} needs input: ${prompt?.message ?? 'see the dashboard'}`);
      if (prompt) ctx.err(`Fields: ${prompt.fields.map((f) => f.name).join(', ')} (answer with the SDK: quarry.tasks.respond)`);
      return 1;
    }
    ctx.out(values.json ? JSON.stringify(task, null, 2) : describeApi(task));
    return 0;
  },
};
