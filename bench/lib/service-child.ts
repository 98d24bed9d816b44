/**
 * The service under benchmark, in its own process (bench/lib/service-process.ts starts it), so
 * the figures measured are the service's own: its event loop, its CPU and its peak RSS, not
 * the load generator's or the baseline's.
 *
 * Rate limits and credits stay ON: every call takes a token from the key's bucket and charges
 * a credit. Only the numbers of the bench account's plan are raised so the limiter does not
 * throttle a load test; it still does all of its work.
 *
 * Options (BENCH_SERVICE_OPTIONS, see ServiceProcessOptions): `worker` runs the embedded job
 * worker here, as `npm start` does, so builds happen in this process; `sampleMemory` samples
 * this process's RSS and its browser tree's PSS every 250 ms and keeps the peak of their sum.
 */
import v8 from 'node:v8';
import { PLANS } from '../../src/config/index.js';
import { treeRssMb } from '../../src/fetch/browser/index.js';
import { startBenchService } from './service.js';
import type { ServiceMemory, ServiceProcessOptions } from './service-process.js';

// PLANS is frozen one level deep; a plan's bucket is its own object. Bench process only.
Object.assign(PLANS.company.burst, { capacity: 1_000_000_000, refillPerMinute: 1_000_000_000 });

const env = JSON.parse(process.env.BENCH_SERVICE_ENV ?? '{}') as Record<string, string>;
const options = JSON.parse(process.env.BENCH_SERVICE_OPTIONS ?? '{}') as ServiceProcessOptions;
const quarry = await startBenchService(env, { worker: options.worker ?? false });

// The service's own memory: this process's RSS plus its browser tree's PSS, read at the same
// instant (the two peak at different times; their sum at one instant is what the machine holds).
const memory: ServiceMemory = { peakMb: 0, nodeMb: 0, browserMb: 0, heapLimitMb: v8.getHeapStatistics().heap_size_limit / 2 ** 20, browser: null };
const sampleMemory = () => {
  // browserPid, not stats(): stats() reads the tree's PSS too (~40 ms of kernel time a read).
  const pid = quarry.runtime.deps.fetcher.browser?.browserPid;
  const nodeMb = process.memoryUsage().rss / 2 ** 20;
  const browserMb = pid ? treeRssMb(pid) : 0;
  if (nodeMb + browserMb > memory.peakMb) Object.assign(memory, { peakMb: nodeMb + browserMb, nodeMb, browserMb });
};
const sampler = options.sampleMemory ? setInterval(sampleMemory, 250) : null;

process.on('message', async (msg: { type: string; id?: number; method?: string; path?: string; body?: unknown }) => {
  if (msg.type === 'api') {
    const res = await quarry.api(msg.method!, msg.path!, msg.body);
    process.send!({ id: msg.id, result: res });
  } else if (msg.type === 'stats') {
    if (sampler) {
      sampleMemory();
      memory.browser = quarry.runtime.deps.fetcher.browser?.stats() ?? null;
    }
    const cpu = process.cpuUsage();
    // Event-loop time so far (busy and idle, ms): a caller diffs two reads for the share of a run the loop was busy.
    const { active: loopBusyMs, idle: loopIdleMs } = performance.eventLoopUtilization();
    const own = { maxRssMb: process.resourceUsage().maxRSS / 1024, rssMb: process.memoryUsage().rss / 2 ** 20, cpuMs: (cpu.user + cpu.system) / 1000, loopBusyMs, loopIdleMs };
    process.send!({ id: msg.id, result: sampler ? { ...own, memory } : own });
  } else if (msg.type === 'stop') {
    if (sampler) clearInterval(sampler);
    await quarry.close();
    process.exit(0);
  }
});
// A bench that dies must not leave the service and its browser running.
process.on('disconnect', () => void quarry.close().finally(() => process.exit(1)));
process.send!({ ready: { base: quarry.base, key: quarry.key, userId: quarry.userId } });
