import type { GameDefinition, Player } from '@hexarena/engines/engine/game.ts';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n/index.ts';
import { refusalReason } from '../i18n/outcome.ts';
import { rulesRefusal } from '../i18n/why.ts';
import type { GameConnection } from './connection.ts';

/** Lines of moves, each from the opponent's next move on, in the game's notation. */
export type ForecastLines = readonly (readonly string[])[];

/**
 * A correspondence game's conditional premoves as the page holds them (docs/app.md): the lines the
 * server keeps for this seat (null until it said), the last refusal in words, and `leave` to send a
 * whole new list (an empty one takes every line back). The server judges every line; the page only
 * shows what it kept.
 */
export interface ForecastControl {
  readonly lines: ForecastLines | null;
  readonly refused: string | null;
  readonly sending: boolean;
  leave(lines: ForecastLines): void;
  /** A line as the game writes it, for the box's example (empty until the page has one). */
  readonly example?: string;
}

/**
 * The forecast of `seat` on this game's socket while `active` (a correspondence game, on another's
 * turn): asked again at each version, as a move may have played from it or left it behind.
 */
export function useForecast(
  socket: { readonly current: GameConnection | null },
  seat: Player | null,
  version: number,
  active: boolean,
  /** Why lines about to be left cannot be played, said here before the server is asked (forecastProblem). */
  check: (lines: ForecastLines) => string | null = () => null,
): ForecastControl | null {
  const [lines, setLines] = useState<ForecastLines | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Only the newest answer counts: an ask made before a version changed may come back after it.
  const asked = useRef(0);
  const ask = (lines?: ForecastLines) => {
    const connection = socket.current;
    if (!connection || seat === null) return;
    const n = ++asked.current;
    if (lines) setSending(true);
    void connection.send({ type: 'forecast', seat, ...(lines ? { lines } : {}) }).then((answer) => {
      if (n !== asked.current) return;
      setSending(false);
      if (answer.type === 'forecast') {
        setLines(answer.lines);
        setRefused(null);
      } else if (answer.type === 'error')
        setRefused(t('refusal.sentence', { what: t('refusal.forecast'), reason: refusalReason(answer.code, answer.error) }));
    });
  };
  useEffect(() => {
    if (active) ask();
  }, [active, version, seat]);
  if (!active || seat === null) return null;
  const leave = (next: ForecastLines) => {
    const problem = check(next);
    if (problem === null) return ask(next);
    asked.current++;
    setRefused(problem);
  };
  return { lines, refused, sending, leave };
}

/**
 * A line as the forecast box wants it, for its example: a legal move of the player to move in
 * `state` and a legal reply, written as the game writes them (a few moves in, the middle of the
 * list reads less like a rule than its first).
 */
export function exampleLine<S, M, O>(game: GameDefinition<S, M, O>, state: S): string {
  const line: string[] = [];
  let at = state;
  for (let i = 0; i < 2 && game.result(at) === null; i++) {
    const moves = game.legalMoves(at);
    const move = moves[Math.floor(moves.length / 2)];
    if (move === undefined) break;
    line.push(game.formatMove(at, move));
    at = game.play(at, move);
  }
  return line.join('; ');
}

/**
 * The first move of `lines` the rules refuse from `state`, said in the player's language with its
 * line and move; null when every move can be played (the server still judges the whole forecast).
 */
export function forecastProblem<S, M, O>(game: GameDefinition<S, M, O>, state: S, lines: ForecastLines): string | null {
  for (const [l, line] of lines.entries()) {
    let at = state;
    for (const [i, move] of line.entries()) {
      const parsed = game.result(at) === null ? game.parseMove(at, move) : null;
      if (parsed?.ok) {
        at = game.play(at, parsed.value);
        continue;
      }
      const reason = parsed ? rulesRefusal(parsed.error) : t('game.why.rules.gameOver');
      return t('online.forecast.moveRefused', { line: l + 1, ply: i + 1, move, reason });
    }
  }
  return null;
}
