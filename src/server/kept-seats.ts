import { randomBytes } from 'node:crypto';
import type { AnyGame, Json } from '@hexarena/engines/engine/game.ts';
import type { NewGame, PairedSeat } from './store.ts';
import { hashToken } from './tokens.ts';

/**
 * Games made with every seat already held — by the pairing, an accepted challenge, the ladder — so
 * none is open to the lobby and each belongs to its account from the start. Engines' seats name the
 * AI that plays them; whoever moves first, if an engine, is due at once.
 */
export function keptGame(
  game: AnyGame,
  options: Json,
  /** Per seat: "open" for a person, or the AI (level or outside seat) that plays it. */
  seats: readonly string[],
  made: { readonly id: string; readonly clock: NewGame['clock']; readonly rated: boolean; readonly creator: string; readonly now: number },
): NewGame {
  const seed = `key:${randomBytes(32).toString('hex')}`;
  const first = game.toMove(game.newGame(options, seed));
  return {
    id: made.id,
    game: game.id,
    options,
    seed,
    seats,
    clock: made.clock,
    createdAt: made.now,
    due: first !== null && seats[first] !== 'open' ? made.now : null,
    creator: made.creator,
    rulesVersion: game.rulesVersion,
    ...(made.rated ? { rated: true } : {}),
  };
}

/** A seat held by an account: its token is never sent to anyone, only a hash kept. */
export const keptSeat = (account: string, name: string): PairedSeat => ({
  account,
  name,
  tokenHash: hashToken(randomBytes(32).toString('base64url')),
});
