/**
 * The load process of `npm run bench:scale`: execution calls from a process of its own, so the
 * load generator does not share an event loop with what it measures. Reads its settings as
 * JSON from argv[2], prints the result as JSON on stdout.
 */
import { runLoad, type LoadOptions } from '../test/scale/load.js';

const o = JSON.parse(process.argv[2]) as Omit<LoadOptions, 'until'> & { durationMs: number; direct?: string };
const started = Date.now();
if (o.direct) {
  // The baseline: the same callers fetching the upstream page straight, no Quarry in between.
  let calls = 0;
  await Promise.all(
    Array.from({ length: o.callers }, async () => {
      while (Date.now() - started < o.durationMs) {
        await (await fetch(o.direct!)).text();
        calls++;
      }
    }),
  );
  process.stdout.write(JSON.stringify({ calls, ok: calls, elapsedMs: Date.now() - started }));
} else {
  const r = await runLoad({ ...o, until: () => Date.now() - started >= o.durationMs });
  process.stdout.write(JSON.stringify({ ...r, latenciesMs: undefined, p50: pct(r.latenciesMs, 50), p99: pct(r.latenciesMs, 99) }));
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0);
}
