import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { parseRecord } from '@hexarena/engines/engine/record.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { type MineSource, minePuzzles, puzzleGameOf, selfPlayGames } from '../../puzzles/mine.ts';
import { recordOf } from '../../server/records.ts';
import { SQLITE_FILE, SqliteStore } from '../../server/sqlite-store.ts';
import type { GameStore } from '../../server/store.ts';
import { displayPath, readSmallFile } from '../files.ts';
import { type CliIo, formatCount, UsageError } from '../io.ts';
import { progressBar } from '../progress.ts';

export interface PuzzleMineFlags {
  readonly records?: readonly string[];
  readonly selfPlay?: number;
  /** A server's data folder (its SQLite store), whose finished games are mined. */
  readonly store?: string;
  /** A server's PostgreSQL store, likewise. */
  readonly db?: string;
  readonly seed: string;
  readonly turns?: number;
  readonly lastPlies: number;
  readonly budget: number;
  readonly out: string;
}

/**
 * The most of the solver's turns proved by default, by game: what a proof of every defence allows
 * in well under a second a position here (Hive at 3 turns takes 0.4 s a position; Nonaga, whose
 * turn is a slide and a disc, runs past the budget at 2).
 */
export const DEFAULT_TURNS: Readonly<Record<string, number>> = { hive: 2, hex: 2, nonaga: 1 };

/**
 * `hexarena puzzles mine <game>`: puzzles from finished games (record files, self-play of the
 * deterministic levels, or both), written as JSON; the figures, puzzles per CPU-hour among them, to stdout.
 */
export async function puzzleMineCommand(io: CliIo, gameId: string, flags: PuzzleMineFlags): Promise<void> {
  const found = findGame(gameId);
  if (!found.ok) throw new UsageError(found.error.message);
  const game: AnyGame = found.value;
  const minable = puzzleGameOf(game);
  if (!minable)
    throw new UsageError(
      `${game.id} has no puzzles: its positions cannot be proved by search (${game.stochastic ? 'dice decide' : 'no in-place search'})`,
    );
  if (!flags.records?.length && !flags.selfPlay && !flags.store && !flags.db)
    throw new UsageError('say where the games come from: --records FILE…, --self-play N, --store DIR and/or --db URL');
  const turns = flags.turns ?? DEFAULT_TURNS[game.id] ?? 2;

  const sources: MineSource[] = [];
  for (const file of flags.records ?? []) {
    const parsed = parseRecord(JSON.parse(readSmallFile(io, file, 'record')) as unknown);
    if (!parsed.ok) throw new UsageError(`${file}: ${parsed.error.message}`);
    sources.push({ record: parsed.value, source: displayPath(io, file) });
  }
  if (flags.selfPlay) {
    const bar = progressBar(io, `${game.id} self-play`);
    const played = await selfPlayGames(game, flags.selfPlay, flags.seed, (done, total) => bar.update(done, total));
    bar.finish();
    for (const [i, record] of played.entries()) sources.push({ record, source: `self-play ${flags.seed} game ${i + 1}` });
  }

  if (flags.store || flags.db) sources.push(...(await serverGames(io, game, flags)));

  const bar = progressBar(io, `${game.id} puzzles`);
  const cpu = process.cpuUsage();
  const report = minePuzzles(minable, sources, {
    turns,
    lastPlies: flags.lastPlies,
    budget: flags.budget,
    onProgress: (done, total) => bar.update(done, total),
  });
  bar.finish();
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  for (const why of report.refused) io.stderr(`skipped ${why}\n`);
  const out = path.resolve(io.cwd, flags.out);
  await writeFile(out, `${JSON.stringify({ game: game.id, turns, puzzles: report.puzzles }, null, 2)}\n`);
  const perHour = cpuSeconds > 0 ? Math.round((report.puzzles.length / cpuSeconds) * 3600) : 0;
  io.stdout(
    `${formatCount(report.puzzles.length)} puzzles (a unique win within ${turns} turns) from ${formatCount(report.positions)} positions of ${formatCount(sources.length - report.refused.length)} games; ` +
      `${formatCount(report.several)} had several winning moves, ${formatCount(report.unknown)} ran past the budget; ` +
      `${cpuSeconds.toFixed(1)} CPU-s of proof (${formatCount(report.nodes)} positions searched): ${formatCount(perHour)} puzzles per CPU-hour. Written to ${displayPath(io, out)}\n`,
  );
}

/** A server's finished games of `game` as records, read a page at a time from its store. */
async function serverGames(io: CliIo, game: AnyGame, flags: Pick<PuzzleMineFlags, 'store' | 'db'>): Promise<MineSource[]> {
  let store: GameStore;
  if (flags.db) {
    if (!/^postgres(ql)?:\/\//.test(flags.db))
      throw new UsageError(`--db: expected a postgres://… address, got "${flags.db.slice(0, 80)}"`);
    const { PgStore } = await import('../../server/pg-store.ts');
    store = await PgStore.open(flags.db).catch((e: unknown) => {
      throw new UsageError(`--db: cannot open the PostgreSQL store: ${e instanceof Error ? e.message : String(e)}`);
    });
  } else {
    const dir = path.resolve(io.cwd, flags.store as string);
    // A folder without a store is a mistake, not an empty server: opening would make one there.
    if (!existsSync(path.join(dir, SQLITE_FILE)))
      throw new UsageError(`--store: ${displayPath(io, dir)} holds no server data (${SQLITE_FILE})`);
    store = SqliteStore.inFolder(dir);
  }
  const sources: MineSource[] = [];
  try {
    const bar = progressBar(io, `${game.id} server games`);
    let after: string | null = null;
    for (;;) {
      const page = await store.archive.finished(game.id, after, 500);
      if (page.length === 0) break;
      for (const stored of page) {
        const record = recordOf(stored);
        if (record.ok) sources.push({ record: record.value, source: `server game ${stored.id}` });
        else io.stderr(`skipped server game ${stored.id}: ${record.error.message}\n`);
      }
      after = page[page.length - 1]?.id ?? null;
      bar.update(sources.length, sources.length);
    }
    bar.finish();
  } finally {
    await store.close();
  }
  return sources;
}
