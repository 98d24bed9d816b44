/**
 * `npm run bench:soak [-- --minutes 30 --monitors 1000]` (issue 28's soak; not in CI; needs
 * PostgreSQL and redis-server like bench:monitors). The bench:monitors deployment
 * (bench/lib/monitor-fleet.ts) kept running for M minutes; every 10 s it samples, for every
 * process of the deployment (2 API, 2 workers, the receiver, Redis), the RSS (/proc/<pid>/status
 * VmRSS), the open file descriptors (/proc/<pid>/fd) and the browser processes below it (any
 * descendant whose command is chrome/chromium/headless_shell). The receiver is killed and
 * restarted once during warm-up (the first third, at least 1 min), which is not judged.
 * After warm-up it compares the mean of the first and the last third of the samples and prints,
 * per process and measure, whether it stayed flat within 10%, grew, or fell (browser processes:
 * no growth); it exits 1 when anything grew more than 10%.
 */
import fs from 'node:fs';
import { MonitorFleet } from './lib/monitor-fleet.js';
import { measure } from './lib/monitor-measure.js';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SAMPLE_MS = 10_000;

function rssKb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}
function fds(pid: number): number | null {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
}
/** Descendants of `pid` that are browsers, from every process's parent in /proc. */
function browsers(pid: number): number {
  const children = new Map<number, number[]>();
  const comm = new Map<number, string>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      comm.set(Number(d), stat.slice(stat.indexOf('(') + 1, close));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      // the process ended while we looked
    }
  }
  let n = 0;
  const stack = [...(children.get(pid) ?? [])];
  while (stack.length) {
    const p = stack.pop()!;
    if (/chrom|headless_shell/i.test(comm.get(p) ?? '')) n++;
    stack.push(...(children.get(p) ?? []));
  }
  return n;
}

const minutes = flag('minutes', 30);
const monitors = flag('monitors', 1000);
console.log(`bench:soak: ${monitors} monitors for ${minutes} min, a sample every ${SAMPLE_MS / 1000} s`);
const fleet = new MonitorFleet({ monitors, verbose: true });
let code = 0;
try {
  await fleet.start();
  const t0 = Date.now();
  const total = minutes * 60_000;
  const warmUp = Math.max(60_000, total / 3);
  const samples: Array<{ at: number; procs: Record<string, { rss: number | null; fds: number | null; browsers: number }> }> = [];
  let receiverRestarted = false;
  while (Date.now() - t0 < total) {
    if (!receiverRestarted && Date.now() - t0 > warmUp / 2) {
      await fleet.receiver.kill('SIGKILL');
      await sleep(5_000);
      await fleet.receiver.start();
      receiverRestarted = true;
      console.log('   receiver SIGKILLed and restarted (during warm-up)');
    }
    const named: Array<[string, number | undefined]> = [
      ...fleet.cluster.apis.map((p, i): [string, number | undefined] => [`api${i + 1}`, p.proc.pid]),
      ...fleet.cluster.workers.map((p, i): [string, number | undefined] => [`worker${i + 1}`, p.proc.pid]),
      ['receiver', fleet.receiver.proc?.pid],
      ['redis', fleet.cluster.redis['proc']?.pid ?? undefined],
    ];
    const procs: (typeof samples)[number]['procs'] = {};
    for (const [name, pid] of named) if (pid) procs[name] = { rss: rssKb(pid), fds: fds(pid), browsers: browsers(pid) };
    samples.push({ at: Date.now() - t0, procs });
    await sleep(SAMPLE_MS);
  }
  const judged = samples.filter((s) => s.at >= warmUp);
  if (judged.length < 3) throw new Error(`only ${judged.length} samples after warm-up: run longer`);
  const third = Math.max(1, Math.floor(judged.length / 3));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log(`   ${samples.length} samples, ${judged.length} after a warm-up of ${(warmUp / 1000).toFixed(0)} s; first vs last third of them:`);
  for (const name of Object.keys(judged[0].procs)) {
    const parts: string[] = [];
    for (const measureName of ['rss', 'fds', 'browsers'] as const) {
      const series = judged.map((s) => s.procs[name]?.[measureName] ?? 0);
      const a = mean(series.slice(0, third));
      const b = mean(series.slice(-third));
      // Flat: within 10% either way. Falling further (a GC settling after warm-up) is reported but is no growth.
      const change = a === 0 ? (b === 0 ? 0 : Infinity) : b / a - 1;
      const grew = measureName === 'browsers' ? b > a : change > 0.1;
      const flat = measureName === 'browsers' ? b <= a : Math.abs(change) <= 0.1;
      if (grew) code = 1;
      const unit = measureName === 'rss' ? ` MB` : '';
      const show = (v: number) => (measureName === 'rss' ? (v / 1024).toFixed(1) : v.toFixed(1));
      parts.push(`${measureName} ${show(a)}${unit} -> ${show(b)}${unit} ${flat ? 'flat' : grew ? 'GREW' : 'fell'}${a ? ` (${((b / a - 1) * 100).toFixed(1)}%)` : ''}`);
    }
    console.log(`   ${name}: ${parts.join('; ')}`);
  }
  const cutoff = new Date();
  for (let i = 0; i < 600; i++) {
    const behind = await fleet.cluster.testDb.db.kysely.selectFrom('monitors').select((eb) => eb.fn.countAll<number>().as('n')).where('paused', '=', 0).where('next_run_at', '<=', cutoff.toISOString()).executeTakeFirstOrThrow();
    if (Number(behind.n) === 0) break;
    await sleep(500);
  }
  await fleet.stopScheduling();
  await fleet.drain(600_000);
  const f = await measure(fleet, cutoff);
  console.log(f.line);
  console.log(`soak: ${code === 0 ? 'no process grew more than 10% after warm-up (RSS, fds), no browser-process growth' : 'some process GREW more than 10% (see above)'}`);
  if (f.lostTotal > 0 || f.duplicatedRuns > 0) code = 1;
} catch (err) {
  console.error(err);
  code = 1;
} finally {
  await fleet.close();
}
process.exit(code);
