import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { BBP_MISSING, BBP_PAIRINGS, generateTournament, pairNextRound } from '../scripts/bbp-pairings.ts';
import { type ArenaPlayer, pairArenaTables, pairArenaWave } from '../src/tournaments/arena.ts';
import { formatPairings, pairRound } from '../src/tournaments/swiss-dutch.ts';
import { formatTrf, parseTrf, pointsOf, type Tournament } from '../src/tournaments/trf.ts';
import { maximumWeightMatching, type WeightedEdge } from '../src/tournaments/weighted-matching.ts';

/** Free players as an arena has them mid-way: scores of a few games, ratings of a site, most with a last opponent. */
function freePlayers(n: number, seed: string): ArenaPlayer[] {
  const rng = Rng.fromSeed(seed);
  return Array.from({ length: n }, (_, i) => {
    const p = { id: `p${i}`, score: rng.int(40), rating: Math.round(700 + ((rng.next() + rng.next() + rng.next()) / 3) * 1600) };
    return rng.next() < 0.9 ? { ...p, lastOpponent: `p${rng.int(n)}` } : p;
  });
}

/**
 * What pairing a tournament costs: one arena wave of 1,000 free players (the issue asks under
 * 100 ms on this machine). Anchor: sorting the same players by score and rating, the least any
 * pairing by standings must do.
 */
export async function benchTournaments(): Promise<void> {
  console.log('\ntournaments');
  const n = 1000;
  const players = freePlayers(n, 'bench');
  const sortRounds = 50;
  let t = performance.now();
  for (let i = 0; i < sortRounds; i++) [...players].sort((a, b) => b.score - a.score || b.rating - a.rating);
  const sortMs = (performance.now() - t) / sortRounds;
  pairArenaWave(players); // warm up
  const waves = 10;
  let pairs = 0;
  t = performance.now();
  for (let i = 0; i < waves; i++) pairs = pairArenaWave(players).length;
  const waveMs = (performance.now() - t) / waves;
  console.log(
    `  an arena wave of ${n.toLocaleString('en')} free players: ${waveMs.toFixed(1)} ms, ${pairs} pairs — sorting them ${sortMs.toFixed(2)} ms (anchor), ${(waveMs / sortMs).toFixed(0)}×`,
  );
  // A DiceWars arena's wave: the same players at tables of four, each having sat with three others last.
  const seated = players.map((p, i) => ({ ...p, lastTable: new Set([`p${(i + 1) % n}`, `p${(i + 7) % n}`, `p${(i * 13) % n}`]) }));
  pairArenaTables(seated, 4);
  let tables = 0;
  t = performance.now();
  for (let i = 0; i < waves; i++) tables = pairArenaTables(seated, 4).length;
  const tablesMs = (performance.now() - t) / waves;
  console.log(
    `  a DiceWars arena's wave of ${n.toLocaleString('en')} at tables of four: ${tablesMs.toFixed(1)} ms, ${tables} tables — ${(tablesMs / sortMs).toFixed(0)}× the sort`,
  );
  benchSwiss();
}

/**
 * A 9-round Swiss of bbpPairings's generator, 100 and 500 players (the issue asks a round of 500
 * under 2 s): round 9 paired from the first 8 by bbpPairings (its own process, files included)
 * and by hexarena's Dutch system in this process, the two pairings compared; each timed by the
 * clock and by the CPU it used (on a machine shared with other work the CPU time is the steadier
 * figure), with the load average beside them; and hexarena's TRF reading and writing of the file.
 */
export function benchSwiss(): void {
  if (BBP_PAIRINGS === null) {
    console.log(`  the Swiss beside bbpPairings: ${BBP_MISSING}`);
    return;
  }
  for (const players of [100, 500]) benchSwissRound(players, BBP_PAIRINGS);
  for (const seed of swissSeeds()) benchSwissRounds(500, seed);
}

/**
 * More 500-player Swisses timed round by round, by the generator's seed: 9 is one whose middle
 * rounds were the slowest seen (2.5–2.9 s of CPU before the matching's weights left BigInt).
 * `HEXARENA_BENCH_SWISS_SEEDS=9,21,…` names others.
 */
function swissSeeds(): number[] {
  const set = process.env.HEXARENA_BENCH_SWISS_SEEDS;
  if (!set) return [9, 21];
  const seeds = set.split(',').map(Number);
  if (seeds.some((s) => !Number.isInteger(s) || s < 0))
    throw new Error(`HEXARENA_BENCH_SWISS_SEEDS: integers ≥ 0 apart by commas, not ${set}`);
  return seeds;
}

function benchSwissRounds(players: number, seed: number): void {
  const full = unwrap(parseTrf(generateTournament(seed, { PlayersNumber: players, RoundsNumber: 9 })));
  printRounds(`a Swiss of ${full.players.length} players, seed ${seed}`, roundsCpuMs(full));
}

function printRounds(what: string, rounds: readonly { round: number; cpu: number; same: boolean }[]): void {
  const worst = Math.max(...rounds.map((r) => r.cpu));
  console.log(
    `    ${what}: hexarena's CPU by round (load average ${(loadavg()[0] as number).toFixed(1)}): ${rounds.map((r) => `${r.round}: ${r.cpu.toFixed(0)} ms${r.same ? '' : ' (A DIFFERENT PAIRING)'}`).join(', ')}; the worst ${worst.toFixed(0)} ms${worst < 2000 ? '' : ' — OVER the 2 s of issue 48'}`,
  );
}

