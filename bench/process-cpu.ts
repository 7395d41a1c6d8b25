import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (user + system) of a running process and all its descendants, from Linux's /proc, in ms;
 * null where there is no /proc. On a shared machine CPU time is the steadier figure: wall-clock
 * time counts the moments the process waited for a core.
 */
export function processTreeCpuMs(pid: number): number | null {
  try {
    return treeTicks(pid) * (1000 / CLOCK_TICKS);
  } catch {
    return null;
  }
}

/** Linux reports times in USER_HZ ticks, 100 a second on every architecture Node runs on. */
const CLOCK_TICKS = 100;

function treeTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, in parentheses): utime is the 14th field, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let ticks = Number(fields[11]) + Number(fields[12]);
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue; // a thread that ended in between
    }
    for (const child of children.split(' ')) if (child.trim() !== '') ticks += treeTicks(Number(child));
  }
  return ticks;
}

/** This process's own CPU time in ms (all its threads: the JIT's and the collector's too). */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
