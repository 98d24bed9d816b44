/**
 * Notifications over Redis pub/sub (REDIS_URL set): one channel per deployment (its queue
 * name, so deployments or tests sharing a Redis never hear each other). ioredis reconnects and
 * subscribes again by itself; each new subscription bumps the epoch, since messages sent while
 * it was gone are lost.
 */
import type { Redis } from 'ioredis';
import { loadIoredis } from '../optional-modules.js';
import { Topics } from './local.js';
import { decode, encode, newOrigin, within } from './envelope.js';
import type { Notifier, NotifyHandler, NotifyLogger } from './types.js';

const PUBLISH_TIMEOUT_MS = 1_000;
// Reconnect quickly at first, then every 2 s at most: a restarted Redis is back within seconds.
const retryStrategy = (times: number) => Math.min(100 * 2 ** Math.min(times, 5), 2_000);

export class RedisNotifier implements Notifier {
  readonly mode = 'redis' as const;
  epoch = 0;
  private subscribed = false;
  private readonly topics: Topics;
  private readonly origin = newOrigin();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  readonly ready: Promise<void>;

  constructor(
    redisUrl: string,
    private readonly channel: string,
    private readonly logger: NotifyLogger,
  ) {
    this.topics = new Topics(logger);
    // No offline queue on the publisher: with Redis away a publish fails at once (best effort).
    const { Redis } = loadIoredis();
    this.publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy });
    this.subscriber = new Redis(redisUrl, { retryStrategy });
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (err: Error) => this.logger.warn({ err: err.message }, 'notification connection to Redis failed'));
    }
    this.subscriber.on('message', (_channel: string, text: string) => this.receive(text));
    this.subscriber.on('close', () => this.lost());
    // autoResubscribe renews the subscription after a reconnect; `ready` follows it.
    this.subscriber.on('ready', () => this.gained());
    this.ready = this.subscriber.subscribe(this.channel).then(
      () => this.gained(),
      (err: unknown) => this.logger.error({ err }, 'subscribing to notifications failed'),
    );
  }

  get live(): boolean {
    return this.subscribed && this.subscriber.status === 'ready';
  }

  async publish(topic: string, message: unknown): Promise<void> {
    this.topics.deliver(topic, message);
    try {
      await within(PUBLISH_TIMEOUT_MS, this.publisher.publish(this.channel, encode(this.origin, topic, message)), 'publishing');
    } catch (err) {
      this.logger.warn({ err, topic }, 'a notification did not reach the other processes; their caches expire instead');
    }
  }

  subscribe(topic: string, handler: NotifyHandler): () => void {
    return this.topics.subscribe(topic, handler);
  }

  async ping(): Promise<void> {
    await within(PUBLISH_TIMEOUT_MS, this.publisher.ping(), 'Redis ping');
  }

  async close(): Promise<void> {
    this.subscribed = false;
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }

  private receive(text: string): void {
    const envelope = decode(text);
    if (envelope && envelope.o !== this.origin) this.topics.deliver(envelope.t, envelope.m);
  }

  private gained(): void {
    if (this.subscribed) return;
    this.subscribed = true;
    this.epoch++;
  }

  private lost(): void {
    if (!this.subscribed) return;
    this.subscribed = false;
    this.epoch++;
  }
}
