#!/usr/bin/env node
// The CPU seconds a run of test files costs, every process of it counted:
//   node scripts/test-cpu.mjs src/web/e2e.test.ts [more files]
// `/usr/bin/time -v npx vitest run <file>` counts only the processes whose parents waited for them,
// and chromium's renderers are not among them: its zygote leaves them to init when the browser
// closes, so their CPU never reaches the run's account. For src/web/e2e.test.ts time counted 32 s,
// and the renderers alone had spent 38 s. Here /proc is read every quarter second for the run's
// processes (vitest's, the servers and databases it starts, chromium's), each process's CPU as last
// read is summed, and the sum is given by kind of process. A process that lives less than a quarter
// second is missed (a few hundredths of a second each). Linux only.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node scripts/test-cpu.mjs <test file>...');
  process.exit(2);
}

const TICKS = 100; // USER_HZ: Linux reports CPU time in hundredths of a second
const PERIOD_MS = 250;

/** Every process now: its parent, its CPU seconds so far, its command line. */
function processes() {
  const all = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command's name is in brackets and may hold spaces: the fields are counted after it.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      all.set(Number(name), { parent: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return all;
}

function commandOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

/** A process's kind, for the account: chromium's by its --type, a database, vitest, a server, other. */
function kindOf(command) {
  if (/chromium/.test(command) || /--type=utility/.test(command)) {
    const type = /--type=([\w-]+)/.exec(command)?.[1];
    return type === undefined ? 'chromium browser' : `chromium ${type}`;
  }
  if (/postgres|initdb|pg_ctl/.test(command)) return 'postgres';
  if (/redis/.test(command)) return 'redis';
  if (/vitest/.test(command)) return 'vitest';
  if (/\bserve\b/.test(command)) return 'servers';
  return 'other';
}

const seen = new Map(); // pid → { cpu, kind }
const child = spawn('npx', ['vitest', 'run', ...files], { stdio: 'inherit' });
const started = Date.now();

function sample() {
  const all = processes();
  const children = new Map();
  for (const [pid, p] of all) children.set(p.parent, [...(children.get(p.parent) ?? []), pid]);
  const stack = [child.pid];
  while (stack.length > 0) {
    const pid = stack.pop();
    const p = all.get(pid);
    if (p !== undefined) {
      const known = seen.get(pid) ?? { cpu: 0, kind: kindOf(commandOf(pid)) };
      known.cpu = Math.max(known.cpu, p.cpu);
      seen.set(pid, known);
    }
    stack.push(...(children.get(pid) ?? []));
  }
}

const timer = setInterval(sample, PERIOD_MS);
sample();
child.on('exit', (code) => {
  clearInterval(timer);
  const byKind = new Map();
  for (const { cpu, kind } of seen.values()) {
    const k = byKind.get(kind) ?? { cpu: 0, count: 0 };
    k.cpu += cpu;
    k.count += 1;
    byKind.set(kind, k);
  }
  const total = [...byKind.values()].reduce((sum, k) => sum + k.cpu, 0);
  console.log(`\nCPU of ${files.join(' ')}: ${total.toFixed(1)} s in ${((Date.now() - started) / 1000).toFixed(0)} s of wall time`);
  for (const [kind, k] of [...byKind].sort((a, b) => b[1].cpu - a[1].cpu))
    console.log(`  ${k.cpu.toFixed(1).padStart(7)} s  ${kind} (${k.count} process${k.count === 1 ? '' : 'es'})`);
  process.exit(code ?? 1);
});
