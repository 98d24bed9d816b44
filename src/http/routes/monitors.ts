/**
 * The monitor routes (decisions.md "Monitors", docs/monitors.md): keyed (X-API-Key, Bearer, or
 * the dashboard's session), management error shape, another account's monitor is 404.
 *   POST   /monitors                      create (201, with the webhook secret shown only then)
 *   GET    /monitors                      list, newest first
 *   GET    /monitors/{id}                 one
 *   PATCH  /monitors/{id}                 pause/resume, schedule, webhook, params, keys, name
 *   DELETE /monitors/{id}                 delete with its runs, changes and deliveries
 *   POST   /monitors/{id}/run             run now (202, the queued run)
 *   GET    /monitors/{id}/changes|runs|deliveries   the logs, newest first, by cursor
 *   POST   /monitors/{id}/deliveries/{delivery_id}/redeliver   send a change again (202)
 */
import type { RouteModule } from './types.js';
import { callerOf } from '../plugins/auth.js';
import { errorResponses } from '../schemas.js';
import {
  createMonitor,
  deleteMonitor,
  getMonitor,
  listChanges,
  listDeliveries,
  listMonitors,
  listRuns,
  redeliver,
  runMonitorNow,
  updateMonitor,
  type MonitorInput,
  type MonitorPatch,
} from '../../services/monitors/index.js';

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const nint = { type: ['integer', 'null'] } as const;
const anyValue = {} as const;
const record = { type: 'object', additionalProperties: true } as const;
const security: Array<Record<string, string[]>> = [{ ApiKey: [] }, { Bearer: [] }];
const tags = ['monitors'];

const idParams = { type: 'object', properties: { monitor_id: { type: 'string', minLength: 1, maxLength: 100 } }, required: ['monitor_id'] } as const;
const listQuery = {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, cursor: { type: 'string', maxLength: 500 } },
  additionalProperties: false,
} as const;

const schedule = {
  every_seconds: { type: ['integer', 'null'], minimum: 1, maximum: 31_536_000, description: 'Run every N seconds (at least the plan minimum: free 3600, paid 60).' },
  cron: { type: ['string', 'null'], minLength: 1, maxLength: 100, description: 'Or a cron expression (UTC; 5 or 6 fields).' },
};
const editable = {
  params: { type: 'object', additionalProperties: true, description: "The endpoint's inputs, fixed for every run." },
  ...schedule,
  webhook_url: { type: ['string', 'null'], minLength: 1, maxLength: 2000, description: 'Receives signed monitor.changed webhooks (Standard Webhooks).' },
  key_fields: { type: ['array', 'null'], items: { type: 'string', minLength: 1, maxLength: 200 }, minItems: 1, maxItems: 10, description: "Fields identifying a record (default: the endpoint's id/url field, else the record's hash)." },
  name: { type: ['string', 'null'], maxLength: 200 },
  max_pages: { type: 'integer', minimum: 1, maximum: 1000, description: 'Pages of a list endpoint followed per run.' },
};

const monitorProps = {
  monitor_id: str,
  name: nstr,
  scraper_id: str,
  endpoint_name: str,
  params: record,
  every_seconds: nint,
  cron: nstr,
  key_fields: { type: ['array', 'null'], items: str },
  max_pages: { type: 'integer' },
  webhook_url: nstr,
  paused: { type: 'boolean' },
  paused_reason: nstr,
  next_run_at: nstr,
  last_run_at: nstr,
  last_run_status: nstr,
  consecutive_failures: { type: 'integer' },
  created_at: str,
  updated_at: str,
};
const monitor = { type: 'object', properties: monitorProps, required: ['monitor_id', 'scraper_id', 'endpoint_name', 'paused', 'created_at'] } as const;
const created = { type: 'object', properties: { ...monitorProps, webhook_secret: { type: 'string', description: 'whsec_<base64>: shown only now.' } }, required: ['monitor_id', 'webhook_secret'] } as const;

const change = {
  type: 'object',
  properties: {
    change_id: str,
    run_id: str,
    at: str,
    added: { type: 'array', items: record },
    removed: { type: 'array', items: record },
    changed: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          key: anyValue,
          fields: { type: 'object', additionalProperties: { type: 'object', properties: { from: anyValue, to: anyValue } } },
        },
      },
    },
  },
} as const;
const run = {
  type: 'object',
  properties: {
    run_id: str,
    trigger: str,
    status: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed'] },
    attempts: { type: 'integer' },
    scheduled_at: str,
    started_at: nstr,
    finished_at: nstr,
    records: nint,
    pages: nint,
    charged: { type: 'integer' },
    error_code: nstr,
    error_message: nstr,
    change_id: nstr,
  },
} as const;
const delivery = {
  type: 'object',
  properties: {
    delivery_id: str,
    change_id: str,
    url: str,
    status: { type: 'string', enum: ['pending', 'succeeded', 'failed'] },
    attempts: { type: 'integer' },
    next_attempt_at: nstr,
    last_status_code: nint,
    last_latency_ms: nint,
    last_error: nstr,
    log: { type: 'array', items: { type: 'object', properties: { at: str, status_code: nint, latency_ms: { type: 'integer' }, error: nstr } } },
    created_at: str,
    finished_at: nstr,
  },
} as const;
const listOf = (name: string, item: object) => ({ type: 'object', properties: { [name]: { type: 'array', items: item }, next_cursor: nstr }, required: [name, 'next_cursor'] });

