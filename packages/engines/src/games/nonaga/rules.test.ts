import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomAgent } from '../../ai/random.ts';
import { runMatch } from '../../engine/match.ts';
import { replay } from '../../engine/record.ts';
import { unwrap } from '../../engine/result.ts';
import { Rng } from '../../engine/rng.ts';
import { TORUS_NEIGHBORS as NB, torusCell } from '../../hex/torus.ts';
import { DEFAULT_NONAGA_OPTIONS, legalTurns, type NonagaState, nonaga, nonagaOutcome } from './game.ts';
import { discMoves, MAX_PLY_MOVES, slides } from './moves.ts';
import { formatTurn, type NonagaTurn, parseTurn } from './notation.ts';
import { DISC, moveTo, NonagaPosition, PLAYING } from './position.ts';
import { arrangeNonaga, START, START_TOKENS } from './testing.ts';

const cell = (q: number, r: number) => torusCell(q, r);
const slideCount = (pos: NonagaPosition) => slides(pos, new Int32Array(MAX_PLY_MOVES));
const discList = (pos: NonagaPosition) => {
  const buf = new Int32Array(MAX_PLY_MOVES);
  return Array.from(buf.subarray(0, discMoves(pos, buf)));
};
const movableDiscs = (pos: NonagaPosition) => new Set(discList(pos).map((m) => (m >> 10) & 1023));
const reason = (pos: NonagaPosition, text: string) => {
  const r = parseTurn(pos, text);
  return r.ok ? 'legal' : r.error.message;
};

describe('the start', () => {
  it('19 discs, tokens on alternating corners, 9 legal slides per side, about 500 legal turns', () => {
    const red = NonagaPosition.start(DEFAULT_NONAGA_OPTIONS, 0);
    expect(red.disc.reduce((a, b) => a + b, 0)).toBe(19);
    expect(slideCount(red)).toBe(9);
    expect(slideCount(NonagaPosition.start(DEFAULT_NONAGA_OPTIONS, 1))).toBe(9);
    // Whole turns, slide and disc move: about the 500 a typical position offers (docs/rules/nonaga.md).
    expect(legalTurns(red)).toHaveLength(570);
    const turns = legalTurns(red).length;
    expect(turns).toBeGreaterThan(400);
    expect(turns).toBeLessThan(700);
  });
});

describe('slides', () => {
  const row = [0, 1, 2, 3, 4].map((q) => [q, 0] as [number, number]);
  const ends = (pos: NonagaPosition, q: number, r: number) => {
    const buf = new Int32Array(MAX_PLY_MOVES);
    return Array.from(buf.subarray(0, slides(pos, buf)))
      .filter((m) => ((m >> 10) & 1023) === cell(q, r))
      .map((m) => pos.coordinates(moveTo(m)))
      .map((h) => `${h.q},${h.r}`);
  };

  it('go as far as they can, stopping before a token', () => {
    // Red's token on 0,0 slides east along the row and stops before Black's token on 3,0.
    const pos = arrangeNonaga(
      [...row, [0, -1], [1, -1], [4, -1]],
      [
        [0, 0],
        [0, -1],
        [1, -1],
      ],
      [
        [3, 0],
        [4, 0],
        [4, -1],
      ],
    );
    expect(ends(pos, 0, 0)).toContain('2,0');
    expect(ends(pos, 0, 0)).not.toContain('1,0');
    expect(reason(pos, '0,0>1,0 4,-1>5,-1')).toMatch(/not where it stops/);
  });

  it('and before a gap', () => {
    const pos = arrangeNonaga(
      [
        [0, 0],
        [1, 0],
        [2, 0],
        [4, 0],
        [5, 0],
        [0, 1],
        [1, 1],
        [4, 1],
        [5, 1],
        [3, 1],
      ],
      [
        [0, 0],
        [0, 1],
        [1, 1],
      ],
      [
        [5, 0],
        [4, 1],
        [5, 1],
      ],
    );
    expect(ends(pos, 0, 0)).toContain('2,0');
    expect(ends(pos, 0, 0)).not.toContain('3,0');
  });

  it('must move at least one cell: tokens hemmed by gaps and tokens have no slide', () => {
    expect(
      slideCount(
        arrangeNonaga(
          [
            [0, 0],
            [1, 0],
            [2, 0],
          ],
          [
            [0, 0],
            [1, 0],
            [2, 0],
          ],
          [],
        ),
      ),
    ).toBe(0);
  });
});

