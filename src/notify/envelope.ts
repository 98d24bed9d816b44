/** What travels on the wire: the topic, the message, and the sending process (to skip its own echo). */
import { randomBytes } from 'node:crypto';

export interface Envelope {
  t: string;
  m: unknown;
  o: string;
}

export const newOrigin = (): string => randomBytes(8).toString('hex');

export function encode(origin: string, topic: string, message: unknown): string {
  return JSON.stringify({ t: topic, m: message, o: origin } satisfies Envelope);
}

export function decode(text: string): Envelope | null {
  try {
    const e = JSON.parse(text) as Partial<Envelope>;
    return typeof e.t === 'string' && typeof e.o === 'string' ? (e as Envelope) : null;
  } catch {
    return null;
  }
}

/** Resolves with `work`, or rejects after `ms` (a publish must not hang on a lost connection). */
export function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
