import { DIRECTIONS } from '@hexarena/engines/hex/coords.ts';
import { describe, expect, it } from 'vitest';
import { type SeedPiece, toAxial } from './board.ts';
import { startSeed004Player } from './player.ts';
import { postTo, seedBoard } from './seed004.testing.ts';

/** The colours of the pieces next to (x, y) on a board, and whether (x, y) itself is taken. */
function around(board: readonly SeedPiece[], x: number, y: number): { taken: boolean; colors: Set<string> } {
  const at = toAxial(x, y);
  const colors = new Set<string>();
  let taken = false;
  for (const p of board) {
    const h = toAxial(p.x, p.y);
    if (h.q === at.q && h.r === at.r) taken = true;
    if (DIRECTIONS.some((d) => h.q === at.q + d.q && h.r === at.r + d.r)) colors.add(p.color);
  }
  return { taken, colors };
}

/** White has set three ants and no queen: on its fourth turn it must set the queen. */
const queenDue = (dq = 0, dr = 0) =>
  seedBoard([
    ['white', 'ant', 0 + dq, 0 + dr],
    ['black', 'ant', 1 + dq, 0 + dr],
    ['white', 'ant', -1 + dq, 0 + dr],
    ['black', 'ant', 2 + dq, 0 + dr],
    ['white', 'ant', -2 + dq, 0 + dr],
    ['black', 'ant', 3 + dq, 0 + dr],
  ]);
/** Not hexarena's order (queen, spiders, beetles, grasshoppers, ants): the queen comes last. */
const WHITE_HAND = ['cricket', 'cricket', 'cricket', 'beetle', 'beetle', 'spider', 'spider', 'queen'];
const BLACK_HAND = ['spider', 'queen', 'beetle', 'cricket', 'spider', 'beetle', 'cricket', 'cricket'];
const queenGame = (board = queenDue()) => ({
  turn: 7,
  board,
  player: 'white',
  remaining_pieces: [
    { player: 'white', pieces: WHITE_HAND },
    { player: 'black', pieces: BLACK_HAND },
  ],
});

/**
 * A line B W W B W W … B: every white piece holds the hive together, so white cannot move; it can
 * only set the one piece it has left, a cricket, next to two of its own.
 */
const line = [
  'black',
  'white',
  'white',
  'black',
  'white',
  'white',
  'black',
  'white',
  'white',
  'black',
  'white',
  'white',
  'black',
  'white',
  'white',
  'black',
];
const WHITE_SET = ['queen', 'spider', 'spider', 'beetle', 'beetle', 'cricket', 'cricket', 'ant', 'ant', 'ant'];
const BLACK_SET = ['queen', 'spider', 'spider', 'beetle', 'beetle', 'cricket'];
function crickets(): { turn: number; board: SeedPiece[]; player: string; remaining_pieces: { player: string; pieces: string[] }[] } {
  const next = { white: 0, black: 0 };
  const board = seedBoard(
    line.map((color, q) => {
      const type = (color === 'white' ? WHITE_SET : BLACK_SET)[next[color as 'white' | 'black']++] as string;
      return [color as 'white' | 'black', type, q, 0] as const;
    }),
  );
  return {
    turn: 33,
    board,
    player: 'white',
    remaining_pieces: [
      { player: 'white', pieces: ['cricket'] },
      { player: 'black', pieces: ['ant', 'cricket', 'ant', 'cricket', 'ant'] },
    ],
  };
}

async function player() {
  const started = await startSeed004Player({ port: 0, level: 'easy', seed: 'player-test' });
  return { ...started, post: (color: 'white' | 'black', body: unknown) => postTo(started.url, color, body) };
}

