import { playMoves } from '@hexarena/engines/engine/record.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { type HiveState, hive } from '@hexarena/engines/games/hive/game.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromSeedAction,
  parseSeedAction,
  parseSeedGame,
  type SeedAction,
  type SeedGame,
  toAxial,
  toOffset,
  toSeedAction,
  toSeedGame,
} from './board.ts';
import { movedSince, readSeedGame } from './read.ts';
import { refereeView } from './view.ts';

const sorted = (g: SeedGame) => ({ ...g, board: [...g.board].sort((a, b) => a.x - b.x || a.y - b.y || a.height - b.height) });

describe('seed 004’s Hive over HTTP: the board and actions', () => {
  it('odd-q offset and axial coordinates are one map: neighbours stay neighbours', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 40 }), fc.integer({ min: -40, max: 40 }), (q, r) => {
        const o = toOffset({ q, r });
        expect(toAxial(o.x, o.y)).toEqual({ q, r });
      }),
    );
    // The worked examples of docs/seed-004-http.md.
    expect(toOffset({ q: 1, r: 0 })).toEqual({ x: 1, y: 0 });
    expect(toOffset({ q: 1, r: -1 })).toEqual({ x: 1, y: -1 });
    expect(toOffset({ q: -1, r: 1 })).toEqual({ x: -1, y: 0 });
    expect(toOffset({ q: 2, r: -1 })).toEqual({ x: 2, y: 0 });
    expect(toOffset({ q: -1, r: 0 })).toEqual({ x: -1, y: -1 });
    expect(toOffset({ q: 3, r: -2 })).toEqual({ x: 3, y: -1 });
  });

  it('along random games, every position converts back to the same position, and every legal move to its action and back', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 6 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom('Base', 'Base+MLP'),
        (seed, plies, type) => {
          const rng = Rng.fromSeed(`seed004/${seed}`);
          let state: HiveState = hive.newGame(unwrap(hive.parseOptions({ type })), seed);
          for (let i = 0; i < plies && hive.result(state) === null; i++) {
            const view = refereeView(state.pos);
            const game = toSeedGame(state, view);
            // Through JSON, as it travels; read as a player reads it, and written back the same.
            const sent = unwrap(parseSeedGame(JSON.parse(JSON.stringify(game))));
            const read = unwrap(readSeedGame(sent));
            expect(sorted(toSeedGame({ ...state, pos: read.state.pos }, read.view))).toEqual(sorted(game));
            const moves = hive.legalMoves(state).filter((m) => m !== 1 << 15);
            for (const m of moves) {
              const action = unwrap(parseSeedAction(JSON.parse(JSON.stringify(toSeedAction(state, m, view)))));
              expect(unwrap(fromSeedAction(state, action, view))).toBe(m);
            }
            if (moves.length === 0) break;
            const next = hive.play(state, rng.pick(moves));
            // Only the piece that moved has new numbers: the others keep theirs from turn to turn.
            const after = toSeedGame(next, refereeView(next.pos));
            expect(movedSince(game, after)).not.toBeNull();
            // The piece that moved last, told from the boards before and after (what the seed leaves out).
            const again = unwrap(readSeedGame(after, movedSince(game, after))).state.pos;
            expect(again.where[again.lastMoved]).toBe(next.pos.where[next.pos.lastMoved]);
            state = next;
          }
        },
      ),
      { numRuns: 10 },
    );
  });

  it('the seed’s own JSON examples read; junk is refused with what is wrong', () => {
    const game = {
      turn: 1,
      board: [
        { x: 2, y: 3, color: 'white', type: 'queen', height: 0 },
        { x: 3, y: 3, color: 'black', type: 'queen', height: 0 },
        { x: 4, y: 3, color: 'white', type: 'ant', height: 0 },
      ],
      player: 'black',
      remaining_pieces: [
        { player: 'white', pieces: ['ant'] },
        { player: 'black', pieces: ['ant', 'ant'] },
      ],
    };
    expect(parseSeedGame(game).ok).toBe(true);
    expect(parseSeedAction({ type: 'set', final_x: 2, final_y: 3, piece_index: 0 }).ok).toBe(true);
    expect(parseSeedAction({ type: 'move', final_x: 3, final_y: 3, from_x: 2, from_y: 3, args: [] }).ok).toBe(true);
    // Its pieces are an illustration, not a game: a player of Hive could not stand behind a move in it.
    expect(readSeedGame(unwrap(parseSeedGame(game)))).toMatchObject({
      ok: false,
      error: { message: 'white has 0 spiders (0 on the board, 0 in remaining_pieces), but a player of Base has 2' },
    });
    for (const junk of [null, [], 'set', { type: 'jump' }, { type: 'set', final_x: 'a' }, { type: 'move', from_x: 1 }])
      expect(parseSeedAction(junk).ok).toBe(false);
    expect(parseSeedGame({ ...game, player: 'red' })).toMatchObject({ ok: false });
    expect(parseSeedGame({ ...game, board: [{ x: 0, y: 0, color: 'white', type: 'dragon', height: 0 }] })).toMatchObject({ ok: false });
  });

  it('an action that names no legal move is refused with the rule it breaks', () => {
    // White's grasshopper holds the hive together; Black's pieces are east of it.
    const moves = ['wG1', 'bG1 wG1-', 'wQ -wG1', 'bQ bG1-'];
    const state = unwrap(playMoves(hive, unwrap(hive.parseOptions({ type: 'Base' })), 'why', moves)).states[4] as HiveState;
    const view = refereeView(state.pos);
    const refusal = (action: SeedAction) => {
      const result = fromSeedAction(state, action, view);
      return result.ok ? null : result.error.message;
    };
    expect(toSeedGame(state, view).board).toEqual(
      expect.arrayContaining([
        { x: 0, y: 0, color: 'white', type: 'cricket', height: 0 },
        { x: 1, y: 0, color: 'black', type: 'cricket', height: 0 },
        { x: -1, y: -1, color: 'white', type: 'queen', height: 0 },
        { x: 2, y: 1, color: 'black', type: 'queen', height: 0 },
      ]),
    );
    expect(refusal({ type: 'move', from_x: 0, from_y: 0, final_x: 0, final_y: 1 })).toBe(
      "moving the piece at (0, 0) to (0, 1) is not a legal move: you can't move that piece because it will break the hive",
    );
    expect(refusal({ type: 'set', final_x: 1, final_y: 1, piece_index: 1 })).toBe(
      "setting the spider (piece_index 1) at (1, 1) is not a legal move: you can't place a new piece next to one of your opponent's pieces",
    );
    expect(refusal({ type: 'set', final_x: 5, final_y: 5, piece_index: 1 })).toBe(
      'setting the spider (piece_index 1) at (5, 5) is not a legal move: (5, 5) does not touch the hive',
    );
    expect(refusal({ type: 'set', final_x: -2, final_y: -1, piece_index: 10 })).toBe(
      "piece_index 10 is not in white's remaining_pieces, which counts 9 (0 to 8)",
    );
    expect(refusal({ type: 'move', from_x: 1, from_y: 0, final_x: 1, final_y: -1 })).toBe(
      "moving the piece at (1, 0) to (1, -1) is not a legal move: you can't move your opponent's pieces, except by throwing them with a Pillbug (or a Mosquito next to one)",
    );
  });
});
