/** Reading the rate-limit and credit headers every execution response carries (service-interface.md "Limits"). */
import type { Limits } from './types/index.js';

export function limitsFromHeaders(headers: Headers | undefined): Limits {
  return {
    remaining: numberHeader(headers, 'x-ratelimit-remaining'),
    reset: numberHeader(headers, 'x-ratelimit-reset'),
    dailyRemaining: numberHeader(headers, 'x-ratelimit-daily-remaining'),
    creditsCharged: numberHeader(headers, 'x-credits-charged'),
    creditsRemaining: numberHeader(headers, 'x-credits-remaining'),
  };
}

function numberHeader(headers: Headers | undefined, name: string): number | null {
  const raw = headers?.get(name)?.trim();
  if (!raw) return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}
