import type { RouteModule } from '../types.js';
import { getOwnedTask } from '../../../services/tasks.js';
import { isTerminal } from '../../../services/task-state.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses, taskIdParams } from '../../schemas.js';

const POLL_MS = 300;
const KEEPALIVE_MS = 15_000;

/**
 * GET /dispatch/tasks/{task_id}/events: the task's progress as Server-Sent Events. Each change
 * is an `event: progress` with `{status, progress}`; the end is one `event: done` with the
 * final status, error and result, then the stream closes. It reads the task row, so it works
 * whichever process runs the build.
 */
const route: RouteModule = (app, deps) => {
  app.get<{ Params: { task_id: string } }>(
    '/dispatch/tasks/:task_id/events',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['dispatch'],
        summary: 'Stream build progress (Server-Sent Events)',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: taskIdParams,
        response: { 200: { description: 'text/event-stream', type: 'string' }, ...errorResponses(401, 404) },
      },
    },
    async (req, reply) => {
      const userId = callerOf(req).userId;
      const taskId = req.params.task_id;
      let task = await getOwnedTask(deps, userId, taskId);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        'x-quarry-request-id': req.id,
      });
      let closed = false;
      req.raw.socket.once('close', () => {
        closed = true;
      });
      const send = (event: string, data: unknown) => {
        if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      let lastSent = '';
      let lastWrite = Date.now();
      while (!closed) {
        const snapshot = JSON.stringify({ status: task.status, progress: task.progress ? JSON.parse(task.progress) : null });
        if (snapshot !== lastSent) {
          send('progress', JSON.parse(snapshot));
          lastSent = snapshot;
          lastWrite = Date.now();
        }
        if (isTerminal(task.status)) {
          send('done', { status: task.status, error: task.error, result_scraper_id: task.result_scraper_id });
          break;
        }
        if (Date.now() - lastWrite > KEEPALIVE_MS) {
          if (!closed) res.write(': keep-alive\n\n');
          lastWrite = Date.now();
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
        task = await getOwnedTask(deps, userId, taskId).catch(() => task);
      }
      res.end();
    },
  );
};
export default route;
