/** `client.account`: the caller's plan and credit balance. */
import type { Transport } from '../http.js';
import type { Account } from '../types/index.js';
import type { RequestOptions } from './tasks.js';

export class AccountResource {
  constructor(private readonly http: Transport) {}

  async get(options: RequestOptions = {}): Promise<Account> {
    return (await this.http.request<Account>({ method: 'GET', path: '/account', ...options })).body;
  }
}
