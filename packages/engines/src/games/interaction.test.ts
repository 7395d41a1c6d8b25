import { describe, expect, it } from 'vitest';
import { type BoardState, boardState, groupDests, highlights, select } from '../engine/board-interaction.ts';
import { unwrap } from '../engine/result.ts';
import { Rng } from '../engine/rng.ts';
import { attackOdds, COLOURS, dicewars, dicewarsBoard, dicewarsPremoveState, territoryKey } from './dicewars/index.ts';
import {
  displayCoordinates,
  type HiveState,
  hive,
  hiveBoard,
  hivePremoveState,
  pieceId,
  QUEEN,
  surroundedQueens,
  throwableCells,
} from './hive/index.ts';
import { arrangeHive, moveOf } from './hive/testing.ts';
import type { NonagaTurn } from './nonaga/index.ts';
import {
  joinedTokens,
  legalTurns,
  type NonagaState,
  nonaga,
  nonagaDiscBoard,
  nonagaPremoveState,
  nonagaSlideBoard,
} from './nonaga/index.ts';
import { arrangeNonaga } from './nonaga/testing.ts';
import { tictactoe, tictactoeBoard, winningCells } from './tictactoe/index.ts';

/** Every move a board offers, as the clicks that make it: (origin, destination) or a direct key. */
function offered<M>(board: BoardState<string, M>): { clicks: string[]; move: M }[] {
  const out: { clicks: string[]; move: M }[] = [];
  for (const [from, targets] of board.dests) for (const t of targets) out.push({ clicks: [from, t.to], move: t.move });
  for (const [k, move] of board.direct) out.push({ clicks: [k], move });
  return out;
}

/** Clicks the keys in order and returns the move made, if any. */
function click<M>(board: BoardState<string, M>, keys: string[]): M | undefined {
  let state = board;
  let move: M | undefined;
  for (const k of keys) {
    const r = select(state, k);
    state = r.state;
    move = r.move ?? move;
  }
  return move;
}

describe('selection', () => {
  const board = boardState(
    groupDests([
      { from: 'a', to: 'x', move: 'a-x' },
      { from: 'a', to: 'y', move: 'a-y' },
      { from: 'b', to: 'x', move: 'b-x' },
    ]),
    new Map([['pass', 'pass']]),
  );

  it('selecting an origin highlights its destinations; a destination then makes the move', () => {
    const s1 = select(board, 'a');
    expect(highlights(s1.state)).toEqual({ selected: 'a', dests: ['x', 'y'] });
    const s2 = select(s1.state, 'y');
    expect(s2.move).toBe('a-y');
    expect(s2.state.selected).toBeNull();
  });

  it('another origin moves the selection; the same one or anything else clears it', () => {
    expect(select(select(board, 'a').state, 'b').state.selected).toBe('b');
    expect(select(select(board, 'a').state, 'a').state.selected).toBeNull();
    expect(select(select(board, 'a').state, 'nowhere').state.selected).toBeNull();
    expect(highlights(board)).toEqual({ selected: null, dests: [] });
  });

  it('direct keys play at once; nothing plays when the board is not movable', () => {
    expect(select(board, 'pass').move).toBe('pass');
    const frozen = { ...board, movable: false };
    expect(select(frozen, 'a')).toEqual({ state: frozen });
    expect(select(frozen, 'pass').move).toBeUndefined();
  });
});