describe('the free disc', () => {
  const start = () => NonagaPosition.start(DEFAULT_NONAGA_OPTIONS, 0);
  it('at the start only the six edge discs without a token can move', () => {
    expect(movableDiscs(start())).toEqual(new Set([cell(1, -2), cell(2, -1), cell(1, 1), cell(-1, 2), cell(-2, 1), cell(-1, -1)]));
  });

  it('not one carrying a token, not one hemmed in, not the one the opponent just moved', () => {
    // Red's token on 2,0 slides west and stops at -1,0, before Black's token on -2,0.
    const pos = start();
    expect(reason(pos, '2,0>-1,0 0,-2>3,-1')).toBe('that disc carries a token');
    expect(reason(pos, '2,0>-1,0 0,0>3,-1')).toBe('that disc is hemmed in: it cannot slide out');
    expect(reason(pos, '2,0>-1,0 1,-2>3,-1')).not.toMatch(/carries|hemmed|just moved/);
    const blocked = arrangeNonaga(START, START_TOKENS[0], START_TOKENS[1], { blocked: [1, 1] });
    expect(movableDiscs(blocked).has(cell(1, 1))).toBe(false);
    expect(reason(blocked, '2,0>-1,0 1,1>3,-1')).toBe('that disc was just moved by your opponent');
  });

  it('not one whose removal splits the board (strict); allowed when connectivity is none', () => {
    // A bridge: two clumps joined by the disc at 2,0.
    const discs: [number, number][] = [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, -1],
      [2, 0],
      [3, 0],
      [4, 0],
      [3, 1],
      [4, -1],
      [0, -1],
    ];
    const board = (connectivity: 'strict' | 'none') =>
      arrangeNonaga(
        discs,
        [
          [0, 0],
          [0, 1],
          [1, -1],
        ],
        [
          [4, 0],
          [3, 1],
          [4, -1],
        ],
        { options: { connectivity } },
      );
    const pos = board('strict');
    expect(movableDiscs(pos).has(cell(2, 0))).toBe(false);
    const none = board('none');
    expect(movableDiscs(none).has(cell(2, 0))).toBe(true);
  });
});

describe('connectivity options', () => {
  // Clump A (west) and clump B (north-east) are joined only by the disc on 1,0. The empty 1,-1
  // touches both clumps, so moving the bridge there keeps the board whole.
  const discs: [number, number][] = [
    [0, 0],
    [-1, 0],
    [-1, 1],
    [0, 1],
    [1, 0],
    [2, -1],
    [3, -1],
    [3, -2],
    [2, -2],
  ];
  const board = (connectivity: 'strict' | 'final' | 'none') =>
    arrangeNonaga(
      discs,
      [
        [0, 0],
        [-1, 0],
        [-1, 1],
      ],
      [
        [2, -1],
        [3, -1],
        [3, -2],
      ],
      { phase: 1, options: { connectivity } },
    );
  const bridgeMoves = (connectivity: 'strict' | 'final' | 'none') =>
    discList(board(connectivity))
      .filter((m) => ((m >> 10) & 1023) === cell(1, 0))
      .map((m) => moveTo(m));

  it('strict: the bridge may not move at all (the 18 left would split)', () => {
    expect(bridgeMoves('strict')).toEqual([]);
  });

  it('final: only to a place that joins the board again', () => {
    const moves = bridgeMoves('final');
    expect(moves).toContain(cell(1, -1));
    for (const to of moves) {
      const p = board('final');
      p.disc[cell(1, 0)] = 0;
      p.disc[to] = 1;
      const all = discCells(p.disc);
      expect(connectedFromFirst(all)).toBe(all.length);
    }
  });

  it('none: also to places that leave it split', () => {
    expect(bridgeMoves('none').length).toBeGreaterThan(bridgeMoves('final').length);
  });
});

