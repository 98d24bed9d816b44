/**
 * Time and identifiers, injectable so tests can control them.
 * `now()` never returns the same millisecond twice in one process, so ISO timestamps sort
 * records in creation order ("newest first" lists stay stable).
 */
import { randomUUID } from 'node:crypto';

export interface Clock {
  now(): Date;
}

let last = 0;
export const systemClock: Clock = {
  now() {
    let t = Date.now();
    if (t <= last) t = last + 1;
    last = t;
    return new Date(t);
  },
};

export const iso = (clock: Clock): string => clock.now().toISOString();

export const newId = (): string => randomUUID();