describe('boards offer exactly the legal moves, each by clicks', () => {
  it('tic-tac-toe: one click per free cell', () => {
    let state = tictactoe.newGame({}, 's');
    state = tictactoe.play(state, { cell: 4 });
    const board = tictactoeBoard(state, true);
    expect(click(board, ['a3'])).toEqual({ cell: 0 });
    expect(click(board, ['b2'])).toBeUndefined();
    expect(offered(board)).toHaveLength(8);
    expect(tictactoeBoard(state, false).movable).toBe(false);
  });

  it('hive: every legal move of random games is offered by its clicks, and only legal moves are', () => {
    const rng = Rng.fromSeed('hive-board');
    for (let g = 0; g < 6; g++) {
      let state: HiveState = hive.newGame(hive.defaultOptions, 'b');
      for (let ply = 0; ply < 40 && !hive.result(state); ply++) {
        const legal = hive.legalMoves(state);
        const board = hiveBoard(state, true);
        const moves = offered(board);
        expect(new Set(moves.map((o) => o.move))).toEqual(new Set(legal));
        for (const o of moves) expect(click(board, o.clicks)).toBe(o.move);
        state = hive.play(state, rng.pick(legal));
      }
    }
  });

  it('hive: pieces in hand are origins, and a pillbug throw is offered from the thrown piece', () => {
    const state = { pos: arrangeHive('wP 0 0; wQ 1 0; bQ 2 0; bA1 -1 0'), options: hive.defaultOptions };
    const board = hiveBoard(state, true);
    expect([...board.dests.keys()].some((k) => k.startsWith('hand:w'))).toBe(true);
    expect(click(board, ['-1,0', '0,1'])).toBe(moveOf('bA1', 0, 1));
    // The thrown piece is marked; none is without a pillbug beside it.
    expect(throwableCells(state, board)).toEqual(['-1,0']);
    const far = { pos: arrangeHive('wQ 0 0; bQ 1 0; bA1 -1 0'), options: hive.defaultOptions };
    expect(throwableCells(far, hiveBoard(far, true))).toEqual([]);
  });

  /** Every turn the Nonaga boards let a player make by clicks, as text. */
  const nonagaTurnsByClicks = (state: NonagaState): Set<string> => {
    const made = new Set<string>();
    for (const o of offered(nonagaSlideBoard(state, true))) {
      const step = click(nonagaSlideBoard(state, true), o.clicks);
      if (step?.kind === 'turn') made.add(nonaga.formatMove(state, step.turn));
      else if (step?.kind === 'slide') {
        const discs = nonagaDiscBoard(state, step.slide);
        for (const d of offered(discs)) {
          const whole = click(discs, d.clicks);
          if (whole?.kind === 'turn') made.add(nonaga.formatMove(state, whole.turn));
        }
      }
    }
    return made;
  };

  it('nonaga: a token, its slide end, then a disc and its new place make the turn', () => {
    const rng = Rng.fromSeed('nonaga-board');
    let state = nonaga.newGame(nonaga.defaultOptions, 'b');
    for (let turn = 0; turn < 8 && !nonaga.result(state); turn++) {
      const legal = legalTurns(state.pos);
      expect(nonagaTurnsByClicks(state)).toEqual(new Set(legal.map((t) => nonaga.formatMove(state, t))));
      state = nonaga.play(state, rng.pick(legal));
    }
  });

  it('nonaga: a player who may pass the slide (no token can slide) passes it with the "pass" key', () => {
    const options = { ...nonaga.defaultOptions, stuckPasses: true };
    const row = (q: number, r: number): [number, number][] => [0, 1, 2].map((i) => [q + i, r]);
    const pos = arrangeNonaga([...row(0, 0), ...row(5, 5)], row(0, 0), row(5, 5), { options });
    const state: NonagaState = { pos, options, turns: [], seed: 'stuck', first: 0 };
    expect(nonagaSlideBoard(state, true).direct.has('pass')).toBe(true);
    expect(nonagaTurnsByClicks(state)).toEqual(new Set(['pass pass']));
  });

  it('dicewars: your territory, then its target; "end" ends the turn; odds on hover', () => {
    const state = dicewars.newGame({ ...dicewars.defaultOptions, players: 4 }, 'b');
    const board = dicewarsBoard(state, true);
    const legal = dicewars.legalMoves(state);
    expect(offered(board).map((o) => o.move)).toEqual(expect.arrayContaining([...legal]));
    expect(offered(board)).toHaveLength(legal.length);
    expect(click(board, ['end'])).toEqual({ type: 'end' });
    const attack = legal.find((m) => m.type === 'attack');
    if (attack && attack.type === 'attack') {
      expect(click(board, [territoryKey(attack.from), territoryKey(attack.to)])).toEqual(attack);
      const odds = attackOdds(state, attack.from, attack.to);
      expect(odds).toBeGreaterThan(0);
      expect(odds).toBeLessThanOrEqual(1);
    }
  });
});