describe('hexarena http-player reads the game as the referee wrote it', () => {
  it('answers piece_index as an index into the remaining_pieces it was sent (the queen, last of eight)', async () => {
    const p = await player();
    try {
      expect((await p.post('white', queenGame())).status).toBe(200);
      const { status, json } = await p.post('white', { action: 'play', player: 'white' });
      expect(status).toBe(200);
      expect(json).toMatchObject({ type: 'set', piece_index: 7 });
      const cell = around(queenDue(), json.final_x as number, json.final_y as number);
      expect(cell).toEqual({ taken: false, colors: new Set(['white']) });
    } finally {
      await p.close();
    }
  });

  it('with one piece left, ["cricket"], it sets it as piece_index 0', async () => {
    const p = await player();
    try {
      const game = crickets();
      expect((await p.post('white', game)).status).toBe(200);
      const { status, json } = await p.post('white', { action: 'play', player: 'white' });
      expect(status).toBe(200);
      expect(json).toMatchObject({ type: 'set', piece_index: 0 });
      expect(around(game.board, json.final_x as number, json.final_y as number)).toEqual({ taken: false, colors: new Set(['white']) });
    } finally {
      await p.close();
    }
  });

  it('answers in the referee’s coordinates, wherever its hive stands (here 20 columns east, 3 rows south)', async () => {
    const p = await player();
    try {
      const board = queenDue(20, 3);
      expect((await p.post('white', queenGame(board))).status).toBe(200);
      const { json } = await p.post('white', { action: 'play', player: 'white' });
      expect(around(board, json.final_x as number, json.final_y as number)).toEqual({ taken: false, colors: new Set(['white']) });
      expect(json).toMatchObject({ type: 'set', piece_index: 7 });
    } finally {
      await p.close();
    }
  });
});

describe('hexarena http-player refuses what it cannot answer, with a status and why', () => {
  it('does not play for a colour that is not to move', async () => {
    const p = await player();
    try {
      // The game may be shown to both players; only the one to move is asked.
      expect((await p.post('black', queenGame())).status).toBe(200);
      expect(await p.post('black', { action: 'play', player: 'black' })).toEqual({
        status: 409,
        json: { error: 'white is to move in the game sent to /player_black, not black' },
      });
      expect((await p.post('white', queenGame())).status).toBe(200);
      expect(await p.post('white', { action: 'play', player: 'black' })).toEqual({
        status: 400,
        json: { error: 'the request asks black to play, but it was sent to /player_white' },
      });
    } finally {
      await p.close();
    }
  });

  it('refuses a game that cannot be a game of Hive (422), saying what is wrong', async () => {
    const p = await player();
    try {
      const good = crickets();
      const board = good.board;
      const cases: [string, unknown, string][] = [
        [
          'a spider that is a fourth cricket: ["cricket"] is not what white has left',
          { ...good, board: board.map((b) => (b.color === 'white' && b.type === 'spider' && b.x === 4 ? { ...b, type: 'cricket' } : b)) },
          'white has 1 spider (1 on the board, 0 in remaining_pieces), but a player of Base has 2',
        ],
        [
          'a player with no list',
          { ...good, remaining_pieces: good.remaining_pieces.slice(0, 1) },
          '"remaining_pieces" has no entry for black',
        ],
        [
          'two pieces on one place',
          { ...good, board: [...board.slice(1), { ...(board[0] as SeedPiece), x: 1, y: 0 }] },
          'two pieces on (1, 0) at height 0',
        ],
        [
          'a piece in the air',
          { ...good, board: board.map((b) => (b.x === 1 ? { ...b, height: 1 } : b)) },
          'the white queen on (1, 0) at height 1 has nothing under it',
        ],
        [
          'a queen on top of the hive',
          { ...good, board: board.map((b) => (b.x === 1 ? { ...b, x: 0, height: 1 } : b)) },
          'the white queen on (0, 0) at height 1 is on the hive, where only beetles and mosquitoes climb',
        ],
        [
          'a hive in two parts',
          { ...good, board: board.map((b) => (b.x === 15 ? { ...b, x: 17 } : b)) },
          'the hive is in more than one part: nothing joins the black cricket on (17, 7) to the black queen on (0, 0)',
        ],
        [
          'four pieces and no queen',
          {
            ...queenGame(),
            board: [...queenDue(), ...seedBoard([['white', 'spider', -3, 0]])],
            remaining_pieces: [
              { player: 'white', pieces: WHITE_HAND.filter((t, i) => t !== 'spider' || i !== 5) },
              { player: 'black', pieces: BLACK_HAND },
            ],
          },
          'white has 4 pieces on the board and no queen: a player sets its queen by its fourth turn',
        ],
      ];
      for (const [what, game, error] of cases) expect(await p.post('white', game), what).toEqual({ status: 422, json: { error } });
      // The game refused is not played, nor the one before it.
      expect((await p.post('white', good)).status).toBe(200);
      expect((await p.post('white', cases[0]?.[1])).status).toBe(422);
      expect(await p.post('white', { action: 'play', player: 'white' })).toEqual({
        status: 409,
        json: { error: 'no game to play: send one to /player_white (a game refused is not kept)' },
      });
    } finally {
      await p.close();
    }
  });
});
