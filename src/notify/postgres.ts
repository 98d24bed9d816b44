/**
 * Notifications over PostgreSQL LISTEN/NOTIFY (DATABASE_URL set, no Redis): one dedicated
 * connection listens; publishing is `pg_notify` through the application's pool. The channel is
 * named after the schema, so deployments (or tests) sharing a server never hear each other.
 * A lost listening connection is re-opened with backoff, and each new one bumps the epoch.
 */
import type pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { loadPg } from '../optional-modules.js';
import { Topics } from './local.js';
import { decode, encode, newOrigin, within } from './envelope.js';
import type { Notifier, NotifyHandler, NotifyLogger } from './types.js';

const PUBLISH_TIMEOUT_MS = 1_000;
const RECONNECT_MAX_MS = 2_000;

export class PostgresNotifier implements Notifier {
  readonly mode = 'postgres' as const;
  epoch = 0;
  live = false;
  private readonly topics: Topics;
  private readonly origin = newOrigin();
  private readonly channel: string;
  private client: pg.Client | null = null;
  private closed = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  readonly ready: Promise<void>;

  constructor(
    private readonly databaseUrl: string,
    private readonly db: Db,
    private readonly logger: NotifyLogger,
  ) {
    this.topics = new Topics(logger);
    this.channel = `quarry_notify_${(db.pgSchema ?? 'public').toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, 63);
    this.ready = this.listen();
  }

  async publish(topic: string, message: unknown): Promise<void> {
    this.topics.deliver(topic, message);
    try {
      const text = encode(this.origin, topic, message);
      await within(PUBLISH_TIMEOUT_MS, sql`select pg_notify(${this.channel}, ${text})`.execute(this.db.kysely), 'pg_notify');
    } catch (err) {
      this.logger.warn({ err, topic }, 'a notification did not reach the other processes; their caches expire instead');
    }
  }

  subscribe(topic: string, handler: NotifyHandler): () => void {
    return this.topics.subscribe(topic, handler);
  }

  async ping(): Promise<void> {
    if (!this.live) throw new Error('not listening for notifications');
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    // The deployment's application_name when DATABASE_URL names one (operators find every connection by it).
    const named = new URL(this.databaseUrl).searchParams.has('application_name');
    const client = new (loadPg().Client)({ connectionString: this.databaseUrl, ...(named ? {} : { application_name: 'quarry-notify' }) });
    this.client = client;
    client.on('notification', (n) => {
      const envelope = n.payload ? decode(n.payload) : null;
      if (envelope && envelope.o !== this.origin) this.topics.deliver(envelope.t, envelope.m);
    });
    client.on('error', (err) => this.drop(client, err));
    client.on('end', () => this.drop(client, null));
    try {
      await client.connect();
      await client.query(`listen "${this.channel}"`);
      if (this.client !== client) return;
      this.failures = 0;
      this.live = true;
      this.epoch++;
    } catch (err) {
      this.drop(client, err);
    }
  }

  private drop(client: pg.Client, err: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    if (this.live) this.epoch++;
    this.live = false;
    void client.end().catch(() => undefined);
    if (this.closed) return;
    if (err) this.logger.warn({ err: (err as Error).message }, 'notification connection to PostgreSQL lost; reconnecting');
    const delay = Math.min(100 * 2 ** this.failures++, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => void this.listen(), delay);
    this.retryTimer.unref();
  }
}
