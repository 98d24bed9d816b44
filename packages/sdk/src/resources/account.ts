/** `client.account`: the caller's plan and credit balance. */
import type { Transport } from '../http.js';
import type { Account, UsageByApi } from '../types/index.js';
import type { RequestOptions } from './tasks.js';

export class AccountResource {
  constructor(private readonly http: Transport) {}

  async get(options: RequestOptions = {}): Promise<Account> {
    return (await this.http.request<Account>({ method: 'GET', path: '/account', ...options })).body;
  }

  /** Calls, errors and credits per API over the last `days` (1-90, default 30). */
  async usageByApi(params: { days?: number } = {}, options: RequestOptions = {}): Promise<UsageByApi[]> {
    const { body } = await this.http.request<{ apis: UsageByApi[] }>({ method: 'GET', path: '/account/usage/apis', query: { days: params.days }, ...options });
    return body.apis;
  }
}
