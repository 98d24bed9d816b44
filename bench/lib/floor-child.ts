/**
 * The floor of bench:execute: the bare job (bench/lib/bare-books.ts) behind one Fastify route,
 * in its own process, with nothing else: no logging, auth, limits, credits, database or
 * recipe. It pays the one cost any service pays and the bare loop does not, the extra HTTP
 * hop from caller to server (and its process), so its ratio to the bare loop is the best a
 * service can score on this machine. Talks to the bench over IPC: `ready` with its address,
 * `stats` with its CPU and event-loop time.
 *
 * `POST /spin?us=N` is the idle-caller probe: it does no job, only holds the CPU for N us and
 * answers the same eight books (read once at start, so the answer has the same size). A caller
 * that waits N us for it pays this machine's cost of waking a thread that idled that long; with
 * N the bare job's time, its ratio is what a server with no cost at all beyond the hop could
 * score here (see docs/hardening.md, "The idle caller's wake-up").
 */
import Fastify from 'fastify';
import { Agent } from 'undici';
import { bareBooks } from './bare-books.js';

const siteUrl = process.env.BENCH_SITE_URL!;
const agent = new Agent({ connections: 64 });
const app = Fastify({ logger: false });
app.post('/books', async () => bareBooks(siteUrl, agent));
const sameAnswer = await bareBooks(siteUrl, agent);
app.post<{ Querystring: { us?: string } }>('/spin', async (req) => {
  const until = performance.now() + Number(req.query.us ?? 0) / 1000;
  while (performance.now() < until); // holding the CPU is the point: no idle time on this side
  return sameAnswer;
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });

process.on('message', async (msg: { type: string; id?: number }) => {
  if (msg.type === 'stats') {
    const cpu = process.cpuUsage();
    const { active: loopBusyMs, idle: loopIdleMs } = performance.eventLoopUtilization();
    process.send!({ id: msg.id, result: { cpuMs: (cpu.user + cpu.system) / 1000, loopBusyMs, loopIdleMs } });
  } else if (msg.type === 'stop') {
    await app.close();
    await agent.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(1));
process.send!({ ready: { base } });
