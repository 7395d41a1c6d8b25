import type { AnyGame, Player } from '@hexarena/engines/engine/game.ts';
import { MAX_FORECAST_LINES, MAX_FORECAST_PLIES, type MessageErrorCode } from '@hexarena/engines/protocol/index.ts';
import { judgeSeat, judgeStillPlaying, mayAct } from '../arbiter.ts';
import type { Forecast } from '../stores/forecasts.ts';
import type { Table } from './table.ts';

export type { Forecast };

/**
 * Conditional premoves, lichess's "forecast" for correspondence games: on an opponent's turn a
 * player leaves lines of play — "if they answer e5, I play f6; then if g7, h8" — and the server
 * plays their moves while the game follows one of the lines, so a game of days a move is not held
 * up by replies the player saw coming. A forecast is kept from the ply it was left at, whole: the
 * moves made since then (the opponent's and the player's own) are matched against each line.
 */

/** A forecast asked for or left: the one kept now (no lines: none), or why not. */
export type ForecastAnswer =
  | { readonly ok: true; readonly forecast: Forecast }
  | { readonly ok: false; readonly code: MessageErrorCode; readonly error: string };

/** Why a forecast cannot be left: in words, with its line and move (1-based) where one is to blame. */
export type ForecastRefusal = { readonly code: 'forecast-illegal' | 'forecast-your-turn'; readonly error: string };

/**
 * A forecast asked of `table` for `seat` by the holder of `credential`: refused unless the game is
 * played over days (a clock of days a move) and the credential holds the seat of a player still in it.
 */
export function judgeForecastAsk(table: Table, seat: Player, credential: unknown): { code: MessageErrorCode; error: string } | null {
  const noSeat = judgeSeat(table, seat);
  if (noSeat) return { code: 'malformed', error: noSeat.error };
  if (!mayAct(table, seat, credential)) return { code: 'bad-token', error: `that is not the token of seat ${seat}` };
  if (!table.stored.clock?.perMove)
    return { code: 'not-correspondence', error: 'conditional premoves are for correspondence games (days a move)' };
  const out = judgeStillPlaying(table, seat);
  return out ? { code: 'forecast-illegal', error: out.error } : null;
}

/**
 * The lines `lines`, read for `seat` at `state` (ply `ply`), where another seat is to move: each
 * move legal in turn, each line ending with a move of `seat` (a line that ends on the opponent's
 * move leaves nothing to play) — written back as the game writes moves, so they compare with the
 * stored ones. Or why not.
 */
export function readForecast<S>(
  game: AnyGame,
  state: S,
  ply: number,
  seat: Player,
  lines: readonly (readonly string[])[],
): { ok: true; forecast: Forecast } | { ok: false; refusal: ForecastRefusal } {
  const toMove = game.toMove(state);
  if (toMove === null || game.result(state) !== null) return illegal('the game is over');
  if (toMove === seat) return { ok: false, refusal: { code: 'forecast-your-turn', error: 'it is your move: play it, then leave replies' } };
  if (lines.length > MAX_FORECAST_LINES) return illegal(`a forecast has at most ${MAX_FORECAST_LINES} lines`);
  const read: string[][] = [];
  for (const [l, line] of lines.entries()) {
    const where = lines.length > 1 ? `line ${l + 1}: ` : '';
    if (line.length > MAX_FORECAST_PLIES) return illegal(`${where}a line has at most ${MAX_FORECAST_PLIES} moves`);
    const written: string[] = [];
    let at: unknown = state;
    let mine = false;
    for (const [i, text] of line.entries()) {
      if (game.result(at) !== null) return illegal(`${where}the game is over before move ${i + 1} (${text})`);
      const parsed = game.parseMove(at, text);
      if (!parsed.ok) return illegal(`${where}move ${i + 1} (${text}): ${parsed.error.message}`);
      mine = game.toMove(at) === seat;
      written.push(game.formatMove(at, parsed.value));
      at = game.play(at, parsed.value);
    }
    if (!mine) return illegal(`${where}the line ends with your opponent's move: end it with your reply`);
    read.push(written);
  }
  return { ok: true, forecast: { ply, lines: read } };
}

const illegal = (error: string) => ({ ok: false as const, refusal: { code: 'forecast-illegal' as const, error } });

/**
 * What a forecast does now that its seat is to move, with `moves` the game's moves as stored: the
 * move to play for it (from the first line the moves since its ply follow, that goes on), and the
 * forecast to keep — null once no line can come to anything more.
 */
export function forecastNow(
  forecast: Forecast,
  moves: readonly { readonly move: string }[],
): { readonly play: string | null; readonly keep: Forecast | null } {
  if (moves.length < forecast.ply) return { play: null, keep: null };
  const since = moves.slice(forecast.ply).map((m) => m.move);
  const follows = forecast.lines.filter((line) => line.length > since.length && since.every((m, i) => line[i] === m));
  const play = follows[0]?.[since.length] ?? null;
  if (play === null) return { play: null, keep: null };
  // After this move, only the lines that play it too can still come to something.
  const going = follows.filter((line) => line[since.length] === play && line.length > since.length + 1);
  return { play, keep: going.length > 0 ? { ply: forecast.ply, lines: going } : null };
}
