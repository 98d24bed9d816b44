/**
 * Execution load against a set of API processes, the way a load balancer spreads it: round
 * robin over the live targets; a target that refuses connections (its process is gone) is
 * taken out and the call goes to another (it never reached a server, so nothing was done). A
 * call cut after it reached a server (its process was killed mid-call) is counted as dropped.
 */
export interface LoadOptions {
  targets: string[];
  /** Request path of the endpoint and its JSON body. */
  path: string;
  body: unknown;
  keys: string[];
  callers: number;
  /** Stop starting calls once this is true (given the calls answered so far). */
  until: (calls: number) => boolean;
  timeoutMs: number;
}

export interface LoadResult {
  calls: number;
  ok: number;
  /** Contract errors by HTTP status. */
  errors: Record<string, number>;
  /** The first answer seen of each error status, cut short (to say what the errors were). */
  samples: Record<string, string>;
  /** Answers without the contract's error shape (should stay 0). */
  malformed: number;
  /** Calls cut by a process dying under them. */
  dropped: number;
  /** Calls with no answer within timeoutMs (should stay 0). */
  hung: number;
  /** Credits the answers said were charged. */
  charged: number;
  latenciesMs: number[];
  elapsedMs: number;
}

const refused = (err: unknown) => {
  const cause = (err as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
};

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const live = [...o.targets];
  const r: LoadResult = { calls: 0, ok: 0, errors: {}, samples: {}, malformed: 0, dropped: 0, hung: 0, charged: 0, latenciesMs: [], elapsedMs: 0 };
  let next = 0;
  const started = Date.now();
  const payload = JSON.stringify(o.body);

  const one = async (key: string): Promise<void> => {
    for (;;) {
      if (live.length === 0) throw new Error('no API process left to call');
      const target = live[next++ % live.length];
      const t0 = performance.now();
      try {
        const res = await fetch(`${target}${o.path}`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: payload,
          signal: AbortSignal.timeout(o.timeoutMs),
        });
        const text = await res.text();
        r.latenciesMs.push(performance.now() - t0);
        r.calls++;
        if (res.status === 200) {
          r.ok++;
          r.charged += Number(res.headers.get('x-credits-charged') ?? 0);
        } else {
          r.errors[res.status] = (r.errors[res.status] ?? 0) + 1;
          r.samples[res.status] ??= text.slice(0, 300);
          let body: unknown = null;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: malformed
          }
          if (!body || typeof body !== 'object' || !('error' in body)) r.malformed++;
        }
        return;
      } catch (err) {
        if ((err as Error).name === 'TimeoutError') {
          r.calls++;
          r.hung++;
          return;
        }
        if (refused(err)) {
          const i = live.indexOf(target);
          if (i >= 0) live.splice(i, 1);
          continue;
        }
        r.calls++;
        r.dropped++;
        return;
      }
    }
  };

  await Promise.all(
    Array.from({ length: o.callers }, async (_, c) => {
      const key = o.keys[c % o.keys.length];
      while (!o.until(r.calls)) await one(key);
    }),
  );
  r.elapsedMs = Date.now() - started;
  return r;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
