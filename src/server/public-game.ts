import type { PublicGame, SeatInfo } from '@hexarena/engines/protocol/index.ts';
import type { Clocks } from './clock.ts';
import { pauseShown } from './downtime.ts';
import type { Room } from './room.ts';
import { TOURNAMENT_OF } from './stores/game.ts';

/**
 * A live game as anyone may see it, over REST, a game's socket and a bot's stream: no seed (it
 * decides the dice) and no token until the game is over.
 */
export function publicGame(room: Room): PublicGame {
  const stored = room.stored;
  return {
    id: stored.id,
    game: stored.game,
    options: stored.options,
    seats: publicSeats(room),
    version: room.version,
    toMove: room.toMove,
    legalMoves: room.legalMoves(),
    clock: stored.clock ? { ...stored.clock, ...(room.clocks() as Clocks) } : null,
    moves: stored.moves.map((m) => m.move),
    ending: room.ending,
    view: room.view(null),
    start: room.startView,
    // Clients show clocks against the server's time, not their own.
    now: Date.now(),
    ...(stored.rated ? { rated: true } : {}),
    ...(stored.creator?.startsWith(TOURNAMENT_OF) ? { tournament: stored.creator.slice(TOURNAMENT_OF.length) } : {}),
    // An arena's timed game: who berserked (game/berserk.ts); where nobody may, nothing is said.
    ...(stored.berserk && stored.clock && !stored.clock.perMove ? { berserk: stored.berserk.map((b) => b.seat) } : {}),
    ...pausedField(room),
  };
}

/** The running clock was paused while the site was down, and nothing has happened since: said to the players. */
function pausedField(room: Room): { paused?: { at: number; ms: number } } {
  const paused = pauseShown(room.stored);
  return paused ? { paused: { at: paused.at, ms: paused.ms } } : {};
}

/**
 * Who sits where: open, taken by a person (with the name they gave) or played by the server's AI;
 * `left`, why a player left a game that goes on without them.
 */
export function publicSeats(room: Room): SeatInfo[] {
  const stored = room.stored;
  return stored.seats.map((kind, i) => {
    const left = room.leftBecause(i);
    return {
      kind: kind === 'open' ? (stored.seatTokens[i] ? ('taken' as const) : ('open' as const)) : ('ai' as const),
      ...(kind === 'open' ? {} : { level: kind }),
      name: stored.seatNames[i] ?? null,
      ...(left === null ? {} : { left }),
    };
  });
}

/** The seats `account` holds in a game: a browser learns its seats from them, in any tab or device. */
export const seatsOf = (room: Room, account: string | undefined): number[] =>
  account === undefined ? [] : room.stored.seatAccounts.flatMap((a, seat) => (a === account ? [seat] : []));
