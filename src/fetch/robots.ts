/**
 * robots.txt: a small parser and matcher following RFC 9309 (as Google implements it):
 * groups of `User-agent` lines followed by `Allow` / `Disallow` rules; the group naming our
 * product token wins over `*` (several such groups merge); patterns support `*` and a final `$`;
 * the longest matching pattern wins and Allow wins a tie; no matching rule means allowed.
 */

export interface RobotsRule {
  allow: boolean;
  /** Normalised pattern (percent-encoded, upper-case escapes), possibly with `*` and final `$`. */
  pattern: string;
}

export interface RobotsGroup {
  /** Lower-cased product tokens, `*` for everyone. */
  agents: string[];
  rules: RobotsRule[];
}

export interface RobotsRules {
  groups: RobotsGroup[];
}

/** Rules that allow everything (missing robots.txt, 4xx, or an unreachable one). */
export const ALLOW_ALL: RobotsRules = Object.freeze({ groups: [] }) as RobotsRules;

/** Google reads at most 500 KiB of robots.txt; the rest is ignored. */
export const MAX_ROBOTS_BYTES = 500 * 1024;

/** Percent-encodes what is not printable ASCII and upper-cases escapes, as URL paths are. */
function normalise(path: string): string {
  return path
    .replace(/[^\x21-\x7e]/gu, (c) => (c.length === 1 && c >= '\ud800' && c <= '\udfff' ? '' : encodeURIComponent(c)))
    .replace(/%[0-9a-f]{2}/gi, (e) => e.toUpperCase());
}

export function parseRobots(text: string): RobotsRules {
  const groups: RobotsGroup[] = [];
  let current: RobotsGroup | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.slice(0, MAX_ROBOTS_BYTES).split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*/, '').trim();
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      // Consecutive User-agent lines share one group; one after rules starts a new group.
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase().split(/[\s/]/)[0] || '*');
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if ((key === 'allow' || key === 'disallow') && current && value) {
      current.rules.push({ allow: key === 'allow', pattern: normalise(value) });
    }
  }
  return { groups };
}

/** Wildcard match of a robots pattern against a path: prefix match unless the pattern ends in `$`. */
export function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const pat = anchored ? pattern.slice(0, -1) : `${pattern}*`;
  // Two-pointer glob match with backtracking to the last star: O(n*m) at worst, never
  // exponential, since robots.txt is untrusted input.
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < path.length) {
    if (p < pat.length && pat[p] !== '*' && pat[p] === path[t]) {
      p++;
      t++;
    } else if (p < pat.length && pat[p] === '*') {
      star = p++;
      mark = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++mark;
    } else return false;
  }
  while (p < pat.length && pat[p] === '*') p++;
  return p === pat.length;
}

function rulesFor(rules: RobotsRules, agent: string): RobotsRule[] {
  const token = agent.toLowerCase();
  const own = rules.groups.filter((g) => g.agents.includes(token));
  const chosen = own.length > 0 ? own : rules.groups.filter((g) => g.agents.includes('*'));
  return chosen.flatMap((g) => g.rules);
}

/** Whether `agent` (a product token such as `quarry`) may fetch the path-and-query of `url`. */
export function isAllowedByRobots(rules: RobotsRules, agent: string, url: string): boolean {
  const target = new URL(url);
  if (target.pathname === '/robots.txt') return true;
  const path = normalise(target.pathname + target.search);
  let best: RobotsRule | null = null;
  for (const rule of rulesFor(rules, agent)) {
    if (!patternMatches(rule.pattern, path)) continue;
    const longer = !best || rule.pattern.length > best.pattern.length;
    const tieAllow = best && rule.pattern.length === best.pattern.length && rule.allow;
    if (longer || tieAllow) best = rule;
  }
  return best === null || best.allow;
}

interface CacheEntry {
  rules: Promise<RobotsRules>;
  expires: number;
}

export interface RobotsLoadResult {
  rules: RobotsRules;
  /** True for fall-back answers (5xx, unreachable): cached briefly so a recovery is seen soon. */
  temporary: boolean;
}

/**
 * Per-origin cache of parsed robots.txt with a TTL and a size bound (least recently used out).
 * Concurrent lookups of one origin share a single load.
 */
export class RobotsCache {
  readonly #entries = new Map<string, CacheEntry>();

  constructor(
    private readonly load: (origin: string, signal?: AbortSignal) => Promise<RobotsLoadResult>,
    private readonly options: { ttlMs: number; temporaryTtlMs: number; maxOrigins: number; now: () => number },
  ) {}

  rules(origin: string, signal?: AbortSignal): Promise<RobotsRules> {
    const now = this.options.now();
    const hit = this.#entries.get(origin);
    if (hit && hit.expires > now) {
      this.#entries.delete(origin);
      this.#entries.set(origin, hit);
      return hit.rules;
    }
    const entry: CacheEntry = { rules: Promise.resolve(ALLOW_ALL), expires: now + this.options.ttlMs };
    entry.rules = this.load(origin, signal).then(
      (result) => {
        if (result.temporary) entry.expires = this.options.now() + this.options.temporaryTtlMs;
        return result.rules;
      },
      (err: unknown) => {
        // A failed load (e.g. the caller aborted) must not be served to the next caller.
        if (this.#entries.get(origin) === entry) this.#entries.delete(origin);
        throw err;
      },
    );
    this.#entries.delete(origin);
    this.#entries.set(origin, entry);
    while (this.#entries.size > this.options.maxOrigins) this.#entries.delete(this.#entries.keys().next().value as string);
    return entry.rules;
  }
}
