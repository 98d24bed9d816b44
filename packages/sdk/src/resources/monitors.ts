/** `client.monitors`: create, list, get, update (pause/resume, schedule, webhook), delete, run now, and the logs. */
import { path, type Transport } from '../http.js';
import type { CreatedMonitor, Monitor, MonitorChange, MonitorCreateParams, MonitorDelivery, MonitorRun, MonitorUpdateParams, PageParams } from '../types/index.js';
import type { RequestOptions } from './tasks.js';

export class MonitorsResource {
  constructor(private readonly http: Transport) {}

  /** The answer carries `webhook_secret` (whsec_...), shown only now: keep it to verify webhooks. */
  async create(params: MonitorCreateParams, options: RequestOptions = {}): Promise<CreatedMonitor> {
    return (await this.http.request<CreatedMonitor>({ method: 'POST', path: '/monitors', body: params, ...options })).body;
  }

  async list(params: PageParams = {}, options: RequestOptions = {}): Promise<{ monitors: Monitor[]; next_cursor: string | null }> {
    return (await this.http.request<{ monitors: Monitor[]; next_cursor: string | null }>({ method: 'GET', path: '/monitors', query: { ...params }, ...options })).body;
  }

  async get(monitorId: string, options: RequestOptions = {}): Promise<Monitor> {
    return (await this.http.request<Monitor>({ method: 'GET', path: path`/monitors/${monitorId}`, ...options })).body;
  }

  async update(monitorId: string, params: MonitorUpdateParams, options: RequestOptions = {}): Promise<Monitor> {
    return (await this.http.request<Monitor>({ method: 'PATCH', path: path`/monitors/${monitorId}`, body: params, ...options })).body;
  }

  async delete(monitorId: string, options: RequestOptions = {}): Promise<{ deleted: boolean }> {
    return (await this.http.request<{ deleted: boolean }>({ method: 'DELETE', path: path`/monitors/${monitorId}`, ...options })).body;
  }

  /** Queue a run now; it shows under `runs` when done. */
  async run(monitorId: string, options: RequestOptions = {}): Promise<MonitorRun> {
    return (await this.http.request<MonitorRun>({ method: 'POST', path: path`/monitors/${monitorId}/run`, ...options })).body;
  }

  async changes(monitorId: string, params: PageParams = {}, options: RequestOptions = {}): Promise<{ changes: MonitorChange[]; next_cursor: string | null }> {
    return (await this.http.request<{ changes: MonitorChange[]; next_cursor: string | null }>({ method: 'GET', path: path`/monitors/${monitorId}/changes`, query: { ...params }, ...options })).body;
  }

  async runs(monitorId: string, params: PageParams = {}, options: RequestOptions = {}): Promise<{ runs: MonitorRun[]; next_cursor: string | null }> {
    return (await this.http.request<{ runs: MonitorRun[]; next_cursor: string | null }>({ method: 'GET', path: path`/monitors/${monitorId}/runs`, query: { ...params }, ...options })).body;
  }

  async deliveries(monitorId: string, params: PageParams = {}, options: RequestOptions = {}): Promise<{ deliveries: MonitorDelivery[]; next_cursor: string | null }> {
    return (await this.http.request<{ deliveries: MonitorDelivery[]; next_cursor: string | null }>({ method: 'GET', path: path`/monitors/${monitorId}/deliveries`, query: { ...params }, ...options })).body;
  }

  /** Send a change again (a new delivery with the same webhook-id). */
  async redeliver(monitorId: string, deliveryId: string, options: RequestOptions = {}): Promise<MonitorDelivery> {
    return (await this.http.request<MonitorDelivery>({ method: 'POST', path: path`/monitors/${monitorId}/deliveries/${deliveryId}/redeliver`, ...options })).body;
  }
}
