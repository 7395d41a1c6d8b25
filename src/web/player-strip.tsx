import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Player } from '../engine/game.ts';
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
  return (
    <span class={`clock${running ? ' running' : ''}${ms < LOW_MS ? ' low' : ''}`} data-seat={seat} data-ms={Math.round(ms)}>
      <time data-testid={`clock-${seat}`}>{formatClock(ms)}</time>
    </span>
  );
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
  children,
}: {
  seat: Player;
  seatLabel: string;
  /** Who plays the seat, as people read it. */
  player: string;
  toMove: boolean;
  online: OnlineInfo | null;
  /** What the seat holds beside its strip (a Hive hand). */
  children?: ComponentChildren;
}) {
  const here = online?.presence?.seats[seat]?.connected;
  const ai = online?.seats[seat]?.kind === 'ai';
  return (
    <div class="strip-row">
      <div
        class={`strip${toMove ? ' to-move' : ''}`}
        data-seat={seat}
        data-testid={`strip-${seat}`}
        style={{ '--seat-colour': `var(--color-seat-${seat})` }}
      >
        <span class="who">
          <span class="seat-name">{seatLabel}</span>
          <span class="player">
            {online && !ai && here !== undefined && (
              <span class={`dot${here ? ' here' : ''}`} title={here ? 'here' : 'away'} aria-label={here ? 'here' : 'away'} role="img" />
            )}
            {player}
          </span>
        </span>
        {toMove && <span class="turn">to move</span>}
        {online && <SeatClock info={online} seat={seat} />}
      </div>
      {children}
    </div>
  );
}
