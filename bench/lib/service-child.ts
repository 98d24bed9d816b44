/**
 * The service under benchmark, in its own process (bench/lib/service-process.ts starts it), so
 * the figures measured are the service's own: its event loop, its CPU and its peak RSS, not
 * the load generator's or the baseline's.
 *
 * Rate limits and credits stay ON: every call takes a token from the key's bucket and charges
 * a credit. Only the numbers of the bench account's plan are raised so the limiter does not
 * throttle a load test; it still does all of its work.
 */
import { PLANS } from '../../src/config/index.js';
import { startBenchService } from './service.js';

// PLANS is frozen one level deep; a plan's bucket is its own object. Bench process only.
Object.assign(PLANS.company.burst, { capacity: 1_000_000_000, refillPerMinute: 1_000_000_000 });

const env = JSON.parse(process.env.BENCH_SERVICE_ENV ?? '{}') as Record<string, string>;
const quarry = await startBenchService(env, { worker: false });

process.on('message', async (msg: { type: string; id?: number; method?: string; path?: string; body?: unknown }) => {
  if (msg.type === 'api') {
    const res = await quarry.api(msg.method!, msg.path!, msg.body);
    process.send!({ id: msg.id, result: res });
  } else if (msg.type === 'stats') {
    process.send!({ id: msg.id, result: { maxRssMb: process.resourceUsage().maxRSS / 1024, rssMb: process.memoryUsage().rss / 2 ** 20 } });
  } else if (msg.type === 'stop') {
    await quarry.close();
    process.exit(0);
  }
});
process.send!({ ready: { base: quarry.base, key: quarry.key, userId: quarry.userId } });
