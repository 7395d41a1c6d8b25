import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * bbpPairings, the Swiss pairing engine lichess uses, as an outside oracle for tests and benchmarks:
 * found in the developers' `shared/tools/bbpPairings/` beside the checkout or one of its parents
 * (a worktree sits deeper than the main checkout), or where HEXARENA_BBPPAIRINGS points.
 */
const RELATIVE = path.join('shared', 'tools', 'bbpPairings', 'bbpPairings');

function locate(): string | null {
  const set = process.env.HEXARENA_BBPPAIRINGS;
  if (set) return existsSync(set) ? set : null;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, RELATIVE);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** The tool's path, or null where it is missing. */
export const BBP_PAIRINGS: string | null = locate();

/** What a test says when it skips for want of the tool. */
export const BBP_MISSING = `bbpPairings not found (looked for ${RELATIVE} beside the checkout and its parents; set HEXARENA_BBPPAIRINGS): SKIPPED`;

function tool(): string {
  if (BBP_PAIRINGS === null) throw new Error(BBP_MISSING);
  return BBP_PAIRINGS;
}

function inTemporaryFolder<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'bbp-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A random tournament of the tool's generator (its finished rounds), as the TRF text it writes;
 * `config` sets the generator's parameters (`PlayersNumber`, `RoundsNumber`, `ForfeitRate`…).
 */
export function generateTournament(seed: number, config: Readonly<Record<string, number>> = {}): string {
  return inTemporaryFolder((dir) => {
    const file = path.join(dir, 'random.trf');
    const configFile = path.join(dir, 'generator.txt');
    const settings = Object.entries(config).map(([key, value]) => `${key}=${value}\n`);
    if (settings.length > 0) writeFileSync(configFile, settings.join(''));
    const args = ['--dutch', '-g', ...(settings.length > 0 ? [configFile] : []), '-o', file, '-s', String(seed)];
    const run = spawnSync(tool(), args, { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`bbpPairings -g -s ${seed} failed (${run.status}): ${run.stderr}`);
    return readFileSync(file, 'utf8');
  });
}

/**
 * Whether the tool accepts a TRF and finds its recorded pairings as the Dutch system makes them (`-c`).
 * The tool exits 0 even where a round differs (it prints its pairing beside the file's under
 * "Checker pairings"), so the verdict reads its output too.
 */
export function checkTournament(trf: string): { readonly ok: boolean; readonly output: string } {
  return inTemporaryFolder((dir) => {
    const file = path.join(dir, 'check.trf');
    writeFileSync(file, trf);
    const run = spawnSync(tool(), ['--dutch', file, '-c'], { encoding: 'utf8' });
    const output = `${run.stdout}${run.stderr}`.trim();
    return { ok: run.status === 0 && !output.includes('Checker pairings'), output };
  });
}

/** The tool's pairing of the next round: [white, black] start ranks, black 0 for the bye; null when it finds none. */
export function pairNextRound(trf: string): { readonly pairs: [number, number][] | null; readonly output: string; readonly ms: number } {
  return inTemporaryFolder((dir) => {
    const input = path.join(dir, 'in.trf');
    const output = path.join(dir, 'pairs.txt');
    writeFileSync(input, trf);
    const started = performance.now();
    const run = spawnSync(tool(), ['--dutch', input, '-p', output], { encoding: 'utf8' });
    const ms = performance.now() - started;
    const said = `${run.stdout}${run.stderr}`.trim();
    if (run.status !== 0) return { pairs: null, output: said, ms };
    const lines = readFileSync(output, 'utf8')
      .trim()
      .split(/\r?\n|\r/);
    const pairs = lines.slice(1).map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
    return { pairs, output: said, ms };
  });
}
