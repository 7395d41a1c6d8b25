import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../engine/rng.ts';
import { hive } from './game.ts';
import { generateMoves, MAX_MOVES } from './movegen.ts';
import { type HivePosition, IN_HAND } from './position.ts';

/** The pieces in hand as a bit mask, read from where each piece is. */
const handOf = (pos: HivePosition) => pos.where.reduce((bits, cell, p) => (cell === IN_HAND ? bits | (1 << p) : bits), 0);

/** A position with the list of moves that made it: what its history must say, whatever its clones do. */
interface Line {
  pos: HivePosition;
  moves: number[];
}

describe('clones share the moves made so far', () => {
  it('whatever clones make, unmake and clone again, each keeps its own history, hash and repetitions, its bitboards (and their rows) and its hand', () => {
    const buffer = new Int32Array(MAX_MOVES);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('make', 'unmake', 'clone'), fc.nat(), fc.nat()), { maxLength: 120 }), (ops) => {
        const lines: Line[] = [{ pos: hive.newGame(hive.defaultOptions, 'x').pos, moves: [] }];
        const rng = Rng.fromSeed('clones');
        for (const [op, which, pick] of ops) {
          const line = lines[which % lines.length] as Line;
          if (op === 'clone') lines.push({ pos: line.pos.clone(), moves: [...line.moves] });
          else if (op === 'unmake' && line.moves.length > 0) {
            line.pos.unmake();
            line.moves.pop();
          } else if (op === 'make') {
            const n = generateMoves(line.pos, buffer);
            if (n === 0) continue;
            const move = buffer[(pick + rng.int(n)) % n] as number;
            line.pos.make(move);
            line.moves.push(move);
          }
          for (const l of lines) {
            expect(l.pos.history()).toEqual(l.moves);
            expect([l.pos.hashLo, l.pos.hashHi]).toEqual(l.pos.computeHash());
            expect(l.pos.tops).toEqual(l.pos.computeTops());
            expect(l.pos.topRows).toEqual(l.pos.computeTopRows());
            expect(l.pos.inHand).toBe(handOf(l.pos));
          }
        }
        // Unmaking every line back to the start leaves each at the start.
        const start = hive.newGame(hive.defaultOptions, 'x').pos;
        for (const l of lines) {
          while (l.moves.length > 0) {
            l.pos.unmake();
            l.moves.pop();
          }
          expect([l.pos.hashLo, l.pos.hashHi]).toEqual([start.hashLo, start.hashHi]);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('replaying a long game through the pure contract keeps one log for the whole line (memory linear in its length)', () => {
    const rng = Rng.fromSeed('long');
    let state = hive.newGame(hive.defaultOptions, 'long');
    const states = [state];
    for (let i = 0; i < 2_000 && hive.result(state) === null; i++) {
      state = hive.play(state, rng.pick(hive.legalMoves(state)));
      states.push(state);
    }
    expect(states.length).toBeGreaterThan(200);
    const logs = new Set(states.map((s) => s.pos['log']));
    expect(logs.size).toBe(1);
    // And each state still reads its own past.
    expect(states[100]?.pos.history()).toEqual(state.pos.history().slice(0, 100));
  });
});
