import { describe, expect, it } from 'vitest';
import type { Player, Solvable } from '../engine/game.ts';
import { runMatch } from '../engine/match.ts';
import { Rng } from '../engine/rng.ts';
import { type TicTacToeMove, type TicTacToeState, tictactoe, tictactoeAi } from '../games/tictactoe/index.ts';
import { createAgent } from './agents.ts';
import { perfectAgent, perfectPlayOf, solvableOf } from './perfect.ts';
import { randomAgent } from './random.ts';

/** Tic-tac-toe with its AI profile: the solver keys its positions. */
const ttt = solvableOf(tictactoe) as typeof tictactoe & Solvable<TicTacToeState, TicTacToeMove>;

const play = perfectPlayOf(ttt);
const start = ttt.newGame({}, 'p');
const solution = play.solutionFor(start);

/** 1 win, 0 draw, -1 loss for `me`. */
const score = (winner: Player | 'draw', me: Player) => (winner === 'draw' ? 0 : winner === me ? 1 : -1);

describe('perfect agent', () => {
  it('never does worse than the value of the position, from every reachable position, against every reply', () => {
    // worst(s): the worst result `me` can get when it plays any of its perfect moves and the
    // opponent plays anything. It must equal the solver's value: never lose a held position,
    // always win a won one.
    for (const me of [0, 1] as Player[]) {
      const memo = new Map<string, number>();
      const worst = (s: TicTacToeState): number => {
        const key = tictactoeAi.positionKey(s);
        const hit = memo.get(key);
        if (hit !== undefined) return hit;
        const r = ttt.result(s);
        let v: number;
        if (r) v = score(r.kind === 'draw' ? 'draw' : r.winner, me);
        else {
          const moves = ttt.toMove(s) === me ? play.bestMoves(s) : ttt.legalMoves(s);
          v = Math.min(...moves.map((m) => worst(ttt.play(s, m))));
        }
        memo.set(key, v);
        return v;
      };
      for (const s of solution.states) {
        const verdict = solution.value(s)?.verdict;
        const value = verdict?.kind === 'win' ? score(verdict.winner, me) : 0;
        expect(worst(s)).toBe(value);
      }
    }
  });

  it('wins by the fastest road and loses by the slowest', () => {
    for (const s of solution.states) {
      const mover = ttt.toMove(s);
      if (mover === null) continue;
      const here = solution.value(s);
      for (const m of play.bestMoves(s)) {
        const next = solution.value(ttt.play(s, m));
        if (here?.verdict.kind === 'win') expect(next?.distance).toBe((here.distance as number) - 1);
      }
      // No legal move reaches a faster win or a slower loss than the chosen ones.
      const best = play.bestMoves(s).map((m) => solution.value(ttt.play(s, m))?.distance ?? 0);
      for (const m of ttt.legalMoves(s)) {
        const v = solution.value(ttt.play(s, m));
        if (v?.verdict.kind === 'win' && here?.verdict.kind === 'win' && v.verdict.winner === mover) {
          expect(v.distance).toBeGreaterThanOrEqual(Math.min(...best));
        }
        if (v?.verdict.kind === 'win' && here?.verdict.kind === 'win' && here.verdict.winner !== mover) {
          expect(v.distance).toBeLessThanOrEqual(Math.max(...best));
        }
      }
    }
  });

  it('takes a win in one rather than a slower one', async () => {
    // X: a3 b3, O: a1 b1; X to move. c3 wins at once.
    const s = ttt.fromJSON({ board: 'xx----oo-' });
    if (!s.ok) throw s.error;
    for (let i = 0; i < 20; i++) {
      expect(await perfectAgent.choose(ttt, s.value, { rng: Rng.fromSeed(String(i)) })).toEqual({ cell: 2 });
    }
  });

  it('wins 1,000 games against random with no loss, seats alternating', async () => {
    const result = await runMatch({ game: ttt, agents: [perfectAgent, randomAgent], games: 1000, seed: 'thousand' });
    expect(result.agents[0]?.losses).toBe(0);
    expect(result.agents[0]?.wins).toBeGreaterThan(800);
  });

  it('the named levels are weaker the lower they go, and "max" never loses', async () => {
    const scoreOf = async (name: string) => {
      const agent = createAgent(ttt, name);
      if (!agent.ok) throw agent.error;
      const r = await runMatch({ game: ttt, agents: [agent.value, randomAgent], games: 400, seed: name });
      return r.agents[0] as { wins: number; losses: number };
    };
    const easy = await scoreOf('easy');
    const max = await scoreOf('max');
    expect(max.losses).toBe(0);
    expect(easy.losses).toBeGreaterThan(0);
    expect(max.wins).toBeGreaterThan(easy.wins);
  });

  it('refuses games it cannot solve, and unknown agent names', async () => {
    const huge = { ...ttt, solvable: false };
    await expect(perfectAgent.choose(huge, start, { rng: Rng.fromSeed('x') })).rejects.toThrow(/cannot be solved/);
    expect(createAgent(ttt, 'grandmaster')).toMatchObject({ ok: false });
  });
});
