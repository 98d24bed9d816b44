/** A monitor's schedule and values in words. */
import type { Monitor } from '../../types';
import { plural } from '../../words';

export function scheduleInWords(m: Pick<Monitor, 'every_seconds' | 'cron'>): string {
  if (m.cron) return `cron ${m.cron} (UTC)`;
  const s = m.every_seconds ?? 0;
  if (s && s % 86_400 === 0) return `every ${plural(s / 86_400, 'day')}`;
  if (s && s % 3600 === 0) return `every ${plural(s / 3600, 'hour')}`;
  if (s && s % 60 === 0) return `every ${plural(s / 60, 'minute')}`;
  return `every ${plural(s, 'second')}`;
}

/** A value as a person reads it: text as is, nothing as an em dash, the rest as compact JSON. */
export function valueInWords(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v === '' ? '(empty)' : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** A record's key as shown: one value as is, several as `a=1, b=2`. */
export function keyInWords(key: unknown): string {
  if (key && typeof key === 'object' && !Array.isArray(key)) {
    return Object.entries(key as Record<string, unknown>)
      .map(([k, v]) => `${k}=${valueInWords(v)}`)
      .join(', ');
  }
  return valueInWords(key);
}
