import { AgentFailure } from '@hexarena/engines/engine/agent.ts';
import type { Agent, GameRules } from '@hexarena/engines/engine/game.ts';
import { cellName, type HexMove, type HexState, hex, parseCellName, pieTaken } from '@hexarena/engines/games/hex/index.ts';
import { OutsideProgram } from '../outside-program.ts';
import { OUTSIDE_GRACE_MS } from '../seat-prefixes.ts';
import type { OutsideEngineOptions } from '../uhp/outside-engine.ts';
import { cellAcross, colourOf, GTP_SWAP } from './frame.ts';
import { fillWinner, parseFillin, provenWinMove } from './proven-win.ts';

/**
 * An outside GTP Hex engine (MoHex, hexarena's own `hexarena gtp`) as a Hex player: started once,
 * its commands listed, then each move asked — the board brought up to date (`boardsize`, the pie
 * rule, `clear_board` and every move for a new game; a `play` for each move since, as a game goes
 * on), the time set, then `genmove`. Cells and colours are translated across the pie rule (frame.ts).
 * An engine that crashes, refuses, resigns, answers an illegal move or nothing in time fails with an
 * AgentFailure (the match scores the game lost by it, with the reason, and goes on) — but for a
 * crash or a refusal (MoHex's `invalid`) in a position its own fill-in proves won: then the engine,
 * started again if it crashed, is asked its fill-in, hexarena checks that it completes the engine's
 * chain and plays a cell of it for the engine (proven-win.ts), so a won game is not scored as lost.
 */

/** A running GTP program: commands out, answers (`=`/`?` to an empty line) in, one at a time. */
export class GtpProcess {
  private readonly program: OutsideProgram;

  constructor(readonly commandLine: string) {
    this.program = new OutsideProgram(commandLine);
  }

  /** Sends one command and waits for its answer: ok and the text after `=` or `?`. */
  ask(command: string, limitMs: number): Promise<{ ok: boolean; text: string }> {
    this.program.send(command);
    return this.program.answer(
      (lines) => {
        const start = lines.findIndex((l) => l.startsWith('=') || l.startsWith('?'));
        // The empty line that ends an answer: MoHex's boards hold lines of one space, which do not.
        const end = start < 0 ? -1 : lines.findIndex((l, i) => i > start && l === '');
        if (end < 0) return undefined;
        const answer = lines.splice(0, end + 1).slice(start, end);
        const first = answer[0] as string;
        return { ok: first.startsWith('='), text: [first.replace(/^[=?]\d*\s?/, ''), ...answer.slice(1)].join('\n').trim() };
      },
      limitMs,
      () => `the engine ${this.commandLine} did not answer "${command}" within ${Math.round(limitMs / 1000)} s`,
    );
  }

  /** Whether the program has stopped (a crash among them). */
  get stopped(): boolean {
    return this.program.stopped;
  }

  close(): void {
    this.program.close('quit');
  }
}

/** How long a program may take to start and answer its first command, whatever a move's grace. */
const START_MS = 60_000;

export interface OutsideGtpAgent extends Agent<HexState, HexMove> {
  /** Stops the engine's process. */
  close(): void;
}

export interface OutsideGtpOptions extends OutsideEngineOptions {
  /** Told each move played for the engine from its fill-in's proof, with why its genmove failed. */
  readonly onProvenWin?: (note: string) => void;
}

/** The moves of a game as GTP `play` commands, in the engine's frame. */
export function gtpPlays(size: number, moves: readonly string[]): string[] {
  const swappedAt = moves[1] === 'swap' ? 1 : Number.POSITIVE_INFINITY;
  return moves.map((move, i) => {
    const colour = colourOf(i % 2, i > swappedAt);
    if (move === 'swap') return `play ${colour} ${GTP_SWAP}`;
    const cell = parseCellName(size, move);
    if (!cell.ok) throw new Error(`not a Hex move: ${move}`);
    return `play ${colour} ${cellName(size, cellAcross(size, cell.value, i > swappedAt))}`;
  });
}

