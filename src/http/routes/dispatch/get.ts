import type { RouteModule } from '../types.js';
import { getOwnedTask, toTaskView } from '../../../services/tasks.js';
import { committedCache } from '../../../db/committed-cache.js';
import { callerOf } from '../../plugins/auth.js';
import { errorResponses, taskIdParams } from '../../schemas.js';

const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * GET /dispatch/tasks/{task_id}: one task, with its generated API once completed.
 * The most polled route: its serialised answer is kept until the database next changes
 * (db/committed-cache.ts), keyed by caller and task so ownership is decided by the first read.
 */
const route: RouteModule = (app, deps) => {
  const bodies = committedCache<string>(deps.db.kysely);
  app.get<{ Params: { task_id: string } }>(
    '/dispatch/tasks/:task_id',
    {
      config: { auth: 'key' },
      schema: {
        tags: ['dispatch'],
        summary: 'Get a task',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        params: taskIdParams,
        response: { 200: { $ref: 'Task#' }, ...errorResponses(401, 404) },
      },
    },
    (req, reply) => {
      const userId = callerOf(req).userId;
      const taskId = req.params.task_id;
      const body = bodies.read(`${userId}/${taskId}`, async () =>
        reply.serialize(await toTaskView(deps, await getOwnedTask(deps, userId, taskId))) as string,
      );
      if (typeof body === 'string') return reply.type(JSON_UTF8).send(body);
      return body.then((b) => reply.type(JSON_UTF8).send(b));
    },
  );
};
export default route;
