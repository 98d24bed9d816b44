/**
 * Notifications between the processes of one deployment: "this changed, drop what you
 * remember of it". They make caches exact across processes (revoked keys, plan changes);
 * they never carry the data itself, which stays in the database.
 *
 * Delivery is at most once. A subscriber that lost its connection may have missed messages,
 * so `live` and `epoch` let a cache distrust what it learned before the gap: an entry is
 * trusted only while the notifier is live and its epoch is the one the entry was loaded in.
 */
export type NotifyHandler = (message: unknown) => void;

export interface Notifier {
  /** local: one process (embedded default); redis: pub/sub; postgres: LISTEN/NOTIFY. */
  readonly mode: 'local' | 'redis' | 'postgres';
  /** True while messages published by any process reach this one. */
  readonly live: boolean;
  /** Changes whenever this process may have missed messages (a lost or new subscription). */
  readonly epoch: number;
  /**
   * Delivers `message` to every subscriber of `topic` in every process, this one at once.
   * Best effort: a failure to reach the others is logged, never thrown.
   */
  publish(topic: string, message: unknown): Promise<void>;
  subscribe(topic: string, handler: NotifyHandler): () => void;
  /** Throws when the transport cannot be reached (for GET /ready). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface NotifyLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
