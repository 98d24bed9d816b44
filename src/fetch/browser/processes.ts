/**
 * The browser's processes as Linux shows them in /proc: the tree under one pid (Chromium's
 * zygotes, renderers and utilities are children of the browser process), its resident memory,
 * and a hard kill of the whole tree. Used to enforce the memory limit, to kill a hung browser,
 * and by tests that count what is left behind. Elsewhere than Linux these answer "nothing".
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

interface ProcEntry {
  pid: number;
  ppid: number;
}

function readProcs(): ProcEntry[] {
  let names: string[];
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const out: ProcEntry[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Field 2 (comm) may hold spaces and parentheses: the ppid is the 2nd field after the last ')'.
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.push({ pid: Number(name), ppid: Number(rest[1]) });
    } catch {
      // The process ended while we were reading.
    }
  }
  return out;
}

/** Every live descendant of `root` (not `root` itself). */
export function descendantPids(root: number): number[] {
  const procs = readProcs();
  const children = new Map<number, number[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const out: number[] = [];
  const stack = [...(children.get(root) ?? [])];
  while (stack.length) {
    const pid = stack.pop()!;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Descendants of `root` whose command line names `needle` (e.g. the browser executable). */
export function descendantsRunning(root: number, needle: string): number[] {
  return descendantPids(root).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle);
    } catch {
      return false;
    }
  });
}

/** Proportional set size (shared pages split between their users), else the plain RSS. */
function rssKb(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    if (m) return Number(m[1]);
  } catch {
    // No smaps_rollup (old kernel, other user): fall back to VmRSS.
  }
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Resident memory (PSS) of `pid` and all its descendants, in MB. */
export function treeRssMb(pid: number): number {
  return Math.round([pid, ...descendantPids(pid)].reduce((sum, p) => sum + rssKb(p), 0) / 1024);
}

/** SIGKILL `pid` and every descendant; children first are collected before the parent dies. */
export function killTree(pid: number): void {
  for (const p of [...descendantPids(pid), pid]) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Direct children of `root` whose command line names `needle`. */
export function childrenRunning(root: number, needle: string): number[] {
  return readProcs()
    .filter((p) => p.ppid === root)
    .map((p) => p.pid)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle);
      } catch {
        return false;
      }
    });
}

/** The process group of `pid` (field 5 of /proc/<pid>/stat), or null. */
export function processGroup(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) || null;
  } catch {
    return null;
  }
}

export interface Reaper {
  /** The owner closed the browser itself: the watchdog goes. */
  stop(): void;
}

/**
 * A watchdog that outlives its owner: a detached shell that checks every second whether
 * `owner` lives and, once it is gone, SIGKILLs the browser's process group (Playwright starts
 * the browser as the leader of a group of its own; its zygotes, renderers and utilities are
 * in it). Node's exit hooks do not run when the service is SIGKILLed or crashes hard, and
 * Chromium does not exit when its DevTools pipe closes: without this, its dozen processes
 * would live on under init.
 */
export function startReaper(owner: number, browserPid: number): Reaper | null {
  if (process.platform !== 'linux' || processGroup(browserPid) !== browserPid) return null;
  const script = `while kill -0 ${owner} 2>/dev/null; do sleep 1; done; kill -9 -${browserPid} 2>/dev/null`;
  let child;
  try {
    child = spawn('/bin/sh', ['-c', script], { detached: true, stdio: 'ignore' });
  } catch {
    return null;
  }
  child.on('error', () => {});
  child.unref();
  return {
    stop() {
      // The watchdog leads a group of its own (detached): its `sleep` goes with it.
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
  };
}
