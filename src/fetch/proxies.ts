/**
 * The optional proxy pool: one undici ProxyAgent per configured proxy, handed out round-robin.
 * Plain-http targets are forwarded with absolute-URI requests (`proxyTunnel: false`: many proxies
 * refuse CONNECT to port 80); https targets go through a CONNECT tunnel.
 */
import { ProxyAgent, type Dispatcher } from 'undici';

export interface ProxyChoice {
  /** The proxy URL without credentials, safe for messages and logs. */
  label: string;
  dispatcher: Dispatcher;
}

export interface ProxyPoolOptions {
  connections: number;
  connectTimeoutMs: number;
  totalTimeoutMs: number;
}

/** A proxy URL with any user:password removed. */
export function redactProxy(uri: string): string {
  try {
    const url = new URL(uri);
    url.username = '';
    url.password = '';
    return url.origin;
  } catch {
    return '(invalid proxy url)';
  }
}

export class ProxyPool {
  readonly #choices: ProxyChoice[];
  #next = 0;

  constructor(uris: readonly string[], options: ProxyPoolOptions) {
    this.#choices = uris.map((uri) => ({
      label: redactProxy(uri),
      dispatcher: new ProxyAgent({
        uri,
        proxyTunnel: false,
        connections: options.connections,
        headersTimeout: options.totalTimeoutMs,
        bodyTimeout: options.totalTimeoutMs,
        proxyTls: { timeout: options.connectTimeoutMs },
        requestTls: { timeout: options.connectTimeoutMs },
      }),
    }));
  }

  get size(): number {
    return this.#choices.length;
  }

  /** The next proxy in turn; rotation continues across calls so load spreads evenly. */
  next(): ProxyChoice {
    if (this.#choices.length === 0) throw new Error('No proxies configured');
    const choice = this.#choices[this.#next % this.#choices.length];
    this.#next = (this.#next + 1) % this.#choices.length;
    return choice;
  }

  async close(): Promise<void> {
    await Promise.all(this.#choices.map((c) => c.dispatcher.close()));
  }
}
