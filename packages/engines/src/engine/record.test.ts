import { describe, expect, it } from 'vitest';
import { tictactoe, tictactoeAi } from '../games/tictactoe/index.ts';
import { makeRecord, parseRecord, replay } from './record.ts';

const record = (moves: string[], result: unknown = null, extra: Record<string, unknown> = {}) =>
  parseRecord({ game: 'tictactoe', options: {}, seed: 's', moves, result, ...extra });

const must = <T>(r: { ok: true; value: T } | { ok: false; error: Error }): T => {
  if (!r.ok) throw r.error;
  return r.value;
};

describe('game records', () => {
  it('replay reproduces the position and checks the stated result', () => {
    const r = must(record(['b2', 'a1', 'a3', 'c1', 'b1', 'c3', 'b3'], { kind: 'win', winner: 0 }));
    const replayed = must(replay(tictactoe, r));
    expect(tictactoeAi.positionKey(replayed.state)).toBe('xxo-x-oxo');
    expect(tictactoe.result(replayed.state)).toMatchObject({ kind: 'win', winner: 0 });
    expect(replayed.moves).toHaveLength(7);
    // Every position on the way, for undo and step-through: the start, then one per move.
    expect(replayed.states.map((s) => tictactoeAi.positionKey(s))).toEqual([
      '---------',
      '----x----',
      '----x-o--',
      'x---x-o--',
      'x---x-o-o',
      'x---x-oxo',
      'x-o-x-oxo',
      'xxo-x-oxo',
    ]);
    expect(replayed.states.at(-1)).toBe(replayed.state);
  });

  it('a tampered record is rejected with the number of the bad move', () => {
    const r = must(record(['b2', 'a1', 'b2', 'c1'])); // move 3 plays on a taken cell
    const replayed = replay(tictactoe, r);
    expect(replayed.ok).toBe(false);
    if (!replayed.ok) expect(replayed.error.message).toBe('move 3 (b2): b2 already holds X');
  });

  it('malformed moves, moves after the end and a false result are each named', () => {
    const garbage = replay(tictactoe, must(record(['b2', 'zz'])));
    expect(!garbage.ok && garbage.error.message).toMatch(/^move 2 \(zz\): "zz" is not a cell/);
    const late = replay(tictactoe, must(record(['a3', 'a2', 'b3', 'b2', 'c3', 'c2'], { kind: 'win', winner: 0 })));
    expect(!late.ok && late.error.message).toBe('move 6 (c2): the game was already over');
    const lie = replay(tictactoe, must(record(['a3', 'a2', 'b3', 'b2', 'c3'], { kind: 'win', winner: 1 })));
    expect(!lie.ok && lie.error.message).toBe('the record says O wins but its moves end X wins (three in a row)');
    const unfinished = replay(tictactoe, must(record(['a3'], { kind: 'draw' })));
    expect(!unfinished.ok && unfinished.error.message).toBe('the record says draw but its moves end unfinished');
  });

  it('a game ended outside the rules (resignation, move cap) must not be over by the rules', () => {
    expect(replay(tictactoe, must(record(['a3'], { kind: 'win', winner: 1 }, { termination: 'resignation' }))).ok).toBe(true);
    const over = replay(
      tictactoe,
      must(record(['a3', 'a2', 'b3', 'b2', 'c3'], { kind: 'win', winner: 0 }, { termination: 'resignation' })),
    );
    expect(!over.ok && over.error.message).toMatch(/ended by resignation but its moves end X wins/);
    const noResult = replay(tictactoe, must(record(['a3'], null, { termination: 'move-cap' })));
    expect(noResult.ok).toBe(false);
  });

  it('a result must name seats of the game: no seat 99, no ranking of strangers or repeats', () => {
    const resigned = (result: unknown) => replay(tictactoe, must(record(['a3'], result, { termination: 'resignation' })));
    const message = (r: ReturnType<typeof resigned>) => (r.ok ? 'accepted' : r.error.message);
    expect(message(resigned({ kind: 'win', winner: 99 }))).toBe('record result: winner 99 is no seat of this game (seats 0 to 1)');
    expect(message(resigned({ kind: 'win', winner: 1, ranking: [99, 1] }))).toMatch(/^record result: the ranking names seat 99/);
    expect(message(resigned({ kind: 'win', winner: 1, ranking: [1, 1] }))).toBe('record result: the ranking names a seat twice');
    expect(message(resigned({ kind: 'win', winner: 1, ranking: [0, 1] }))).toBe('record result: the ranking must start with the winner');
    expect(resigned({ kind: 'win', winner: 1, ranking: [1, 0] }).ok).toBe(true);
  });

  it('parseRecord refuses malformed JSON with a message naming the field', () => {
    const cases: [unknown, RegExp][] = [
      [null, /JSON object/],
      [{ seed: 's', moves: [] }, /record\.game/],
      [{ game: 'tictactoe', seed: 1, moves: [] }, /record\.seed/],
      [{ game: 'tictactoe', seed: 's', moves: 'a1 b2' }, /record\.moves/],
      [{ game: 'tictactoe', seed: 's', moves: [1] }, /record\.moves/],
      [{ game: 'tictactoe', seed: 's', moves: [], result: { kind: 'win' } }, /result/],
      [{ game: 'tictactoe', seed: 's', moves: [], termination: 'boredom' }, /termination/],
      [{ game: 'tictactoe', seed: 's', moves: [], players: 'ab' }, /players/],
    ];
    for (const [json, message] of cases) {
      const r = parseRecord(json);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(message);
    }
  });

  it('refuses a record of another game and bad options', () => {
    const other = replay(tictactoe, must(parseRecord({ game: 'hive', seed: 's', moves: [] })));
    expect(!other.ok && other.error.message).toBe('this record is a game of hive, not tictactoe');
    const opts = replay(tictactoe, must(parseRecord({ game: 'tictactoe', options: { size: 5 }, seed: 's', moves: [] })));
    expect(!opts.ok && opts.error.message).toMatch(/^record options: /);
  });

  it('makeRecord output survives JSON and replays', () => {
    const made = makeRecord(tictactoe, {}, 'seed', ['b2', 'a1'], null, { players: ['me', 'you'] });
    const back = must(parseRecord(JSON.parse(JSON.stringify(made))));
    expect(back).toEqual(made);
    expect(replay(tictactoe, back).ok).toBe(true);
  });
});
