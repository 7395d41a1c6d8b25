import { unwrap } from '@hexarena/engines/engine/result.ts';
import { findGame, GAMES } from '@hexarena/engines/games/index.ts';
import { describe, expect, it } from 'vitest';
import { EngineLines } from './engine.ts';
import { runEngineLinesSession } from './session.ts';

/** The engine-lines protocol's engine, in-process: every game's record in, a legal move in its notation out. */
const engineFor = (id: string, level = 'easy'): EngineLines => {
  const made = EngineLines.create(unwrap(findGame(id)), level, '9.9.9', 'seed');
  if (typeof made === 'string') throw new Error(made);
  return made;
};

describe('engine-lines', () => {
  it.each(GAMES.map((g) => g.id))('plays %s: a record of a game under way in, a legal move of the game out', async (id) => {
    const game = unwrap(findGame(id));
    const options = game.headlessOptions ? game.headlessOptions(game.defaultOptions) : game.defaultOptions;
    let state = game.newGame(options, 'lines');
    // Two plies in, by the first legal move each: a position that is not the start.
    for (let i = 0; i < 2 && game.result(state) === null; i++) state = game.play(state, game.legalMoves(state)[0]);
    const engine = engineFor(id);
    expect(await engine.handle(`position ${JSON.stringify(game.toJSON(state))}`)).toEqual(['ok']);
    const [move, done] = await engine.handle('go depth 1');
    expect(done).toBe('ok');
    const parsed = game.parseMove(state, move as string);
    expect(parsed.ok).toBe(true);
    expect(game.legalMoves(state).map((m) => game.formatMove(state, m))).toContain(move);
  });

  it('refuses in words, and goes on: bad JSON, another game’s record, no position, a bad budget, a finished game, a stranger', async () => {
    const engine = engineFor('tictactoe');
    expect(await engine.handle('position {"x"')).toEqual([expect.stringMatching(/^err position needs the game's record as JSON/), 'ok']);
    const hive = unwrap(findGame('hive'));
    expect(await engine.handle(`position ${JSON.stringify(hive.toJSON(hive.newGame(hive.defaultOptions, 's')))}`)).toEqual([
      expect.stringMatching(/^err not a tictactoe record: /),
      'ok',
    ]);
    expect(await engine.handle('go')).toEqual(['err no position: send "position <record>" first', 'ok']);
    const ttt = unwrap(findGame('tictactoe'));
    let state = ttt.newGame(ttt.defaultOptions, 's');
    expect(await engine.handle(`position ${JSON.stringify(ttt.toJSON(state))}`)).toEqual(['ok']);
    for (const budget of ['time 0', 'depth 65', 'nodes 5', 'time', 'depth 1.5'])
      expect((await engine.handle(`go ${budget}`))[0]).toMatch(/^err go takes "time <ms>" \(1 to 3600000\) or "depth <n>" \(1 to 64\)/);
    for (const cell of ['a1', 'b1', 'a2', 'b2', 'a3']) state = ttt.play(state, unwrap(ttt.parseMove(state, cell)));
    expect(ttt.result(state)).not.toBeNull();
    expect(await engine.handle(`position ${JSON.stringify(ttt.toJSON(state))}`)).toEqual(['ok']);
    expect(await engine.handle('go depth 2')).toEqual(['err the game is over: there is no move to find', 'ok']);
    expect(await engine.handle('castle')).toEqual(['err unknown command "castle" (known: info, position, go, quit)', 'ok']);
    expect(await engine.handle('   ')).toEqual([]);
  });

  it('names itself first, answers each line in order, and stops at quit', async () => {
    const ttt = unwrap(findGame('tictactoe'));
    const record = JSON.stringify(ttt.toJSON(ttt.newGame(ttt.defaultOptions, 's')));
    async function* lines() {
      yield 'info';
      yield `position ${record}`;
      yield 'go depth 9';
      yield 'quit';
      yield 'info';
    }
    let out = '';
    await runEngineLinesSession(engineFor('tictactoe', 'max'), lines(), (t) => {
      out += t;
    });
    const said = out.trim().split('\n');
    // The greeting, info again, the position taken, the move and its ok — and nothing after quit.
    expect(said).toEqual(['id hexarena v9.9.9 tictactoe max', 'ok', 'id hexarena v9.9.9 tictactoe max', 'ok', 'ok', said[5], 'ok']);
    expect(ttt.parseMove(ttt.newGame(ttt.defaultOptions, 's'), said[5] as string).ok).toBe(true);
  });

  it('refuses an agent the game does not have', () => {
    expect(EngineLines.create(unwrap(findGame('hex')), 'grandmaster', '1', 's')).toMatch(/^unknown agent "grandmaster" for hex/);
  });
});
