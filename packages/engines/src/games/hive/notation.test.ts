import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../engine/result.ts';
import { Rng } from '../../engine/rng.ts';
import { formatGameString, hive, loadGameString, moveStrings } from './game.ts';
import { NEIGHBORS } from './grid.ts';
import { legalMoves } from './movegen.ts';
import { formatMove, parseGameString, parseMove } from './notation.ts';
import { formatPiece, GAME_TYPES, type GameType, parseGameType } from './pieces.ts';
import { HivePosition, PASS } from './position.ts';

/** A random game of a given type, `plies` long or until it ends. */
function randomGame(type: GameType, seed: string, plies: number): HivePosition {
  const rng = Rng.fromSeed(seed);
  const pos = new HivePosition({ type, tournament: true });
  for (let i = 0; i < plies; i++) {
    const moves = legalMoves(pos);
    if (moves.length === 0) break;
    pos.make(rng.pick(moves));
  }
  return pos;
}

const arbGame = fc.record({
  type: fc.constantFrom(...GAME_TYPES),
  seed: fc.string(),
  plies: fc.integer({ min: 0, max: 80 }),
});

describe('MoveStrings', () => {
  it('parseMove(formatMove(m)) is m, for every legal move of random games of every type', () => {
    fc.assert(
      fc.property(arbGame, ({ type, seed, plies }) => {
        const pos = randomGame(type, seed, plies);
        for (const m of legalMoves(pos)) expect(parseMove(pos, formatMove(pos, m))).toEqual({ ok: true, value: m });
      }),
      { numRuns: 60 },
    );
  });

  it('never writes the moving piece as its own reference', () => {
    fc.assert(
      fc.property(arbGame, ({ type, seed, plies }) => {
        const pos = randomGame(type, seed, plies);
        for (const m of legalMoves(pos)) {
          const [piece, ref] = formatMove(pos, m).split(' ');
          if (ref) expect(ref.replace(/[-/\\]/g, '')).not.toBe(piece);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('accepts every other valid reference to the destination, the moving piece included', () => {
    fc.assert(
      fc.property(arbGame, ({ type, seed, plies }) => {
        const pos = randomGame(type, seed, plies);
        for (const m of legalMoves(pos)) {
          if (m === PASS) continue;
          const to = (m >> 5) & 1023;
          const name = formatPiece(m & 31);
          const marks = ['\\', '/', '-', '\\', '/', '-'];
          for (let d = 0; d < 6; d++) {
            const cell = NEIGHBORS[to * 6 + d] as number;
            const top = pos.top(cell);
            if (top < 0) continue;
            // The destination lies in direction (d + 3) from the neighbour.
            const dir = (d + 3) % 6;
            const ref = formatPiece(top);
            const text = dir === 0 || dir === 4 || dir === 5 ? `${name} ${marks[dir]}${ref}` : `${name} ${ref}${marks[dir]}`;
            expect(parseMove(pos, text), text).toEqual({ ok: true, value: m });
          }
        }
      }),
      { numRuns: 30 },
    );
  });

  it('no illegal move is accepted: every parseable move is in the legal list', () => {
    fc.assert(
      fc.property(
        arbGame,
        fc.integer({ min: 0, max: 27 }),
        fc.integer({ min: 0, max: 27 }),
        fc.integer({ min: 0, max: 6 }),
        (g, p, r, d) => {
          const pos = randomGame(g.type, g.seed, g.plies);
          const marks = ['\\X', 'X/', 'X-', 'X\\', '/X', '-X', 'X'];
          const text = `${formatPiece(p)} ${(marks[d] as string).replace('X', formatPiece(r))}`;
          const parsed = parseMove(pos, text);
          if (parsed.ok) expect(legalMoves(pos)).toContain(parsed.value);
          else expect(parsed.error.message.length).toBeGreaterThan(5);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('explains malformed input', () => {
    const pos = new HivePosition({ type: 'Base', tournament: true });
    expect(parseMove(pos, 'wX1')).toMatchObject({ ok: false, error: { message: expect.stringContaining('is not a piece') } });
    expect(parseMove(pos, 'wM')).toMatchObject({ ok: false, error: { message: 'wM is not in a Base game.' } });
    expect(parseMove(pos, 'wS1 -wS1-')).toMatchObject({ ok: false });
    expect(parseMove(pos, '')).toMatchObject({ ok: false });
    pos.make(unwrap(parseMove(pos, 'wS1')));
    expect(parseMove(pos, 'bS1')).toMatchObject({ ok: false, error: { message: expect.stringContaining('Say where') } });
    expect(parseMove(pos, 'bS1 -bQ')).toMatchObject({
      ok: false,
      error: { message: "bQ is not on the board, so it can't be a reference." },
    });
    expect(parseMove(pos, 'wS2 -wS1')).toMatchObject({ ok: false, error: { message: expect.stringContaining("White's pieces") } });
  });
});

describe('GameStrings', () => {
  it('round-trip: load(save(game)) is the same position, for random games of every type', () => {
    fc.assert(
      fc.property(arbGame, ({ type, seed, plies }) => {
        const pos = randomGame(type, seed, plies);
        const state = { pos, options: { ...hive.defaultOptions, type } };
        const text = formatGameString(state);
        const loaded = unwrap(loadGameString(text));
        expect(loaded.pos.hashLo).toBe(pos.hashLo);
        expect(loaded.pos.hashHi).toBe(pos.hashHi);
        expect(formatGameString(loaded)).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it('recomputes state and turn, accepts self-references, and writes canonical moves', () => {
    // wS1 (0,0), bG1 (-1,0), wA1 (1,-1), bG2 (-2,1), wQ (2,-1), bQ (-3,2); then wQ slides south-west
    // to (1,0), written by another engine against itself ("wQ /wQ") and by hexarena against wA1.
    const loaded = unwrap(loadGameString('Base+MLP;NotStarted;White[1];wS1;bG1 -wS1;wA1 wS1/;bG2 /bG1;wQ wA1-;bQ /bG2;wQ /wQ'));
    expect(formatGameString(loaded)).toBe('Base+MLP;InProgress;Black[4];wS1;bG1 -wS1;wA1 wS1/;bG2 /bG1;wQ wA1-;bQ /bG2;wQ wA1\\');
  });

  it('refuses an illegal move with its number and reason, and malformed strings with their fault', () => {
    expect(loadGameString('Base;InProgress;White[2];wS1;bS1 wS1-;wQ wS1')).toMatchObject({
      ok: false,
      error: { message: "move 3 (wQ wS1): You can't place a piece on top of another." },
    });
    expect(loadGameString('Chess;InProgress;White[1]')).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('not a game type') },
    });
    expect(loadGameString('Base;Running;White[1]')).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('not a game state') },
    });
    expect(loadGameString('Base;InProgress;Red[1]')).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('not a turn') },
    });
  });

  it('a bare GameType is a new game; game types are read in any case and letter order', () => {
    expect(parseGameString('base+plm')).toEqual({ ok: true, value: { type: 'Base+MLP', moves: [] } });
    expect(parseGameType('Base+MM').ok).toBe(false);
    expect(moveStrings(unwrap(loadGameString('Base+M')).pos)).toEqual([]);
  });
});

describe('make and unmake', () => {
  it('restore the position and its hash exactly; the incremental hash equals the recomputed one', () => {
    fc.assert(
      fc.property(arbGame, ({ type, seed, plies }) => {
        const pos = randomGame(type, seed, plies);
        expect([pos.hashLo, pos.hashHi]).toEqual(pos.computeHash());
        const before = { hash: [pos.hashLo, pos.hashHi], stack: pos.stack.slice(), where: pos.where.slice(), last: pos.lastMoved };
        for (const m of legalMoves(pos)) {
          pos.make(m);
          expect([pos.hashLo, pos.hashHi]).toEqual(pos.computeHash());
          pos.unmake();
          expect([pos.hashLo, pos.hashHi]).toEqual(before.hash);
        }
        expect(pos.stack).toEqual(before.stack);
        expect(pos.where).toEqual(before.where);
        expect(pos.lastMoved).toBe(before.last);
      }),
      { numRuns: 40 },
    );
  });

  it('the hash depends on the side to move and on the last-moved piece', () => {
    const a = HivePosition.arrange(
      { type: 'Base', tournament: true },
      [
        [0, 0, 0],
        [14, 1, 0],
      ],
      { turn: 0, ply: 10 },
    );
    const b = HivePosition.arrange(
      { type: 'Base', tournament: true },
      [
        [0, 0, 0],
        [14, 1, 0],
      ],
      { turn: 1, ply: 11 },
    );
    const c = HivePosition.arrange(
      { type: 'Base', tournament: true },
      [
        [0, 0, 0],
        [14, 1, 0],
      ],
      { turn: 0, ply: 10, lastMoved: 14 },
    );
    expect(new Set([a.hashLo, b.hashLo, c.hashLo]).size).toBe(3);
  });
});

describe('the game contract', () => {
  it('fromJSON(toJSON(s)) is s, and bad JSON is refused', () => {
    fc.assert(
      fc.property(arbGame, ({ type, seed, plies }) => {
        const state = { pos: randomGame(type, seed, plies), options: { ...hive.defaultOptions, type } };
        const back = unwrap(hive.fromJSON(JSON.parse(JSON.stringify(hive.toJSON(state)))));
        expect(back.pos.hashLo).toBe(state.pos.hashLo);
        expect(back.options).toEqual(state.options);
      }),
      { numRuns: 30 },
    );
    expect(hive.fromJSON({ moves: 'wS1' }).ok).toBe(false);
    expect(hive.fromJSON({ options: { type: 'Chess' }, moves: [] }).ok).toBe(false);
    expect(hive.parseOptions({ type: 'Base', speed: 3 })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('speed') },
    });
    expect(hive.parseOptions({ tournament: 'yes' }).ok).toBe(false);
    expect(hive.parseOptions({ type: 'base+lp' })).toEqual({
      ok: true,
      value: { type: 'Base+LP', tournament: true, repetitionDraw: false },
    });
  });

  it('play is pure: the state played from is untouched', () => {
    const s = hive.newGame(hive.defaultOptions, 'x');
    const next = hive.play(s, hive.legalMoves(s)[0] as number);
    expect(s.pos.ply).toBe(0);
    expect(next.pos.ply).toBe(1);
  });
});
