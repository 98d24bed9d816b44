/** The in-process notifier, and the topic table every transport uses for local delivery. */
import type { Notifier, NotifyHandler, NotifyLogger } from './types.js';

export class Topics {
  private readonly handlers = new Map<string, Set<NotifyHandler>>();

  constructor(private readonly logger: NotifyLogger) {}

  subscribe(topic: string, handler: NotifyHandler): () => void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  deliver(topic: string, message: unknown): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(message);
      } catch (err) {
        this.logger.error({ err, topic }, 'a notification handler failed');
      }
    }
  }
}

export class LocalNotifier implements Notifier {
  readonly mode = 'local' as const;
  readonly live = true;
  readonly epoch = 0;
  private readonly topics: Topics;

  constructor(logger: NotifyLogger) {
    this.topics = new Topics(logger);
  }

  publish(topic: string, message: unknown): Promise<void> {
    this.topics.deliver(topic, message);
    return Promise.resolve();
  }

  subscribe(topic: string, handler: NotifyHandler): () => void {
    return this.topics.subscribe(topic, handler);
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