describe('placing the disc', () => {
  it('on an empty cell touching at least 2 of the other discs, not where it came from', () => {
    const pos = NonagaPosition.start(DEFAULT_NONAGA_OPTIONS, 0);
    const afterSlide = pos.clone();
    afterSlide.make(unwrap(parseTurn(pos, '2,0>-1,0 1,-2>3,-1')).slide);
    for (const m of discList(afterSlide)) {
      const to = moveTo(m);
      const from = (m >> 10) & 1023;
      expect(to).not.toBe(from);
      expect(afterSlide.disc[to]).toBe(0);
      let touching = 0;
      for (const c of neighbourCells(to)) if (c !== from && afterSlide.disc[c]) touching++;
      expect(touching).toBeGreaterThanOrEqual(2);
    }
    // 1,-3 touches only 0,-2 once the disc from 1,-2 has left.
    expect(reason(pos, '2,0>-1,0 1,-2>1,-3')).toBe('the new place touches only one disc');
    expect(reason(pos, '2,0>-1,0 1,-2>1,-2')).toBe('1,-2 already holds a disc');
  });

  it('with the cap option, not on a cell touching more than 4 discs', () => {
    // A notch in the board: the empty cell 0,0 is touched by 5 discs.
    const ring: [number, number][] = START.filter(([q, r]) => !(q === 0 && r === 0));
    const capped = arrangeNonaga(ring, START_TOKENS[0], START_TOKENS[1], { phase: 1, options: { placementCap: true } });
    const free = arrangeNonaga(ring, START_TOKENS[0], START_TOKENS[1], { phase: 1 });
    const into = (pos: NonagaPosition) => discList(pos).some((m) => moveTo(m) === cell(0, 0));
    expect(into(free)).toBe(true);
    expect(into(capped)).toBe(false);
  });
});

describe('winning', () => {
  const discs = START;
  const win = (red: [number, number][], options = {}) => arrangeNonaga(discs, red, START_TOKENS[1], { options }).won(0);
  it('line, tick and triangle win; three apart do not', () => {
    expect(
      win([
        [-1, 0],
        [0, 0],
        [1, 0],
      ]),
    ).toBe(true); // line
    expect(
      win([
        [-1, 0],
        [0, 0],
        [1, -1],
      ]),
    ).toBe(true); // tick
    expect(
      win([
        [0, 0],
        [1, 0],
        [0, 1],
      ]),
    ).toBe(true); // triangle
    expect(
      win([
        [-1, 0],
        [1, 0],
        [0, 1],
      ]),
    ).toBe(false); // only one pair touches
    expect(
      win([
        [-2, 1],
        [0, 0],
        [1, -2],
      ]),
    ).toBe(false); // three apart
  });

  it('the triangle-only option: only the triangle wins', () => {
    expect(
      win(
        [
          [-1, 0],
          [0, 0],
          [1, 0],
        ],
        { triangleOnly: true },
      ),
    ).toBe(false);
    expect(
      win(
        [
          [0, 0],
          [1, 0],
          [0, 1],
        ],
        { triangleOnly: true },
      ),
    ).toBe(true);
  });

  it('a winning slide ends the game at once: no disc move follows', () => {
    // Red's tokens on 0,0 and 1,0 touch; a slide of the third next to them wins.
    const pos = arrangeNonaga(
      START,
      [
        [0, 0],
        [1, 0],
        [-2, 2],
      ],
      START_TOKENS[1],
    );
    const wins = legalTurns(pos).filter((t) => t.disc === null);
    expect(wins.length).toBeGreaterThan(0);
    const text = formatTurn(pos, wins[0] as NonagaTurn);
    expect(text.split(' ')).toHaveLength(1);
    expect(reason(pos, `${text} 1,-2>1,-3`)).toBe('that slide wins the game: no disc move follows');
    const state: NonagaState = { pos, options: DEFAULT_NONAGA_OPTIONS, turns: [], seed: 's', first: 0 };
    const after = nonaga.play(state, unwrap(nonaga.parseMove(state, text)));
    expect(nonaga.result(after)).toMatchObject({ kind: 'win', winner: 0 });
  });
});

