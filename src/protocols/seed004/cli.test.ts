import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { captureIo } from '../../cli/testing.ts';
import type { SeedGame } from './board.ts';
import { fakePlayer } from './seed004.testing.ts';

async function cli(...argv: string[]) {
  const { io, out, err } = captureIo();
  const code = await main(argv, io);
  return { code, out: out(), err: err() };
}

/** A player that answers every request for an action with junk: it forfeits its first turn. */
const junk = () => fakePlayer((body) => (body.action === 'play' ? { junk: true } : {}));
/** A player that is never asked anything it must get right (or that is never asked at all). */
const listener = () => fakePlayer(() => ({}));

describe('hexarena match with http: seats', () => {
  it('every player hears how the game ended: the one that forfeited, and the one never asked to move', async () => {
    const white = await junk();
    const black = await listener();
    const { code, out } = await cli('match', 'hive', '--a', `http:${white.url}`, '--b', `http:${black.url}`, '--games', '1', '--seed', 'e');
    expect(code, out).toBe(0);
    const end = {
      action: null,
      feedback: expect.stringMatching(/^Game Over: Black wins \(http:http:\/\/127\.0\.0\.1:\d+ forfeits: .*3 invalid actions in a row/),
      status: 'over',
    };
    // Black was never to move: it hears only the end, once, at /player_black, with the game as it stood.
    expect(black.heard).toEqual([{ color: 'black', body: { game: expect.objectContaining({ turn: 1, board: [] }), ...end } }]);
    expect(white.heard.at(-1)).toEqual({ color: 'white', body: { game: expect.objectContaining({ turn: 1 }), ...end } });
    expect(white.bodies.filter((b) => b.status === 'over')).toHaveLength(1);
  });

  it('plays Base+ML unless told otherwise (the seed’s game cannot show what a pillbug may throw), and says so', async () => {
    const white = await junk();
    const { code, err } = await cli('match', 'hive', '--a', `http:${white.url}`, '--b', 'random', '--games', '1', '--seed', 't');
    expect(code).toBe(0);
    const game = white.bodies[0] as unknown as SeedGame;
    expect(game.remaining_pieces[0]?.pieces).toEqual(expect.arrayContaining(['mosquito', 'ladybug']));
    expect(game.remaining_pieces.flatMap((r) => r.pieces)).not.toContain('pillbug');
    expect(err).toContain('Base+ML');
    // A type asked for is played as asked.
    const asked = await junk();
    await cli('match', 'hive', '--a', `http:${asked.url}`, '--b', 'random', '--games', '1', '--options', '{"type":"Base+MLP"}');
    expect((asked.bodies[0] as unknown as SeedGame).remaining_pieces[0]?.pieces).toContain('pillbug');
  });

  it('--no-tournament lets a player set its queen first', async () => {
    let asked = 0;
    const white = await fakePlayer((body) => {
      if (body.action !== 'play') return {};
      return asked++ === 0 ? { type: 'set', final_x: 0, final_y: 0, piece_index: 0 } : { junk: true };
    });
    const { code, err } = await cli('match', 'hive', '--a', `http:${white.url}`, '--b', 'random', '--games', '1', '--no-tournament');
    expect(code, err).toBe(0);
    expect(white.bodies.find((b) => 'feedback' in b)).toMatchObject({ status: 'continue', action: { piece_index: 0 } });
    expect((await cli('match', 'tictactoe', '--a', 'random', '--b', 'random', '--no-tournament')).err).toBe(
      'hexarena: --no-tournament is for hive\n',
    );
  });

  it('match --help names http: and uhp: agents and --no-tournament', async () => {
    const { out } = await cli('match', '--help');
    expect(out).toContain('http:<address>');
    expect(out).toContain('uhp:<command>');
    expect(out).toContain('--no-tournament');
  });
});
