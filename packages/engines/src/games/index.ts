import type { AnyGame } from '../engine/game.ts';
import { type GameRecord, parseRecord, type Replayed, replay } from '../engine/record.ts';
import { refuse } from '../engine/refusal.ts';
import type { Result } from '../engine/result.ts';
import { dicewars } from './dicewars/index.ts';
import { hex } from './hex/index.ts';
import { hive } from './hive/index.ts';
import { nonaga } from './nonaga/index.ts';
import { tictactoe } from './tictactoe/index.ts';

/** Every game hexarena plays, by id. A new game is one rules module and one line here. */
export const GAMES: readonly AnyGame[] = [dicewars as AnyGame, hive as AnyGame, nonaga as AnyGame, tictactoe as AnyGame, hex as AnyGame];

export function findGame(id: string): Result<AnyGame> {
  const game = GAMES.find((g) => g.id === id.toLowerCase());
  if (game) return { ok: true, value: game };
  const known = GAMES.map((g) => g.id).join(', ');
  return refuse('rules.unknownGame', `unknown game "${id}" (known: ${known})`, { game: id.slice(0, 40), known });
}

/** Checks and replays an untrusted record of any game. */
export function replayRecord(json: unknown): Result<Replayed<unknown, unknown> & { game: AnyGame; record: GameRecord }> {
  const record = parseRecord(json);
  if (!record.ok) return record;
  const game = findGame(record.value.game);
  if (!game.ok) return game;
  const replayed = replay(game.value, record.value);
  if (!replayed.ok) return replayed;
  return { ok: true, value: { ...replayed.value, game: game.value, record: record.value } };
}
