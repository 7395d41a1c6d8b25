import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A V8 CPU profile (`node --cpu-prof`) summed by where the time is spent: self time per function
 * (file:line function) and per file, as shares of the busy samples (idle and GC samples apart).
 */
interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
  /** µs on the machine's monotonic clock. */
  readonly startTime: number;
}

export interface SelfTime {
  readonly name: string;
  readonly ms: number;
  readonly share: number;
}

export interface ProfileSummary {
  readonly busyMs: number;
  readonly idleMs: number;
  readonly gcMs: number;
  readonly functions: readonly SelfTime[];
  readonly files: readonly SelfTime[];
}

/** Where `url` is, said short: the project's files from its root, a package by its name, node's own as node:… */
function place(url: string, root: string): string {
  if (url === '') return '(native)';
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const nm = file.lastIndexOf('/node_modules/');
  if (nm >= 0) return file.slice(nm + '/node_modules/'.length);
  return file.startsWith(root) ? path.relative(root, file) : file;
}

/**
 * The summary of the samples taken within `window` (µs on the monotonic clock, as process.hrtime in
 * another process on the same machine: a load run's measuring window), or of all of them.
 */
export function summarizeProfile(profile: Profile, root: string, window?: { fromUs: number; toUs: number }): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // Sample i lasted until the next one: its delta is the time to sample i+1 (V8 gives the time since the previous).
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.fromUs || at >= window.toUs)) continue;
    const id = profile.samples[i] as number;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(id, (self.get(id) ?? 0) + ms);
  }
  const functions = new Map<string, number>();
  const files = new Map<string, number>();
  let idleMs = 0;
  let gcMs = 0;
  let busyMs = 0;
  for (const [id, ms] of self) {
    const frame = (byId.get(id) as ProfileNode).callFrame;
    if (frame.functionName === '(idle)') {
      idleMs += ms;
      continue;
    }
    if (frame.functionName === '(garbage collector)') gcMs += ms;
    busyMs += ms;
    const file = place(frame.url, root);
    // tsx's transpiled sources keep no line numbers of their own (V8 gives the generated code's): a
    // project source is named by file and function only.
    const line = frame.url && !frame.url.endsWith('.ts') ? `:${frame.lineNumber + 1}` : '';
    const name = `${file}${line} ${frame.functionName || '(anonymous)'}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
    files.set(file, (files.get(file) ?? 0) + ms);
  }
  const ranked = (m: Map<string, number>) =>
    [...m].map(([name, ms]) => ({ name, ms, share: busyMs > 0 ? ms / busyMs : 0 })).sort((a, b) => b.ms - a.ms);
  return { busyMs, idleMs, gcMs, functions: ranked(functions), files: ranked(files) };
}

/** One stretch of samples with no idle between them: a task (or tasks back to back) on the thread. */
export interface BusyStretch {
  /** ms from the window's start (or the profile's). */
  readonly atMs: number;
  readonly ms: number;
  /** The functions with most self time in the stretch, as `name ms`. */
  readonly top: readonly string[];
}

/**
 * The `n` longest busy stretches: runs of samples with no `(idle)` between them. A tail latency comes
 * from the longest of them (a move that arrives during one waits for its end), which the per-function
 * totals above cannot show.
 */
export function busyStretches(profile: Profile, root: string, window?: { fromUs: number; toUs: number }, n = 8): BusyStretch[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const stretches: { atUs: number; us: number; self: Map<string, number> }[] = [];
  let current: { atUs: number; us: number; self: Map<string, number> } | null = null;
  let at = profile.startTime;
  const origin = window?.fromUs ?? profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.fromUs || at >= window.toUs)) continue;
    const frame = (byId.get(profile.samples[i] as number) as ProfileNode).callFrame;
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (frame.functionName === '(idle)') {
      if (current) stretches.push(current);
      current = null;
      continue;
    }
    current ??= { atUs: at, us: 0, self: new Map() };
    current.us += us;
    const name = `${place(frame.url, root)} ${frame.functionName || '(anonymous)'}`;
    current.self.set(name, (current.self.get(name) ?? 0) + us);
  }
  if (current) stretches.push(current);
  return stretches
    .sort((a, b) => b.us - a.us)
    .slice(0, n)
    .map((s) => ({
      atMs: (s.atUs - origin) / 1000,
      ms: s.us / 1000,
      top: [...s.self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`),
    }));
}

/** The stretches as lines. */
export function stretchLines(stretches: readonly BusyStretch[]): string[] {
  return [
    `longest busy stretches (no idle sample between; ms, at ms into the window; top self times in ms):`,
    ...stretches.map((s) => `${s.ms.toFixed(1).padStart(7)} ms at ${s.atMs.toFixed(0).padStart(6)}: ${s.top.join(' · ')}`),
  ];
}

export function readProfile(file: string): Profile {
  return JSON.parse(readFileSync(file, 'utf8')) as Profile;
}

/** The summary as lines: the top `n` functions and files by self time. */
export function profileLines(s: ProfileSummary, n = 25): string[] {
  const pct = (x: SelfTime) => `${(x.share * 100).toFixed(1).padStart(5)}%  ${(x.ms / 1000).toFixed(2).padStart(6)} s  ${x.name}`;
  return [
    `busy ${(s.busyMs / 1000).toFixed(2)} s (garbage collector ${((s.gcMs / Math.max(1, s.busyMs)) * 100).toFixed(1)}% of it), idle ${(s.idleMs / 1000).toFixed(2)} s`,
    `top ${n} functions by self time (share of busy time):`,
    ...s.functions.slice(0, n).map(pct),
    `top ${Math.min(n, 15)} files by self time:`,
    ...s.files.slice(0, Math.min(n, 15)).map(pct),
  ];
}

// `npx tsx bench/cpu-profile.ts <file.cpuprofile> [n]`: the summary of a profile taken elsewhere.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const [file, n] = process.argv.slice(2);
  if (!file) {
    console.error('usage: tsx bench/cpu-profile.ts <file.cpuprofile> [top n]');
    process.exit(2);
  }
  const profile = readProfile(file);
  for (const l of profileLines(summarizeProfile(profile, process.cwd() + path.sep), n ? Number(n) : 25)) console.log(l);
  for (const l of stretchLines(busyStretches(profile, process.cwd() + path.sep))) console.log(l);
}
