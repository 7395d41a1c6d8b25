import { describe, expect, it } from 'vitest';
import type { GameRules, Outcome, Player, Solvable } from '../engine/game.ts';
import { fail, ok } from '../engine/result.ts';
import { type TicTacToeMove, type TicTacToeState, tictactoe, tictactoeAi } from '../games/tictactoe/index.ts';
import { solvableOf } from './perfect.ts';
import { solve } from './solver.ts';

/** Tic-tac-toe with its AI profile: the solver keys its positions. */
const ttt = solvableOf(tictactoe) as typeof tictactoe & Solvable<TicTacToeState, TicTacToeMove>;

const start = ttt.newGame({}, 'solver');
const solution = solve(ttt, start);

describe('tic-tac-toe solved (the figures of shared/rules/tictactoe.md)', () => {
  it('5,478 reachable positions: 958 terminal, 4,520 not', () => {
    expect(solution.size).toBe(5478);
    expect(solution.terminalCount).toBe(958);
    expect(solution.size - solution.terminalCount).toBe(4520);
  });

  it('765 positions up to the eight symmetries', () => {
    expect(solution.symmetryClasses()).toBe(765);
  });

  it('255,168 complete games: X wins 131,184, O wins 77,904, draws 46,080', () => {
    expect(solution.countGames()).toEqual({ total: 255168n, winsBySeat: [131184n, 77904n], draws: 46080n });
  });

  it('the empty board is a draw', () => {
    expect(solution.value(start)?.verdict).toEqual({ kind: 'draw' });
  });

  it('agrees with a plain memoised minimax on every position, distances included', () => {
    // Independent check: value for the side to move, +(10 - plies) for a win, -(10 - plies) for a loss.
    const memo = new Map<string, number>();
    const negamax = (s: TicTacToeState): number => {
      const key = tictactoeAi.positionKey(s);
      const hit = memo.get(key);
      if (hit !== undefined) return hit;
      const r = ttt.result(s);
      let v: number;
      if (r)
        v = r.kind === 'draw' ? 0 : -10; // the side to move just lost
      else {
        v = -Infinity;
        for (const m of ttt.legalMoves(s)) v = Math.max(v, -negamax(ttt.play(s, m)));
        v = v > 0 ? v - 1 : v < 0 ? v + 1 : 0; // one ply further from the end
      }
      memo.set(key, v);
      return v;
    };
    for (const s of solution.states) {
      const v = negamax(s);
      const sv = solution.value(s);
      if (!sv) throw new Error('unsolved');
      const mover = ttt.toMove(s) ?? (ttt.result(s)?.kind === 'win' ? 1 - (ttt.result(s) as { winner: Player }).winner : 0);
      if (v === 0) expect(sv.verdict).toEqual({ kind: 'draw' });
      else {
        expect(sv.verdict).toEqual({ kind: 'win', winner: v > 0 ? mover : 1 - mover });
        expect(sv.distance).toBe(10 - Math.abs(v));
      }
    }
  });
});

/**
 * A toy game on an explicit graph: each node lists its successors; terminal nodes have an outcome.
 * Node 0: A to move, can go to 1 (cycle with 2) or 3 (A loses). 1 and 2 pass the turn around forever
 * unless B leaves to 4 (B loses). So neither side can force a win from 0: a draw by the cycle.
 */
interface Toy {
  readonly node: number;
}
const EDGES: Record<number, number[]> = { 0: [1, 3], 1: [2], 2: [1, 4], 3: [], 4: [], 5: [6], 6: [5, 7], 7: [] };
const MOVER: Record<number, Player> = { 0: 0, 1: 0, 2: 1, 5: 0, 6: 1 };
const END: Record<number, Outcome> = { 3: { kind: 'win', winner: 1 }, 4: { kind: 'win', winner: 0 }, 7: { kind: 'win', winner: 0 } };
const toy: GameRules<Toy, number> & { positionKey(s: Toy): string } = {
  id: 'toy',
  toMove: (s) => (END[s.node] ? null : (MOVER[s.node] as Player)),
  result: (s) => END[s.node] ?? null,
  legalMoves: (s) => EDGES[s.node] ?? [],
  play: (_s, m) => ({ node: m }),
  formatMove: (_s, m) => String(m),
  parseMove: (_s, t) => (/^\d$/.test(t) ? ok(Number(t)) : fail('not a node')),
  positionKey: (s) => String(s.node),
};

describe('solver on a graph with cycles', () => {
  const toySolution = solve(toy, { node: 0 });

  it('positions on a cycle that nobody can force out of are draws', () => {
    expect(toySolution.value({ node: 0 })?.verdict).toEqual({ kind: 'draw' });
    expect(toySolution.value({ node: 1 })?.verdict).toEqual({ kind: 'draw' });
    expect(toySolution.bestMoves({ node: 0 })).toEqual([1]); // avoid the lost exit
  });

  it('complete games are not counted when the graph has a cycle (there are infinitely many)', () => {
    expect(toySolution.countGames()).toBeNull();
  });

  it('a cycle one side can leave with a win is a win, at the right distance', () => {
    // 5 (A) -> 6 (B) -> 5 or 7: B must go back to 5 or lose, but 7 is B's only exit and A wins there.
    // A cannot force: B can cycle forever. So a draw again, and from 6 the move to 7 is never "best" for B.
    const s = solve(toy, { node: 5 });
    expect(s.value({ node: 5 })?.verdict).toEqual({ kind: 'draw' });
    expect(s.bestMoves({ node: 6 })).toEqual([5]);
    // From 2 with only the losing exit left (remove the cycle): 2 -> 4 is a win for A in 1.
    const s2 = solve({ ...toy, legalMoves: (st: Toy) => (st.node === 2 ? [4] : (EDGES[st.node] ?? [])) }, { node: 1 });
    expect(s2.value({ node: 1 })).toEqual({ verdict: { kind: 'win', winner: 0 }, distance: 2 });
  });

  it('refuses games larger than its limit instead of running out of memory', () => {
    expect(() => solve(ttt, start, { maxPositions: 100 })).toThrow(/too large to solve/);
  });
});
