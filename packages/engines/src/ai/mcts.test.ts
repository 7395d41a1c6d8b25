import { describe, expect, it } from 'vitest';
import type { Agent } from '../engine/agent.ts';
import { runMatch } from '../engine/match.ts';
import { unwrap } from '../engine/result.ts';
import { Rng } from '../engine/rng.ts';
import type { DiceWarsMove } from '../games/dicewars/index.ts';
import { type DiceWarsState, dicewars, dicewarsAi, gamedesignAgent, hardAgent, TREE_SEARCH_ROUNDS } from '../games/dicewars/index.ts';
import { parseBoard, type TicTacToeMove, type TicTacToeState, tictactoe } from '../games/tictactoe/index.ts';
import { agentNames, createAgent, MCTS_BUDGET } from './agents.ts';
import { mctsAgent } from './mcts.ts';
import { randomAgent } from './random.ts';

const board = (text: string): TicTacToeState => ({ board: unwrap(parseBoard(text)) });
const mcts = mctsAgent('mcts', { iterations: 1000 }) as Agent<TicTacToeState, TicTacToeMove>;
const cellOf = async (text: string, seed = 'm') =>
  tictactoe.formatMove(board(text), await mcts.choose(tictactoe, board(text), { rng: Rng.fromSeed(seed) }));

describe('Monte Carlo tree search', () => {
  it('takes a win in one and blocks a loss in one (tic-tac-toe)', async () => {
    // X to move with a3-b3 made: c3 wins.
    expect(await cellOf('xx-oo----')).toBe('c3');
    // O to move, X threatens the a-file (a3, a2): O must take a1.
    expect(await cellOf('x-ox-----', 'n')).toBe('a1');
    // O to move after X's corner opening: every edge or far corner loses against best play, the centre holds.
    expect(await cellOf('x--------')).toBe('b2');
  });

  it('never loses to a random mover, on either side (tic-tac-toe)', async () => {
    const r = await runMatch({
      game: tictactoe,
      agents: [mcts, randomAgent as Agent<TicTacToeState, TicTacToeMove>],
      games: 40,
      seed: 'mcts',
    });
    expect(r.agents[0]?.losses).toBe(0);
    expect(r.agents[0]?.wins).toBeGreaterThan(30);
  });

  it('chooses the same move for the same position and generator', async () => {
    const state = board('x---o----');
    const a = await mcts.choose(tictactoe, state, { rng: Rng.fromSeed('same') });
    const b = await mcts.choose(tictactoe, state, { rng: Rng.fromSeed('same') });
    expect(a).toEqual(b);
  });

  it('still answers with a legal move when stopped before it starts', async () => {
    const state = board('x---o----');
    const move = await mcts.choose(tictactoe, state, { rng: Rng.fromSeed('s'), signal: AbortSignal.abort() });
    expect(tictactoe.legalMoves(state)).toContainEqual(move);
  });
});

describe('Monte Carlo tree search in a game of dice', () => {
  const quick = mctsAgent('mcts', { iterations: 200 }) as Agent<DiceWarsState, DiceWarsMove>;

  it('cannot read the dice the game will roll: its choice does not depend on the game’s generator', async () => {
    const state = dicewars.newGame({ ...dicewars.defaultOptions, players: 3, map: 'small' }, 'blind');
    const moves: string[] = [];
    for (const dice of ['one future', 'another future', 'a third']) {
      const copy = state.clone();
      copy.rng = Rng.fromSeed(dice);
      moves.push(dicewars.formatMove(copy, await quick.choose(dicewars, copy, { rng: Rng.fromSeed('same') })));
    }
    expect(new Set(moves).size).toBe(1);
    // Without determinizing, the search would play the game's own dice: that is refused, not done.
    // (A game of another id has no AI profile: its rules, without determinize.)
    const seeing = { ...dicewars, id: 'dicewars without its AI profile' };
    await expect(quick.choose(seeing, state, { rng: Rng.fromSeed('same') })).rejects.toThrow(/without determinize/);
  });

  // Its strength in duels against a random mover is a seeded match among the strength cases
  // (strength.testing.ts), played by `npm test`'s matches lane.

  it('is offered where no alpha-beta search is: DiceWars and tic-tac-toe, not Hive', async () => {
    expect(agentNames(dicewars)).toContain('mcts');
    expect(agentNames(tictactoe)).toContain('mcts');
    const { hive } = await import('../games/hive/game.ts');
    expect(agentNames(hive)).not.toContain('mcts');
    expect(createAgent(dicewars, 'mcts').ok).toBe(true);
  });
});

describe('the strong DiceWars levels search where the game says so', () => {
  it('hard plays the first rounds of a classic duel by tree search, then by its own judgement, and crowds by its own', async () => {
    const hard = unwrap(createAgent(dicewars, 'hard')) as Agent<DiceWarsState, DiceWarsMove>;
    const search = mctsAgent('search', MCTS_BUDGET) as Agent<DiceWarsState, DiceWarsMove>;
    const judge = hardAgent();
    const same = async (state: DiceWarsState, other: Agent<DiceWarsState, DiceWarsMove>) =>
      expect(await hard.choose(dicewars, state, { rng: Rng.fromSeed('r') })).toEqual(
        await other.choose(dicewars, state, { rng: Rng.fromSeed('r') }),
      );
    const duel = dicewars.newGame({ ...dicewars.defaultOptions, players: 2 }, 'duel');
    expect(dicewarsAi.treeSearchAt?.(duel)).toBe(true);
    await same(duel, search);
    // (Here the two would choose differently, so the comparison tells which one played.)
    expect(await search.choose(dicewars, duel, { rng: Rng.fromSeed('r') })).not.toEqual(
      await judge.choose(dicewars, duel, { rng: Rng.fromSeed('r') }),
    );
    // Later in the duel: the reference bots play both seats up to the fourth round.
    const later = duel.clone();
    const rng = Rng.fromSeed('on');
    while (later.round < TREE_SEARCH_ROUNDS && !later.isOver()) later.play(await gamedesignAgent.choose(dicewars, later, { rng }));
    expect(later.isOver()).toBe(false);
    expect(dicewarsAi.treeSearchAt?.(later)).toBe(false);
    await same(later, judge);
    const crowd = dicewars.newGame(dicewars.defaultOptions, 'crowd');
    expect(dicewarsAi.treeSearchAt?.(crowd)).toBe(false);
    await same(crowd, judge);
  });
});