describe('stuck players, draws and options', () => {
  it('a player with no legal slide loses; with the passing option it passes the slide', () => {
    // Each side's three tokens fill a row of three discs: no token can slide anywhere.
    const stuckBoard = (stuckPasses: boolean) =>
      arrangeNonaga(
        [
          [0, 0],
          [1, 0],
          [2, 0],
          [5, 5],
          [6, 5],
          [7, 5],
        ],
        [
          [0, 0],
          [1, 0],
          [2, 0],
        ],
        [
          [5, 5],
          [6, 5],
          [7, 5],
        ],
        { options: { stuckPasses } },
      );
    expect(nonagaOutcome(stuckBoard(false))).toMatchObject({ kind: 'win', winner: 1, reason: 'no token can slide' });
    const passing = stuckBoard(true);
    expect(nonagaOutcome(passing)).toBeNull();
    // The pass is a turn of the contract, with a notation that reads back.
    const turns = legalTurns(passing);
    expect(turns.length).toBeGreaterThan(0);
    for (const turn of turns) {
      const text = formatTurn(passing, turn);
      // Every disc there carries a token, so the disc step is passed too.
      expect(text).toBe('pass pass');
      expect(unwrap(parseTurn(passing, text))).toEqual(turn);
    }
    expect(parseTurn(stuckBoard(false), 'pass 0,0>3,3')).toMatchObject({ ok: false });
    expect(parseTurn(nonaga.newGame({ ...DEFAULT_NONAGA_OPTIONS, stuckPasses: true }, 'p').pos, 'pass 0,0>3,3')).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/only when none of your tokens can slide/) },
    });
  });

  it('with passing, random games never stall, and every record (passes too) replays to its result', async () => {
    const options = { ...DEFAULT_NONAGA_OPTIONS, stuckPasses: true };
    const r = await runMatch({ game: nonaga, options, agents: [randomAgent, randomAgent], games: 50, seed: 'sp1' });
    const texts = r.records.flatMap((rec) => rec.moves);
    expect(texts.some((t) => t.startsWith('pass '))).toBe(true);
    for (const record of r.records) {
      const replayed = unwrap(replay(nonaga, record));
      expect(nonaga.result(replayed.state)).toEqual(record.result);
    }
  });

  it('a player whose every slide strands every disc loses (a game the tree search played into)', () => {
    const turns = (
      '2,0>-1,0 2,-1>-2,3;0,2>0,-1 0,2>-3,1;-1,0>2,0 1,1>0,2;0,-1>-2,1 -1,-1>2,-1;2,0>2,-1 -3,1>2,-3;' +
      '2,-2>1,-2 2,0>-1,3;-2,2>0,2 -2,2>0,3;1,-2>2,-3 -2,3>1,2;2,-1>-1,2 1,0>1,-3;-2,1>1,-2 -1,3>-3,1;' +
      '-1,2>0,1 2,-1>3,-3;2,-3>3,-3 -2,1>3,-4;0,1>0,-1 -1,2>2,-1;3,-3>1,-3 3,-3>2,-4;0,2>1,2 2,-2>-3,0;' +
      '-2,0>-3,1 2,-4>-4,1;0,-1>2,-1 -1,1>-2,1;1,-2>1,-1 -3,0>-1,-1;0,-2>0,3 0,-2>2,-4;1,-3>1,-2 -4,1>1,-4;' +
      '1,2>0,2 1,-3>-3,2;1,-1>-1,-1 1,-4>1,3;2,-1>0,-1 -3,2>-1,1;1,-2>1,-1 -2,1>1,0;0,3>1,2 -1,1>-2,-1;' +
      '1,-1>1,-2 2,-4>3,-3;1,2>1,3 -2,-1>0,4;1,-2>1,0 2,-1>0,-2;0,2>0,4 1,2>-1,3;-3,1>-2,0 1,-1>-1,2;' +
      '0,-1>-1,0 -1,3>-2,-1;-2,0>-2,-1 -3,1>2,-2;-1,0>0,0 -2,0>1,4;1,0>-1,2 3,-4>0,5;0,0>0,-2 1,4>-1,1;' +
      '-1,2>1,0 -1,2>1,2;0,4>0,-1 3,-3>-1,3;-1,-1>-1,1 0,5>-2,0;1,3>1,2 0,4>1,-3;-1,1>-1,-1 -1,3>1,1;1,2>1,3 1,2>2,0;' +
      '-2,-1>-2,0 -2,-1>0,4;0,-2>1,-3 2,-3>0,-3;1,0>1,1 1,0>1,4;1,3>1,4 0,4>-2,-1;-1,-1>-1,1 2,0>1,2;' +
      '1,4>1,2 2,-2>2,-3;-1,1>0,1 1,-2>2,3;1,-3>2,-3 1,4>2,2;0,1>0,3 1,3>-3,0;0,-1>-1,0 2,3>1,3;1,1>0,2 1,1>-3,-1;' +
      '-1,0>-1,-1 -3,0>-2,-2;-2,0>0,0 1,3>-1,3;-1,-1>-2,0 2,2>2,-4;0,0>0,-3 -1,3>1,3;-2,0>-2,-2 -3,-1>3,-4;' +
      '0,-3>1,-3 -1,1>3,-5;2,-3>2,-4 0,-1>1,-2;1,-3>1,-2 3,-4>0,4;-2,-2>-2,0 3,-5>0,-1;0,3>0,4 0,-3>1,1;' +
      '-2,0>-2,-2 0,3>1,-4;0,2>0,-2 -2,0>2,1;1,2>2,1 0,2>-1,1;1,-2>1,-4 0,0>1,-1;-2,-2>-2,-1 2,-3>-2,0;' +
      '0,-2>1,-3 -2,-2>-1,-2;-2,-1>-2,0 1,-2>2,0;0,4>1,3 -2,-1>1,4;-2,0>-1,0 1,-1>0,2;1,3>1,1 -1,-2>2,2;' +
      '2,1>2,0 0,-1>0,5;1,1>2,1 0,4>-2,1;-1,0>-2,1 -1,0>1,-2;2,1>2,2 0,5>0,0;-2,1>2,1 1,4>1,-1;2,2>0,2 1,3>3,1;' +
      '2,1>3,1 1,-1>2,-5;1,-3>1,-2 2,2>0,-3;2,-4>2,-5 1,2>1,-5;1,-4>1,-5 0,-3>3,-5;2,-5>3,-5 2,-4>0,-1;' +
      '1,-2>0,-2 1,-2>1,0;3,-5>2,-5 -1,-1>3,0;0,-2>0,1 1,0>3,-6;2,0>3,0 2,1>2,-6;0,2>2,0 3,-6>0,-3;' +
      '2,-5>2,-6 -2,0>4,0;0,1>0,2 3,-5>4,1;3,1>4,1 0,-3>2,1;1,-5>1,-3 1,-5>-1,2;3,0>2,1 3,0>-1,3;0,2>-1,3 0,2>3,2;' +
      '2,1>3,1 -2,1>-2,2;-1,3>-1,1 4,0>1,2;2,-6>2,-5 -1,3>-1,0;-1,1>-2,2 0,0>1,-2;3,1>-1,1 1,2>1,-5;' +
      '1,-3>1,-5 -1,2>3,-6;-1,1>3,1 2,-6>0,-3;1,-5>1,-2 3,2>-1,-2;3,1>-1,1 0,-3>2,-4;2,0>1,1 2,0>-1,-1;' +
      '2,-5>3,-6 -1,-2>0,-4;1,-2>-1,0 1,-5>2,-3;4,1>2,1 4,1>2,0;-1,0>2,-3 0,-4>1,-5;2,1>3,1 1,-2>3,-5;' +
      '1,1>2,0 0,-1>1,2;-1,1>-1,-1 1,-4>1,-2;2,0>1,1 3,-5>0,-1;-1,-1>2,-4 1,-5>-2,1;2,-3>1,-3 1,-2>1,-4;' +
      '3,1>2,1 -1,-1>1,-5;1,-3>1,-5 1,-4>-3,2;2,1>1,2 2,-3>1,-2;1,1>3,1 2,0>1,0;1,2>2,1 0,-2>3,-5;' +
      '1,-5>3,-5 -2,1>1,-1;2,-4>2,-5 0,1>-1,-1;-2,2>-3,2 1,-5>2,2;2,1>1,2 -1,-1>-1,2;3,-5>1,-3 2,1>2,-6;' +
      '2,-5>2,-6 2,-5>-1,-1;1,-3>1,1 -1,2>3,-4;1,2>2,2 -1,-1>0,-2;1,1>1,2 1,-2>-3,3;'
    )
      .split(';')
      .filter(Boolean);
    const state = unwrap(nonaga.fromJSON({ options: DEFAULT_NONAGA_OPTIONS, seed: 'x', turns }));
    // Red can still slide one token, but after that slide no disc may move.
    expect(slideCount(state.pos)).toBe(1);
    expect(nonaga.legalMoves(state)).toEqual([]);
    expect(nonaga.result(state)).toEqual({ kind: 'win', winner: 1, reason: 'no slide leaves a disc to move' });
    expect(nonaga.toMove(state)).toBeNull();
    const passing = unwrap(nonaga.fromJSON({ options: { ...DEFAULT_NONAGA_OPTIONS, stuckPasses: true }, seed: 'x', turns }));
    expect(nonaga.result(passing)).toBeNull();
    expect(nonaga.legalMoves(passing).map((t) => nonaga.formatMove(passing, t))).toEqual([expect.stringMatching(/ pass$/)]);
  });

  it('the turn cap draws', () => {
    let state = nonaga.newGame({ ...DEFAULT_NONAGA_OPTIONS, maxTurns: 3 }, 'cap');
    for (let i = 0; i < 3; i++) {
      expect(nonaga.result(state)).toBeNull();
      state = nonaga.play(state, nonaga.legalMoves(state).find((t) => t.disc !== null) as NonagaTurn);
    }
    expect(nonaga.result(state)).toEqual({ kind: 'draw', reason: '3 turns played' });
  });

  it('the third occurrence of a position with the same side to move draws, and only the third', () => {
    // Red and Black each find a turn they can take back next time (token slid back, disc put back).
    const start = NonagaPosition.start(DEFAULT_NONAGA_OPTIONS, 0);
    const reverse = (t: { slide: number; disc: number | null }) => ({
      slide: (moveTo(t.slide) << 10) | ((t.slide >> 10) & 1023),
      disc: t.disc === null ? null : DISC | (moveTo(t.disc) << 10) | ((t.disc >> 10) & 1023),
    });
    const legal = (p: NonagaPosition, t: { slide: number; disc: number | null }) =>
      legalTurns(p).some((u) => u.slide === t.slide && u.disc === t.disc);
    const apply = (p: NonagaPosition, t: { slide: number; disc: number | null }) => {
      p.make(t.slide);
      if (t.disc !== null) p.make(t.disc);
    };
    let cycle: { slide: number; disc: number | null }[] | undefined;
    search: for (const red of legalTurns(start).filter((t) => t.disc !== null)) {
      const p1 = start.clone();
      apply(p1, red);
      for (const black of legalTurns(p1).filter((t) => t.disc !== null)) {
        const p2 = p1.clone();
        apply(p2, black);
        if (!legal(p2, reverse(red))) continue;
        const p3 = p2.clone();
        apply(p3, reverse(red));
        if (legal(p3, reverse(black))) {
          cycle = [red, black, reverse(red), reverse(black)];
          break search;
        }
      }
    }
    if (!cycle) throw new Error('no reversible pair of turns from the start');
    // The position after Red's turn (Red's disc blocked for Black) comes back every cycle: its
    // third occurrence, at the first turn of the third cycle, is the draw; nothing earlier is.
    const p = start.clone();
    for (let round = 0; round < 2; round++) {
      for (const t of cycle) {
        apply(p, t);
        expect(p.result).toBe(PLAYING);
      }
    }
    apply(p, cycle[0] as { slide: number; disc: number | null });
    expect(nonagaOutcome(p)).toEqual({ kind: 'draw', reason: 'threefold repetition' });
  });

  it('first player: red by default, black or random by option', () => {
    expect(nonaga.newGame(DEFAULT_NONAGA_OPTIONS, 's').pos.turn).toBe(0);
    expect(nonaga.newGame({ ...DEFAULT_NONAGA_OPTIONS, first: 'black' }, 's').pos.turn).toBe(1);
    const firsts = new Set(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((s) => nonaga.newGame({ ...DEFAULT_NONAGA_OPTIONS, first: 'random' }, s).pos.turn),
    );
    expect(firsts).toEqual(new Set([0, 1]));
    expect(nonaga.parseOptions({ first: 'blue' }).ok).toBe(false);
    expect(nonaga.parseOptions({ connectivity: 'loose' }).ok).toBe(false);
    expect(nonaga.parseOptions({ colour: 1 }).ok).toBe(false);
  });
});