describe('the final position shows what ended the game', () => {
  it('tic-tac-toe: the line of three', () => {
    let state = tictactoe.newGame(tictactoe.defaultOptions, 'w');
    for (const cell of ['a1', 'b1', 'a2', 'b2', 'a3']) state = tictactoe.play(state, unwrap(tictactoe.parseMove(state, cell)));
    expect(winningCells(state).sort()).toEqual(['a1', 'a2', 'a3']);
    expect(winningCells(tictactoe.newGame(tictactoe.defaultOptions, 'w'))).toEqual([]);
  });

  it('Hive: the surrounded queen', () => {
    // bQ at (0,0) with five neighbours; wA1 fills the sixth.
    const state = {
      pos: arrangeHive('bQ 0 0; wS1 0 -1; wS2 1 -1; bS1 1 0; bS2 0 1; wB1 -1 1; wQ 2 -1; wA1 -1 -1; bA1 2 1'),
      options: hive.defaultOptions,
    };
    expect(surroundedQueens(state)).toEqual([]);
    const won = hive.play(state, moveOf('wA1', -1, 0));
    expect(hive.result(won)).toMatchObject({ kind: 'win', winner: 0 });
    const keys = surroundedQueens(won);
    expect(keys).toHaveLength(1);
    expect(hiveBoard(won, false).dests.size).toBe(0);
    expect(displayCoordinates(won.pos).get(won.pos.where[pieceId(1, QUEEN)] as number)).toEqual({
      q: Number(keys[0]?.split(',')[0]),
      r: Number(keys[0]?.split(',')[1]),
    });
  });

  it('Nonaga: the three joined tokens of the winner', () => {
    const row = (q: number, r: number): [number, number][] => [0, 1, 2].map((i) => [q + i, r]);
    const pos = arrangeNonaga(
      [...row(0, 0), ...row(0, 1), ...row(0, 2), [3, 0], [3, 1], [3, 2]],
      [
        [0, 0],
        [1, 0],
        [0, 2],
      ],
      [
        [2, 2],
        [3, 0],
        [3, 2],
      ],
    );
    const state: NonagaState = { pos, options: nonaga.defaultOptions, turns: [], seed: 'j', first: 0 };
    expect(joinedTokens(state)).toEqual([]);
    // Red's token on 0,2 slides up to 0,1, beside 0,0 and 1,0: three joined.
    const turn = legalTurns(pos).find((t) => t.disc === null && nonaga.formatMove(state, t) === '0,2>0,1');
    expect(turn).toBeDefined();
    const won = nonaga.play(state, turn as NonagaTurn);
    expect(nonaga.result(won)).toMatchObject({ kind: 'win', winner: 0 });
    expect(joinedTokens(won).sort()).toEqual(['0,0', '0,1', '1,0']);
  });
});

