import { runMatch } from '@hexarena/engines/engine/match.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { hive } from '@hexarena/engines/games/hive/game.ts';
import { describe, expect, it } from 'vitest';
import { resolveAgent } from '../agents.ts';
import type { SeedGame } from './board.ts';
import { seed004Referee } from './referee.ts';
import { fakePlayer, RawAnswer } from './seed004.testing.ts';

/**
 * A fake player whose first action is `first(game)` (the game it was last sent) and whose every
 * later one is junk, so that a game ends soon after: what the referee said to the first action is
 * what a test looks at.
 */
async function firstThenJunk(first: (game: SeedGame) => unknown) {
  let game: SeedGame | undefined;
  let asked = 0;
  return fakePlayer((body) => {
    if ('board' in body) game = body as unknown as SeedGame;
    if (body.action !== 'play') return {};
    return asked++ === 0 ? first(game as SeedGame) : { junk: true };
  });
}

/** One game: the fake player as White against hexarena's random player. */
async function oneGame(url: string, options: Record<string, unknown> = { type: 'Base' }) {
  const result = await runMatch({
    game: hive,
    options: unwrap(hive.parseOptions(options)),
    agents: [seed004Referee(url, { graceMs: 2000 }), unwrap(resolveAgent(hive, 'random'))],
    games: 1,
    seed: 'referee-test',
  });
  return result.records[0];
}

const feedbacks = (bodies: Record<string, unknown>[]) => bodies.filter((b) => 'feedback' in b);
const hand = (game: SeedGame) => game.remaining_pieces.find((r) => r.player === game.player)?.pieces ?? [];

describe('hexarena’s referee reads actions as the seed defines them', () => {
  it('piece_index is an index into the list it sent: any index naming a spider sets a spider', async () => {
    const fake = await firstThenJunk((game) => ({ type: 'set', final_x: 0, final_y: 0, piece_index: hand(game).lastIndexOf('spider') }));
    await oneGame(fake.url);
    const [first] = feedbacks(fake.bodies);
    expect(first).toMatchObject({ status: 'continue', action: { piece_index: 2 } });
    expect((first as { game: SeedGame }).game.board).toEqual([{ x: 0, y: 0, color: 'white', type: 'spider', height: 0 }]);
  });

  it('a first piece set elsewhere than (0, 0) is refused with where it goes; at (0, 0) the game keeps its numbers', async () => {
    const elsewhere = await firstThenJunk((game) => ({ type: 'set', final_x: 5, final_y: 7, piece_index: hand(game).indexOf('ant') }));
    await oneGame(elsewhere.url);
    expect(feedbacks(elsewhere.bodies)[0]).toMatchObject({
      status: 'invalid',
      feedback:
        "setting the ant (piece_index 8) at (5, 7) is not a legal move: the first piece of a game is set at (0, 0), where the board's numbers start",
    });
    const origin = await firstThenJunk((game) => ({ type: 'set', final_x: 0, final_y: 0, piece_index: hand(game).indexOf('ant') }));
    await oneGame(origin.url);
    // The next game White is sent, after Black's reply: the ant has not moved.
    const next = origin.bodies.filter((b) => 'board' in b)[1] as unknown as SeedGame;
    expect(next.turn).toBe(3);
    expect(next.board).toContainEqual({ x: 0, y: 0, color: 'white', type: 'ant', height: 0 });
  });

  it('a queen set first is refused under the tournament rule, named as such; without the rule it is played', async () => {
    const queen = (game: SeedGame) => ({ type: 'set', final_x: 0, final_y: 0, piece_index: hand(game).indexOf('queen') });
    const strict = await firstThenJunk(queen);
    await oneGame(strict.url);
    expect(feedbacks(strict.bodies)[0]).toMatchObject({
      status: 'invalid',
      feedback:
        'setting the queen (piece_index 0) at (0, 0) is not a legal move: no player may set its queen as its first piece (the tournament rule, which this game is played by)',
    });
    const free = await firstThenJunk(queen);
    await oneGame(free.url, { type: 'Base', tournament: false });
    expect(feedbacks(free.bodies)[0]).toMatchObject({ status: 'continue' });
  });

  it('an answer that is not JSON is told so, word for word', async () => {
    for (const [raw, feedback] of [
      ['hello, referee', 'the answer is not JSON: it begins "hello, referee"'],
      ['', 'the answer is empty: an action is a JSON object such as {"type": "set", …}'],
    ]) {
      const fake = await fakePlayer((body) => (body.action === 'play' ? new RawAnswer(raw as string) : {}));
      const record = await oneGame(fake.url);
      expect(feedbacks(fake.bodies)[0]).toMatchObject({ status: 'invalid', action: null, feedback });
      expect(record?.result?.reason).toContain(`(the last: ${feedback})`);
    }
  });

  it('a player that answers with an error status forfeits, and its error is the reason', async () => {
    const fake = await fakePlayer((body) => ('board' in body ? new RawAnswer('{"error": "no room for another game"}', 503) : {}));
    const record = await oneGame(fake.url);
    expect(record?.termination).toBe('forfeit');
    expect(record?.result?.reason).toMatch(/the player at http:\/\/127\.0\.0\.1:\d+ answered the game with 503: no room for another game$/);
  });
});
