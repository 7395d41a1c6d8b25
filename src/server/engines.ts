import { createHash } from 'node:crypto';
import { agentNames } from '@hexarena/engines/ai/agents.ts';
import type { GameRules } from '@hexarena/engines/engine/game.ts';
import { GAMES } from '@hexarena/engines/games/index.ts';
import { outsideSeatGame } from '../protocols/seat-prefixes.ts';
import type { IdentityStore } from './identity/store.ts';

/**
 * Engines as players: each of hexarena's AI levels, and each outside program the operator lists
 * (HEXARENA_OUTSIDE_SEATS), has a bot account it plays rated games under — so engines are rated like
 * everyone, can be challenged by name, and meet each other on the ladder. Their names are kept from
 * players ("hexarena-…" for the levels, "bot-…" for outside programs; usernames.ts reserves both).
 */
export interface Engine {
  /** The seat it plays in a game: a level ("hard") or an outside seat ("uhp:nokamute uhp"). */
  readonly seat: string;
  readonly account: string;
  readonly name: string;
}

const ENGINE_PREFIX = 'engine:';

/** The outside program a seat starts, as a short name: "uhp:/opt/nokamute uhp" → "nokamute". */
function programName(seat: string): string {
  const command = seat.slice(seat.indexOf(':') + 1).trim();
  const first = command.startsWith('"') ? command.slice(1, command.indexOf('"', 1)) : (command.split(/\s+/)[0] ?? '');
  return (first.split(/[\\/]/).pop() ?? 'engine').replace(/\.[a-z]+$/i, '').replace(/[^A-Za-z0-9_-]/g, '') || 'engine';
}

export function engineOf(seat: string): Engine {
  const outside = seat.includes(':');
  if (!outside) return { seat, account: `${ENGINE_PREFIX}${seat}`, name: `hexarena-${seat}`.slice(0, 20) };
  // Two seats of one program (other flags, other depths) are two engines: a hash of the whole seat tells them apart.
  const hash = createHash('sha256').update(seat).digest('hex');
  return { seat, account: `${ENGINE_PREFIX}${hash.slice(0, 16)}`, name: `bot-${programName(seat).slice(0, 11)}-${hash.slice(0, 4)}` };
}

export class Engines {
  private ensured: Promise<void> | null = null;
  readonly all: readonly Engine[];

  constructor(
    private readonly store: IdentityStore,
    private readonly outsideSeats: readonly string[],
    private readonly now: () => number,
  ) {
    const levels = new Set(GAMES.flatMap((g) => agentNames(g as GameRules<unknown, unknown>)));
    this.all = [...[...levels].map(engineOf), ...outsideSeats.map(engineOf)];
  }

  /** The engine with this account, if it is one of this server's. */
  byAccount(account: string): Engine | undefined {
    return this.all.find((e) => e.account === account);
  }

  bySeat(seat: string): Engine | undefined {
    return this.all.find((e) => e.seat === seat);
  }

  /** Whether the engine plays `game` here. */
  plays(engine: Engine, game: GameRules<unknown, unknown>): boolean {
    return engine.seat.includes(':')
      ? outsideSeatGame(engine.seat) === game.id && this.outsideSeats.includes(engine.seat)
      : agentNames(game).includes(engine.seat);
  }

  /** Makes sure every engine has its account (once per process; tried again after a failure). */
  ensure(): Promise<void> {
    if (!this.ensured) {
      const at = this.now();
      this.ensured = Promise.all(this.all.map((e) => this.store.accounts.ensureEngine(e.account, e.name, e.name.toLowerCase(), at))).then(
        () => undefined,
      );
      this.ensured.catch(() => {
        this.ensured = null;
      });
    }
    return this.ensured;
  }
}
