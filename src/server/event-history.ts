import type { GameEvent } from '@hexarena/engines/protocol/index.ts';

/** Events kept for catching up; a client further behind gets a full sync. */
export const RECENT_EVENTS = 256;

/**
 * A game's recent events, in version order: what a client that reconnects with the version it saw
 * is sent, exactly what it missed — or, when it is further behind than the history reaches, nothing
 * (it gets the whole game instead).
 */
export class EventHistory {
  private readonly events: GameEvent[] = [];

  constructor(private readonly kept = RECENT_EVENTS) {}

  /** Adds the next event (the oldest is let go past the bound). */
  push(event: GameEvent): void {
    this.events.push(event);
    if (this.events.length > this.kept) this.events.shift();
  }

  /** The events after `version` up to `now` (the game's version), or null when they are no longer kept. */
  since(version: number, now: number): GameEvent[] | null {
    if (version >= now) return [];
    const first = this.events[0];
    if (first === undefined || version < first.version - 1) return null;
    return this.events.filter((e) => e.version > version);
  }

  /** Every event kept, oldest first. */
  all(): readonly GameEvent[] {
    return this.events;
  }
}