describe('DiceWars colours', () => {
  /** CIELAB (D65) of an sRGB colour such as #e69f00. */
  const lab = (hex: string): [number, number, number] => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
    const [x, y, z] = [
      (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047,
      r * 0.2126 + g * 0.7152 + b * 0.0722,
      (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883,
    ];
    return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
  };
  /** The smallest colour difference (ΔE) among the first n seats. */
  const closest = (n: number) => {
    let min = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        const [a, b] = [lab(COLOURS[i] as string), lab(COLOURS[j] as string)];
        min = Math.min(min, Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]));
      }
    return min;
  };

  it('up to six players no two colours are look-alikes: the two blues meet only at seven, orange and vermillion at eight', () => {
    expect(new Set(COLOURS).size).toBe(8);
    // The order before put sky blue and blue in the first five seats (ΔE 26).
    expect(closest(6)).toBeGreaterThan(30);
    expect(COLOURS.indexOf('#56b4e9')).toBe(6);
    expect(COLOURS.indexOf('#d55e00')).toBe(7);
  });
});

describe('a premove’s position: the waiting player’s moves on the opponent’s turn, the game untouched', () => {
  /**
   * Every move the waiting seat is offered, written in the notation, is what the rules read when
   * the turn comes: each one the opponent's move leaves legal parses to a legal move there.
   */
  function judged<S, M>(
    game: { legalMoves(s: S): readonly M[]; formatMove(s: S, m: M): string; parseMove(s: S, t: string): { ok: boolean } },
    premove: S,
    after: S,
  ): { offered: number; stillLegal: number } {
    const now = new Set(game.legalMoves(after).map((m) => game.formatMove(after, m)));
    const texts = game.legalMoves(premove).map((m) => game.formatMove(premove, m));
    const stillLegal = texts.filter((t) => now.has(t));
    for (const t of stillLegal) expect(game.parseMove(after, t).ok, t).toBe(true);
    return { offered: texts.length, stillLegal: stillLegal.length };
  }

  it('Hive: White’s moves while Black is to move; Black’s move leaves most of them to play', () => {
    let state: HiveState = hive.newGame(hive.defaultOptions, 'p');
    for (const t of ['wS1', 'bS1 wS1-', 'wQ -wS1']) state = hive.play(state, unwrap(hive.parseMove(state, t)));
    const before = hive.toJSON(state);
    const premove = hivePremoveState(state, 0) as HiveState;
    expect(hive.toMove(premove)).toBe(0);
    expect(hive.toJSON(state)).toEqual(before);
    expect(hivePremoveState(state, 1)).toBe(state);
    const after = hive.play(state, unwrap(hive.parseMove(state, 'bQ bS1-')));
    const { offered, stillLegal } = judged(hive, premove, after);
    expect(offered).toBeGreaterThan(10);
    expect(stillLegal).toBeGreaterThan(offered / 2);
  });

  it('Nonaga: the waiting side’s turns, the game’s own turn untouched', () => {
    const state = nonaga.newGame(nonaga.defaultOptions, 'p');
    const first = state.pos.turn;
    const waiting = (1 - first) as 0 | 1;
    const premove = nonagaPremoveState(state, waiting) as NonagaState;
    expect(nonaga.toMove(premove)).toBe(waiting);
    expect(nonaga.toMove(state)).toBe(first);
    expect(nonagaPremoveState(state, first)).toBe(state);
    const after = nonaga.play(state, legalTurns(state.pos)[0] as NonagaTurn);
    const { offered, stillLegal } = judged(nonaga, premove, after);
    expect(offered).toBeGreaterThan(10);
    expect(stillLegal).toBeGreaterThan(0);
  });

  it('DiceWars: a waiting seat’s attacks on another’s turn, the dice and the turn of the game untouched', () => {
    const state = dicewars.newGame({ ...dicewars.defaultOptions, players: 4 }, 'p');
    const waiting = state.order[2] as number;
    const premove = dicewarsPremoveState(state, waiting);
    expect(premove && dicewars.toMove(premove)).toBe(waiting);
    expect(dicewars.toMove(state)).toBe(state.order[0]);
    const attacks = dicewars.legalMoves(premove as typeof state).filter((m) => m.type === 'attack');
    expect(attacks.length).toBeGreaterThan(0);
    for (const m of attacks) expect(m.type === 'attack' && state.owner[m.from]).toBe(waiting);
  });
});
