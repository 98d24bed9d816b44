/**
 * The browser's processes as Linux shows them in /proc: the tree under one pid (Chromium's
 * zygotes, renderers and utilities are children of the browser process), its resident memory,
 * and a hard kill of the whole tree. Used to enforce the memory limit, to kill a hung browser,
 * and by tests that count what is left behind. Elsewhere than Linux these answer "nothing".
 */
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