/** The CPU (user and system) bbpPairings spends pairing the next round of `trf`, read from the shell's `times`; null if unreadable. */
function toolCpuMs(tool: string, trf: string): number | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-bench-'));
  try {
    const input = path.join(dir, 'in.trf');
    writeFileSync(input, trf);
    const run = spawnSync('sh', ['-c', '"$0" --dutch "$1" -p "$2" >/dev/null 2>&1; times', tool, input, path.join(dir, 'pairs.txt')], {
      encoding: 'utf8',
    });
    // The second line of `times`: the children's user and system time, as "0m3.470s 0m0.020s".
    const children = run.stdout
      .trim()
      .split('\n')[1]
      ?.match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/);
    if (!children) return null;
    const [, um, us, sm, ss] = children.map(Number) as [number, number, number, number, number];
    return (um * 60 + us + sm * 60 + ss) * 1000;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The anchor a round is measured beside in the same run: the CPU of one maximum-weight matching
 * from scratch on as many vertices, a complete graph of weights as wide as the Dutch system's
 * (hundreds of bits, few distinct high parts, so ties and blossoms). The pairing of a round fixes
 * a few hundred decisions, and each was such a matching before the matching was kept between them.
 */
function scratchMatchingCpuMs(vertices: number): number {
  const rng = Rng.fromSeed(`matching-${vertices}`);
  const edges: WeightedEdge[] = [];
  for (let a = 0; a < vertices; a++)
    for (let b = a + 1; b < vertices; b++)
      if (rng.int(8) > 0)
        edges.push({ a, b, weight: (BigInt(1 + rng.int(4)) << 600n) + (BigInt(rng.int(64)) << 300n) + BigInt(rng.int(1000)) });
  const cpu = process.cpuUsage();
  maximumWeightMatching(vertices, edges);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000;
}

function benchSwissRound(players: number, tool: string): void {
  const full = unwrap(parseTrf(generateTournament(players, { PlayersNumber: players, RoundsNumber: 9 })));
  const eight: Tournament = {
    ...full,
    totalRounds: 9,
    players: full.players.map((p) => {
      const rounds = p.rounds.slice(0, 8);
      return { ...p, rounds, points: pointsOf({ ...p, rounds }, full.points), place: null };
    }),
  };
  const text = formatTrf(eight);
  const reads = 20;
  let t = performance.now();
  for (let i = 0; i < reads; i++) formatTrf(unwrap(parseTrf(text)));
  const trfMs = (performance.now() - t) / reads;
  const load = loadavg()[0] as number;
  const toolRun = pairNextRound(text);
  const toolCpu = toolCpuMs(tool, text);
  const cpu = process.cpuUsage();
  t = performance.now();
  const ours = unwrap(pairRound(unwrap(parseTrf(text)), 9));
  const oursMs = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const oursCpu = (used.user + used.system) / 1000;
  const same =
    toolRun.pairs !== null &&
    formatPairings(ours).trim().split('\n').slice(1).join(' ') === toolRun.pairs.map((p) => p.join(' ')).join(' ');
  const cpuOf = (ms: number | null) => (ms === null ? 'CPU unread' : `${ms.toFixed(0)} ms CPU`);
  const rounds = roundsCpuMs(full);
  const scratchCpu = scratchMatchingCpuMs(full.players.length);
  console.log(
    `  a Swiss of ${full.players.length} players, round 9 from 8 (load average ${load.toFixed(1)}): hexarena ${oursMs.toFixed(0)} ms (${cpuOf(oursCpu)}), bbpPairings ${toolRun.ms.toFixed(0)} ms (${cpuOf(toolCpu)}; its process and files) — ${(oursMs / toolRun.ms).toFixed(1)}× by the clock${toolCpu ? `, ${(oursCpu / toolCpu).toFixed(1)}× by CPU` : ''}; ${ours.pairs.length} pairs, ${same ? 'the same pairing' : 'A DIFFERENT PAIRING'}; hexarena reads and writes the TRF in ${trfMs.toFixed(1)} ms; anchor: one matching from scratch of ${full.players.length} vertices ${scratchCpu.toFixed(0)} ms CPU, the round ${(oursCpu / scratchCpu).toFixed(1)} of them`,
  );
  printRounds('every round of it', rounds);
}

/**
 * hexarena's CPU for each round from 2 of a generated tournament, paired from the rounds before it
 * and compared with the round the generator (bbpPairings) recorded: the worst round is the figure
 * the issue's 2 s is about, and it is not always the last (a field's early rounds hold larger
 * score groups).
 */
function roundsCpuMs(full: Tournament): { round: number; cpu: number; same: boolean }[] {
  const last = Math.max(...full.players.map((p) => p.rounds.length));
  const out: { round: number; cpu: number; same: boolean }[] = [];
  for (let round = 2; round <= last; round++) {
    const cpu = process.cpuUsage();
    const ours = unwrap(pairRound({ ...full, totalRounds: last }, round));
    const used = process.cpuUsage(cpu);
    const recorded = new Set(
      full.players.flatMap((p) => {
        const r = p.rounds[round - 1];
        return r?.colour === 'w' && r.opponent ? [`${p.startRank} ${r.opponent}`] : [];
      }),
    );
    const same = ours.pairs.length === recorded.size && ours.pairs.every((x) => recorded.has(`${x.white} ${x.black}`));
    out.push({ round, cpu: (used.user + used.system) / 1000, same });
  }
  return out;
}
