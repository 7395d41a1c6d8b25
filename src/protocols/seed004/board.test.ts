import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../engine/result.ts';
import { Rng } from '../../engine/rng.ts';
import { type HiveState, hive } from '../../games/hive/game.ts';
import {
  fromSeedAction,
  fromSeedGame,
  movedSince,
  parseSeedAction,
  parseSeedGame,
  type SeedGame,
  toAxial,
  toOffset,
  toSeedAction,
  toSeedGame,
} from './board.ts';

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
            const game = toSeedGame(state);
            // Through JSON, as it travels.
            const sent = unwrap(parseSeedGame(JSON.parse(JSON.stringify(game))));
            const rebuilt = unwrap(fromSeedGame(sent, state.options));
            expect(sorted(toSeedGame({ ...state, pos: rebuilt }))).toEqual(sorted(game));
            const moves = hive.legalMoves(state).filter((m) => m !== 1 << 15);
            for (const m of moves) {
              const action = unwrap(parseSeedAction(JSON.parse(JSON.stringify(toSeedAction(state, m)))));
              expect(unwrap(fromSeedAction(state, action))).toBe(m);
            }
            if (moves.length === 0) break;
            const next = hive.play(state, rng.pick(moves));
            // The piece that moved last, told from the boards before and after (what the seed leaves out).
            const moved = movedSince(game, toSeedGame(next));
            const again = unwrap(fromSeedGame(toSeedGame(next), next.options, moved));
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
    expect(unwrap(fromSeedGame(unwrap(parseSeedGame(game)), hive.defaultOptions)).where.filter((w) => w >= 0)).toHaveLength(3);
    for (const junk of [null, [], 'set', { type: 'jump' }, { type: 'set', final_x: 'a' }, { type: 'move', from_x: 1 }])
      expect(parseSeedAction(junk).ok).toBe(false);
    expect(parseSeedGame({ ...game, player: 'red' })).toMatchObject({ ok: false });
    expect(parseSeedGame({ ...game, board: [{ x: 0, y: 0, color: 'white', type: 'dragon', height: 0 }] })).toMatchObject({ ok: false });
  });
});
