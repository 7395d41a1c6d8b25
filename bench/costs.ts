import { readdirSync, readFileSync } from 'node:fs';

/** What load runs cost, read from /proc: CPU time of processes (Linux; NaN elsewhere). */

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** CPU seconds process `pid` has used so far, user and system. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return Number.NaN;
  }
}

/** The processes of PostgreSQL's servers on this machine (the postmaster and its backends). */
export function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
}

/** CPU seconds used by `pids` together (processes that ended meanwhile are not counted). */
export const totalCpu = (pids: readonly number[]): number => pids.reduce((n, pid) => n + (cpuSeconds(pid) || 0), 0);
