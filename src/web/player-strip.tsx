import type { Player } from '@hexarena/engines/engine/game.ts';
import { NEW_PLAYER } from '@hexarena/engines/ratings/glicko2.ts';
import { Swords } from 'lucide-preact';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from './i18n/index.ts';
import { fetchProfile } from './online/api.ts';
import { formatClock } from './online/clock-text.ts';
import type { OnlineInfo } from './online/info.ts';

/** Below ten seconds a clock turns red and shows tenths. */
const LOW_MS = 10_000;

/**
 * One seat's clock; only the running one ticks, and it ticks here alone, so neither the strip nor the
 * board redraws with it.
 */
function SeatClock({ info, seat }: { info: OnlineInfo; seat: Player }) {
  const [, setTick] = useState(0);
  const running = info.runningClock === seat;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setTick((t) => t + 1), 100);
    return () => clearInterval(timer);
  }, [running]);
  const ms = info.clocks(Date.now())?.[seat];
  if (ms === undefined) return null;
  const berserk = info.berserked.includes(seat);
  return (
    <span class={`clock${running ? ' running' : ''}${ms < LOW_MS ? ' low' : ''}`} data-seat={seat} data-ms={Math.round(ms)}>
      {berserk && (
        // An arena's berserk: this seat plays on half its clock, for a point more if it wins.
        <span class="berserked" role="img" aria-label={t('game.berserked')} title={t('game.berserked')} data-testid={`berserked-${seat}`}>
          <Swords class="icon" aria-hidden="true" />
        </span>
      )}
      <time data-testid={`clock-${seat}`}>{formatClock(ms)}</time>
    </span>
  );
}

/** Ratings already asked for on this page, by name and perf: a strip redrawn does not ask again. */
const asked = new Map<string, Promise<string | null>>();

/**
 * A player's rating in `perf` as shown beside their name ("1612", "1500?"), once the server says; null
 * for a guest. Asked again once the game is rated (`rated`): the strips show the rating it made.
 */
function useRating(name: string | null, perf: string, rated: boolean): string | null {
  const [rating, setRating] = useState<string | null>(null);
  useEffect(() => {
    if (!name) return;
    const key = `${name}\u0000${perf}\u0000${rated ? 'after' : 'before'}`;
    let answer = asked.get(key);
    if (!answer) {
      answer = fetchProfile(name, {}).then((r) => {
        if (!r.ok) return null;
        // A player not yet rated here plays at a new player's rating, provisional.
        const shown = r.value.ratings.find((x) => x.perf === perf);
        return shown ? `${shown.rating}${shown.provisional ? '?' : ''}` : `${NEW_PLAYER.rating}?`;
      });
      asked.set(key, answer);
    }
    let current = true;
    void answer.then((r) => {
      if (current) setRating(r);
    });
    return () => {
      current = false;
    };
  }, [name, perf, rated]);
  return rating;
}

/**
 * A player's strip beside the board, as lichess draws one above and one below: the seat and its
 * colour, who plays it (with presence online), the side to move marked in words as well as colour,
 * and the clock at the far end, where the eye looks for it.
 */
export function PlayerStrip({
  seat,
  seatLabel,
  player,
  toMove,
  online,
  note,
  children,
}: {
  seat: Player;
  seatLabel: string;
  /** Who plays the seat, as people read it. */
  player: string;
  toMove: boolean;
  online: OnlineInfo | null;
  /** A word on the seat after its player (DiceWars' group and stock). */
  note?: ComponentChildren;
  /** What the seat holds beside its strip (a Hive hand). */
  children?: ComponentChildren;
}) {
  const here = online?.presence?.seats[seat]?.connected;
  const ai = online?.seats[seat]?.kind === 'ai';
  // A rated game's players have accounts: their rating in it shows beside their name.
  const rating = useRating(
    online?.rated && !ai ? (online.seats[seat]?.name ?? null) : null,
    online?.perf ?? '',
    (online?.ratingDiffs ?? null) !== null,
  );
  return (
    <div class="strip-row">
      <div class={`strip${toMove ? ' to-move' : ''}`} data-seat={seat} data-testid={`strip-${seat}`}>
        <span class="who">
          <span class="seat-name">{seatLabel}</span>
          <span class="player">
            {online && !ai && here !== undefined && (
              <span
                class={`dot${here ? ' here' : ''}`}
                title={t(here ? 'game.here' : 'game.away')}
                aria-label={t(here ? 'game.here' : 'game.away')}
                role="img"
              />
            )}
            {player}
            {rating && <span class="rating"> {rating}</span>}
          </span>
        </span>
        {note != null && <span class="note">{note}</span>}
        {toMove && <span class="turn">{t('game.turn')}</span>}
        {online && <SeatClock info={online} seat={seat} />}
      </div>
      {children}
    </div>
  );
}