type IdReq = { Params: { monitor_id: string } };
type ListReq = IdReq & { Querystring: { limit?: number; cursor?: string } };

const route: RouteModule = (app, deps) => {
  app.post<{ Body: MonitorInput }>(
    '/monitors',
    {
      config: { auth: 'key' },
      schema: {
        tags,
        security,
        summary: 'Create a monitor: one endpoint of your API on a schedule, with item-level changes and webhooks',
        body: {
          type: 'object',
          properties: { scraper_id: { type: 'string', minLength: 1, maxLength: 100 }, endpoint_name: { type: 'string', minLength: 1, maxLength: 100 }, ...editable },
          required: ['scraper_id', 'endpoint_name'],
          additionalProperties: false,
        },
        response: { 201: created, ...errorResponses(400, 401, 402, 404, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await createMonitor(deps, callerOf(req).userId, req.body)),
  );

  app.get<{ Querystring: { limit?: number; cursor?: string } }>(
    '/monitors',
    {
      config: { auth: 'key' },
      schema: { tags, security, summary: 'List your monitors, newest first', querystring: listQuery, response: { 200: listOf('monitors', monitor), ...errorResponses(400, 401) } },
    },
    async (req) => listMonitors(deps, callerOf(req).userId, req.query),
  );

  app.get<IdReq>(
    '/monitors/:monitor_id',
    { config: { auth: 'key' }, schema: { tags, security, summary: 'One monitor', params: idParams, response: { 200: monitor, ...errorResponses(401, 404) } } },
    async (req) => getMonitor(deps, callerOf(req).userId, req.params.monitor_id),
  );

  app.patch<IdReq & { Body: MonitorPatch }>(
    '/monitors/:monitor_id',
    {
      config: { auth: 'key' },
      schema: {
        tags,
        security,
        summary: 'Change a monitor: pause/resume, schedule, webhook, params, key fields, name',
        params: idParams,
        body: { type: 'object', properties: { paused: { type: 'boolean' }, ...editable }, additionalProperties: false, minProperties: 1 },
        response: { 200: monitor, ...errorResponses(400, 401, 402, 404, 422) },
      },
    },
    async (req) => updateMonitor(deps, callerOf(req).userId, req.params.monitor_id, req.body),
  );

  app.delete<IdReq>(
    '/monitors/:monitor_id',
    {
      config: { auth: 'key' },
      schema: { tags, security, summary: 'Delete a monitor with its runs, changes and deliveries', params: idParams, response: { 200: { type: 'object', properties: { deleted: { type: 'boolean' } } }, ...errorResponses(401, 404) } },
    },
    async (req) => {
      await deleteMonitor(deps, callerOf(req).userId, req.params.monitor_id);
      return { deleted: true };
    },
  );

  app.post<IdReq>(
    '/monitors/:monitor_id/run',
    {
      config: { auth: 'key' },
      schema: { tags, security, summary: 'Run a monitor now (queued; the run shows under runs when done)', params: idParams, response: { 202: run, ...errorResponses(401, 404) } },
    },
    async (req, reply) => reply.code(202).send(await runMonitorNow(deps, callerOf(req).userId, req.params.monitor_id)),
  );

  app.get<ListReq>(
    '/monitors/:monitor_id/changes',
    {
      config: { auth: 'key' },
      schema: { tags, security, summary: 'Item-level changes, newest first', params: idParams, querystring: listQuery, response: { 200: listOf('changes', change), ...errorResponses(400, 401, 404) } },
    },
    async (req) => listChanges(deps, callerOf(req).userId, req.params.monitor_id, req.query),
  );

  app.get<ListReq>(
    '/monitors/:monitor_id/runs',
    {
      config: { auth: 'key' },
      schema: { tags, security, summary: 'Runs, newest first, with their error class when they failed', params: idParams, querystring: listQuery, response: { 200: listOf('runs', run), ...errorResponses(400, 401, 404) } },
    },
    async (req) => listRuns(deps, callerOf(req).userId, req.params.monitor_id, req.query),
  );

  app.get<ListReq>(
    '/monitors/:monitor_id/deliveries',
    {
      config: { auth: 'key' },
      schema: { tags, security, summary: 'Webhook deliveries, newest first: status, tries, latency, response code', params: idParams, querystring: listQuery, response: { 200: listOf('deliveries', delivery), ...errorResponses(400, 401, 404) } },
    },
    async (req) => listDeliveries(deps, callerOf(req).userId, req.params.monitor_id, req.query),
  );

  app.post<{ Params: { monitor_id: string; delivery_id: string } }>(
    '/monitors/:monitor_id/deliveries/:delivery_id/redeliver',
    {
      config: { auth: 'key' },
      schema: {
        tags,
        security,
        summary: 'Send a change again (same webhook-id)',
        params: { type: 'object', properties: { monitor_id: { type: 'string', minLength: 1, maxLength: 100 }, delivery_id: { type: 'string', minLength: 1, maxLength: 100 } }, required: ['monitor_id', 'delivery_id'] },
        response: { 202: delivery, ...errorResponses(401, 404, 409) },
      },
    },
    async (req, reply) => reply.code(202).send(await redeliver(deps, callerOf(req).userId, req.params.monitor_id, req.params.delivery_id)),
  );
};
export default route;