describe('properties over random games', () => {
  const arbGame = fc.record({ seed: fc.string(), turns: fc.integer({ min: 0, max: 40 }) });
  const play = ({ seed, turns }: { seed: string; turns: number }) => {
    let state = nonaga.newGame(DEFAULT_NONAGA_OPTIONS, seed);
    const rng = Rng.fromSeed(seed);
    for (let i = 0; i < turns && !nonaga.result(state); i++) state = nonaga.play(state, rng.pick(nonaga.legalMoves(state)));
    return state;
  };

  it('every legal turn round-trips through its text and is accepted', () => {
    fc.assert(
      fc.property(arbGame, (g) => {
        const state = play(g);
        for (const turn of nonaga.legalMoves(state))
          expect(nonaga.parseMove(state, nonaga.formatMove(state, turn))).toEqual({ ok: true, value: turn });
      }),
      { numRuns: 25 },
    );
  });

  it('fromJSON(toJSON(s)) is the same position', () => {
    fc.assert(
      fc.property(arbGame, (g) => {
        const state = play(g);
        const back = unwrap(nonaga.fromJSON(JSON.parse(JSON.stringify(nonaga.toJSON(state)))));
        expect(back.pos.key()).toBe(state.pos.key());
        expect(back.pos.hash()).toEqual(state.pos.hash());
      }),
      { numRuns: 25 },
    );
  });

  it('under the strict rule the 19 discs always stay connected', () => {
    fc.assert(
      fc.property(arbGame, (g) => {
        const { pos } = play(g);
        const discs = discCells(pos.disc);
        expect(discs).toHaveLength(19);
        expect(connectedFromFirst(discs)).toBe(19);
      }),
      { numRuns: 25 },
    );
  });

  it('the hash and key are equal for translated copies', () => {
    fc.assert(
      fc.property(arbGame, fc.integer({ min: -5, max: 5 }), fc.integer({ min: -5, max: 5 }), (g, dq, dr) => {
        const { pos } = play(g);
        const at = (c: number) => {
          const h = pos.coordinates(c);
          return [h.q + dq, h.r + dr] as [number, number];
        };
        const discs: [number, number][] = [];
        for (let c = 0; c < 1024; c++) if (pos.disc[c]) discs.push(at(c));
        const tokens = [0, 1].map((s) => [0, 1, 2].map((i) => at(pos.tokens[s * 3 + i] as number)));
        const copy = arrangeNonaga(discs, tokens[0] as [number, number][], tokens[1] as [number, number][], {
          turn: pos.turn,
          ...(pos.blocked >= 0 ? { blocked: at(pos.blocked) } : {}),
        });
        expect(copy.key()).toBe(pos.key());
        expect(copy.hash()).toEqual(pos.hash());
      }),
      { numRuns: 25 },
    );
  });
});

function neighbourCells(c: number): number[] {
  return [0, 1, 2, 3, 4, 5].map((d) => NB[c * 6 + d] as number);
}

function discCells(disc: ArrayLike<number>): number[] {
  const cells: number[] = [];
  for (let c = 0; c < 1024; c++) if (disc[c]) cells.push(c);
  return cells;
}

/** How many of `cells` the first one reaches through touching cells (an independent flood fill). */
function connectedFromFirst(cells: readonly number[]): number {
  const seen = new Set([cells[0]]);
  const stack = [cells[0] as number];
  while (stack.length) {
    const c = stack.pop() as number;
    for (const d of cells) {
      if (seen.has(d) || !touchCells(c, d)) continue;
      seen.add(d);
      stack.push(d);
    }
  }
  return seen.size;
}

function touchCells(a: number, b: number): boolean {
  const dq = (((b & 31) - (a & 31) + 48) % 32) - 16;
  const dr = (((b >> 5) - (a >> 5) + 48) % 32) - 16;
  return (dq === 0 && Math.abs(dr) === 1) || (dr === 0 && Math.abs(dq) === 1) || (dq === 1 && dr === -1) || (dq === -1 && dr === 1);
}