export function outsideGtpAgent(commandLine: string, options: OutsideGtpOptions = {}): OutsideGtpAgent {
  const graceMs = options.graceMs ?? OUTSIDE_GRACE_MS;
  let engine: GtpProcess | null = null;
  let known = new Set<string>();
  /** The game the engine holds (null: none, or unknown after a failure), and the move time it was given. */
  let held: { size: number; pie: boolean; moves: string[] } | null = null;
  let timeSet: number | null = null;

  const must = async (e: GtpProcess, command: string): Promise<void> => {
    const answer = await e.ask(command, graceMs);
    if (!answer.ok) throw new AgentFailure(`the engine refused "${command}": ${answer.text.slice(0, 200)}`);
  };

  const started = async (): Promise<GtpProcess> => {
    if (engine) return engine;
    const fresh = new GtpProcess(commandLine);
    engine = fresh;
    held = null;
    timeSet = null;
    // Starting is not moving: MoHex reads some megabytes of patterns and its book first.
    const listed = await fresh.ask('list_commands', Math.max(graceMs, START_MS));
    if (!listed.ok) throw new AgentFailure(`the engine ${commandLine} did not list its commands: ${listed.text.slice(0, 200)}`);
    known = new Set(listed.text.split('\n').map((l) => l.trim()));
    for (const needed of ['boardsize', 'clear_board', 'play', 'genmove'])
      if (!known.has(needed)) throw new AgentFailure(`the engine ${commandLine} has no ${needed} command: it is no GTP Hex engine`);
    return fresh;
  };

  /** Brings the engine to the game: the moves since the one it holds, or the whole game afresh. */
  const bringUp = async (e: GtpProcess, state: HexState): Promise<void> => {
    const { size, pie } = state.board;
    const moves = (hex.toJSON(state) as { moves: string[] }).moves;
    const plays = gtpPlays(size, moves);
    const was = held;
    held = null;
    const followsOn =
      was !== null && was.size === size && was.pie === pie && was.moves.length <= moves.length && was.moves.every((m, i) => m === moves[i]);
    if (!followsOn) {
      await must(e, `boardsize ${size} ${size}`);
      if (known.has('param_game')) await must(e, `param_game allow_swap ${pie ? 1 : 0}`);
      else if (pie) throw new AgentFailure(`the engine ${commandLine} cannot be told the pie rule (it has no param_game)`);
      await must(e, 'clear_board');
    }
    for (const play of plays.slice(followsOn ? (was as { moves: string[] }).moves.length : 0)) await must(e, play);
    held = { size, pie, moves };
  };

  /** The time a move as the engine takes it: MoHex's own parameter, else GTP's byo-yomi of one stone. */
  const setTime = async (e: GtpProcess, ms: number): Promise<void> => {
    if (timeSet === ms) return;
    const seconds = Math.max(0.1, ms / 1000);
    if (known.has('param_mohex')) await must(e, `param_mohex max_time ${seconds}`);
    else if (known.has('time_settings')) await must(e, `time_settings 0 ${seconds} 1`);
    timeSet = ms;
  };

  /** The moves of the game at whose position the engine's fill-in last proved its win (null: none). */
  let provenAt: readonly string[] | null = null;

  /**
   * What the engine's fill-in proves here, asked of the engine: the cell that keeps its win, or that
   * the position is lost for it (the other side's chain completes), or nothing.
   */
  const fillinProof = async (e: GtpProcess, state: HexState): Promise<{ cell: number } | 'lost' | null> => {
    if (!known.has('compute-fillin')) return null;
    const { size, turn } = state.board;
    const swapped = pieTaken(state);
    const answer = await e.ask(`compute-fillin ${colourOf(turn, swapped)}`, graceMs);
    const fill = answer.ok ? parseFillin(size, answer.text) : null;
    if (fill === null) return null;
    const cell = provenWinMove(size, state.board.stones, turn, fill, swapped);
    if (cell !== null) return { cell };
    return fillWinner(size, state.board.stones, fill, swapped).winner === 1 - turn ? 'lost' : null;
  };

  /** A move played for the engine from its proof: its board does not hold it, so the next move brings it up afresh. */
  const fromProof = (state: HexState, cell: number): HexMove => {
    held = null;
    provenAt = (hex.toJSON(state) as { moves: string[] }).moves;
    return { kind: 'place', cell };
  };

  /**
   * After `genmove` failed (`why`): the move the engine's fill-in proves winning, asked of the engine
   * (started again and brought up to the game if it crashed), or the failure when it proves none.
   */
  const provenWin = async (state: HexState, why: string): Promise<HexMove> => {
    let e = engine;
    if (e === null || e.stopped) {
      e?.close();
      engine = null;
      e = await started();
      await bringUp(e, state);
    }
    const proof = await fillinProof(e, state);
    // A fill-in that completes the other side's chain proves the game lost: the forfeit is its due.
    if (proof === 'lost') throw new AgentFailure(`${why} (its fill-in proves the position lost for it)`);
    if (proof === null) throw new AgentFailure(`${why} (and its fill-in proves no win here)`);
    const move = fromProof(state, proof.cell);
    options.onProvenWin?.(
      `${why}; its fill-in proves the position won, so it plays ${hex.formatMove(state, move)} (a cell the fill-in gives it)`,
    );
    return move;
  };

  /**
   * In a game the engine's fill-in has already proven won, the fill-in is asked first: its genmove
   * would fail again (MoHex's crash and restart cost seconds a move). Null when it no longer proves
   * the win alone (the opponent's move entered the fill): then genmove is asked as usual.
   */
  const stillProven = async (e: GtpProcess, state: HexState): Promise<HexMove | null> => {
    const moves = (hex.toJSON(state) as { moves: string[] }).moves;
    if (provenAt === null || provenAt.length > moves.length || !provenAt.every((m, i) => m === moves[i])) return null;
    const proof = await fillinProof(e, state);
    return proof === null || proof === 'lost' ? null : fromProof(state, proof.cell);
  };

  return {
    name: `gtp:${commandLine}`,
    async choose(game: GameRules<HexState, HexMove>, state, context) {
      const timeMs = context.timeMs ?? options.defaultTimeMs ?? 1000;
      try {
        const e = await started();
        await bringUp(e, state);
        await setTime(e, timeMs);
        const proven = await stillProven(e, state);
        if (proven) return proven;
        const before = pieTaken(state);
        let answer: { ok: boolean; text: string };
        try {
          answer = await e.ask(`genmove ${colourOf(state.board.turn, before)}`, timeMs + graceMs);
        } catch (error) {
          // A crash while thinking (MoHex's, once its fill-in has won): its proof may still be had.
          if (error instanceof AgentFailure && e.stopped) return await provenWin(state, error.message);
          throw error;
        }
        if (!answer.ok) return await provenWin(state, `the engine refused genmove: ${answer.text.slice(0, 200)}`);
        const text = answer.text.toLowerCase();
        if (text === 'resign') throw new AgentFailure('the engine resigned');
        // MoHex's word for "my search found nothing to choose among" (its root proven won by fill-in).
        if (text === 'invalid') return await provenWin(state, 'the engine answered genmove with "invalid"');
        let move: string = text;
        if (text === GTP_SWAP || text === 'swap') move = 'swap';
        else {
          const cell = parseCellName(state.board.size, text);
          if (cell.ok) move = cellName(state.board.size, cellAcross(state.board.size, cell.value, before));
        }
        const parsed = game.parseMove(state, move);
        if (!parsed.ok) throw new AgentFailure(`the engine played ${text.slice(0, 100)}, which is illegal here: ${parsed.error.message}`);
        // The engine played it on its own board: it holds the game with this move.
        if (held) held = { ...held, moves: [...held.moves, hex.formatMove(state, parsed.value)] };
        return parsed.value;
      } catch (error) {
        // A failed engine is not asked again: the next move starts a fresh one.
        engine?.close();
        engine = null;
        held = null;
        throw error;
      }
    },
    close() {
      engine?.close();
      engine = null;
      held = null;
      provenAt = null;
    },
  };
}
