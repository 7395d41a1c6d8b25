import { Browser, Client, signUp } from '../server/online.testing.ts';

/**
 * A server with something on each of its pages, for the accessibility test and `npm run check:web`:
 * a player who lost a rated Hex game to hexarena-random (so their profile has a rating, its chart,
 * results and a game, and the Hex ladder an engine), a Hex game of theirs under way where it is their move, and
 * an open Hive game with clocks that waits for its players.
 */
export interface SitePages {
  /** The player's name: their profile is /u/<name>. */
  readonly player: string;
  /** The player's session cookie, "name=value". */
  readonly cookie: string;
  /** The finished rated Hex game. */
  readonly finishedGame: string;
  /** The open Hive game, with clocks, no seat taken. */
  readonly openGame: string;
  /** A Hex game of the player's against the random AI, a move each played, the player to move. */
  readonly yourMoveGame: string;
  /** A Hive Swiss the player organises and has joined, starting in a day. */
  readonly tournament: string;
}

/** `promise`, or an error naming `what` after `ms`: a step that hangs says which it was. */
async function step<T>(what: string, promise: Promise<T>, ms = 150_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`preparing the site's pages: ${what} took over ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** In a Hex game of the player's (seat 0) against an AI: f6, the AI's answer, then a resignation if asked. */
async function hexOpening(base: string, id: string, from: string, cookie: string, what: string, resign: boolean): Promise<void> {
  const c = await step(`opening ${what}`, Client.open(base, id, undefined, from, { cookie }));
  try {
    await step(
      `${what}: its first sync`,
      c.next((m) => m.type === 'sync'),
    );
    const moved = await step(`${what}: a move`, c.ask({ type: 'move', seat: 0, move: 'f6', version: 0 }));
    if (moved.ok !== true) throw new Error(`${what}: the move was refused: ${JSON.stringify(moved)}`);
    await step(
      `${what}: the AI's answer`,
      c.next((m) => m.type === 'event' && (m.event as { seat?: number }).seat === 1),
    );
    if (!resign) return;
    const resigned = await step(`${what}: resigning`, c.ask({ type: 'resign', seat: 0 }));
    if (resigned.ok !== true) throw new Error(`${what}: the resignation was refused: ${JSON.stringify(resigned)}`);
  } finally {
    c.close();
  }
}

export async function prepareSitePages(base: string, player = 'Ada_Lovelace'): Promise<SitePages> {
  const b = new Browser(base, '127.0.0.1');
  const signed = await step('signing up', signUp(b, player, 'a quiet hexagon at dusk'));
  if (signed.status !== 201 || !b.cookie) throw new Error(`sign-up refused: ${signed.text}`);
  const cookie = b.cookie;
  const challenge = await step(
    'challenging hexarena-random',
    b.ask('POST', '/api/challenges', { to: 'hexarena-random', game: 'hex', rated: true, seat: 0 }),
  );
  const finishedGame = challenge.json?.gameId;
  if (typeof finishedGame !== 'string') throw new Error(`the challenge was refused: ${challenge.text}`);
  await hexOpening(base, finishedGame, b.from, cookie, 'the rated game', true);
  const open = await step(
    'making an open game',
    new Browser(base, '127.0.0.1').ask('POST', '/api/games', {
      game: 'hive',
      seats: ['open', 'open'],
      clock: { initialMs: 300_000, incrementMs: 3000 },
    }),
  );
  const openGame = open.json?.id;
  if (typeof openGame !== 'string') throw new Error(`the open game was refused: ${open.text}`);
  const yours = await step("making the player's game", b.ask('POST', '/api/games', { game: 'hex', seats: ['open', 'random'], seat: 0 }));
  const yourMoveGame = yours.json?.id;
  if (typeof yourMoveGame !== 'string') throw new Error(`the player's game was refused: ${yours.text}`);
  // A move each, so that it is under way: the home page offers it as the live game to watch.
  await hexOpening(base, yourMoveGame, b.from, cookie, 'the game under way', false);
  const made = await step(
    'making a tournament',
    b.ask('POST', '/api/tournaments', {
      kind: 'swiss',
      name: 'Hexagon Open',
      game: 'hive',
      rounds: 5,
      clock: { initialMs: 300_000, incrementMs: 3000 },
      startsAt: Date.now() + 86_400_000,
    }),
  );
  const tournament = made.json?.id;
  if (typeof tournament !== 'string') throw new Error(`the tournament was refused: ${made.text}`);
  const joined = await step('joining the tournament', b.ask('POST', `/api/tournaments/${tournament}/join`));
  if (joined.status !== 200) throw new Error(`joining the tournament was refused: ${joined.text}`);
  return { player, cookie, finishedGame, openGame, yourMoveGame, tournament };
}
