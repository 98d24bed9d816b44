/**
 * Time and identifiers, injectable so tests can control them.
 *
 * `iso()` stamps records: ISO-8601 UTC with six fraction digits, the last three a counter
 * within the millisecond, so records created in the same millisecond by this process still
 * sort in creation order ("newest first" lists stay stable) while the clock itself never
 * runs ahead of real time. Every stored timestamp uses this one format, so they sort as text.
 */
import { randomUUID } from 'node:crypto';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

let lastMs = -1;
let counter = 0;

export function iso(clock: Clock): string {
  const ms = clock.now().getTime();
  if (ms === lastMs) counter = Math.min(counter + 1, 999);
  else {
    lastMs = ms;
    counter = 0;
  }
  return `${new Date(ms).toISOString().slice(0, -1)}${String(counter).padStart(3, '0')}Z`;
}

export const newId = (): string => randomUUID();
