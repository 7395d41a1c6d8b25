import { readdirSync, readFileSync } from 'node:fs';
import type { CpuMeter } from './load-window.ts';

/** What load runs cost, read from /proc: CPU time of processes (Linux; NaN elsewhere). */

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), or null when gone. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU seconds process `pid` has used so far, user and system (its own, not its children's). */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS : Number.NaN;
}

/** The CPU one process uses from the meter's start. */
export const processMeter =
  (pid: number): CpuMeter =>
  () => {
    const before = cpuSeconds(pid);
    return () => cpuSeconds(pid) - before;
  };

/**
 * Every process on this machine with its parent, and the CPU seconds it and its reaped children have
 * used (user and system, `cutime`/`cstime` included).
 */
function processes(): { pid: number; ppid: number; cpuWithChildren: number }[] {
  const found: { pid: number; ppid: number; cpuWithChildren: number }[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const fields = statFields(Number(d));
    if (fields)
      found.push({
        pid: Number(d),
        ppid: Number(fields[1]),
        cpuWithChildren: [11, 12, 13, 14].reduce((n, i) => n + Number(fields[i]), 0) / TICKS,
      });
  }
  return found;
}

/**
 * The processes of the PostgreSQL server listening on `port`: its postmaster (started with `-p port`)
 * and every process it forked (backends, writers). Other PostgreSQL servers on the machine (other
 * test runs) are not counted.
 */
export function postgresPids(port: number): number[] {
  const all = processes();
  const masters = all.filter(({ pid }) => {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const p = argv.indexOf('-p');
      return argv[0]?.endsWith('/postgres') === true && p >= 0 && argv[p + 1] === String(port);
    } catch {
      return false;
    }
  });
  const ids = new Set(masters.map((m) => m.pid));
  return all.filter(({ pid, ppid }) => ids.has(pid) || ids.has(ppid)).map(({ pid }) => pid);
}

/**
 * The CPU of the PostgreSQL server on `port` from the meter's start: backends started meanwhile are
 * counted whole, those that ended meanwhile are lost (the server keeps its pool open through a run).
 */
export const postgresMeter =
  (port: number): CpuMeter =>
  () => {
    const before = new Map(postgresPids(port).map((pid) => [pid, cpuSeconds(pid)]));
    return () => postgresPids(port).reduce((n, pid) => n + ((cpuSeconds(pid) || 0) - (before.get(pid) ?? 0)), 0);
  };

/**
 * CPU seconds of every process descended from this one (a browser it launched, with its zygotes and
 * renderers), those already ended included: a process's children, once reaped, are counted in its
 * own `cutime`/`cstime`, and a browser's renderers are reaped by its processes, which live on.
 */
export function descendantsCpuSeconds(root = process.pid): number {
  const all = new Map(processes().map((p) => [p.pid, p]));
  const under = (pid: number): boolean => {
    for (let p = all.get(pid)?.ppid; p !== undefined && p > 1; p = all.get(p)?.ppid) if (p === root) return true;
    return false;
  };
  let seconds = 0;
  for (const { pid, cpuWithChildren } of all.values()) if (under(pid)) seconds += cpuWithChildren;
  return seconds;
}

/**
 * CPU seconds all cores have been busy since boot: /proc/stat's first line, its first eight fields (the
 * guest ones are inside `user` already) less idle and iowait; NaN off Linux.
 */
export function machineCpuSeconds(): number {
  try {
    const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] as string).trim().split(/\s+/);
    const n = ticks.map(Number);
    const idle = (n[3] ?? 0) + (n[4] ?? 0);
    return (n.slice(0, 8).reduce((a, b) => a + b, 0) - idle) / TICKS;
  } catch {
    return Number.NaN;
  }
}
