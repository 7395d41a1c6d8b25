import { useEffect, useState } from 'preact/hooks';
import type { OnlineInfo } from './info.ts';
import { rememberedName, rememberName } from './player-name.ts';

/** A clock's time as players read it: minutes and seconds, tenths in the last ten seconds. */
export function formatClock(ms: number): string {
  const left = Math.max(0, ms);
  if (left < 10_000) return `${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const seconds = Math.ceil(left / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Every seat's clock; the running one ticks here alone, so the board does not redraw with it. */
function Clocks({ info, seatLabels }: { info: OnlineInfo; seatLabels: readonly string[] }) {
  const [, setTick] = useState(0);
  const running = info.runningClock;
  useEffect(() => {
    if (running === null) return;
    const timer = setInterval(() => setTick((t) => t + 1), 100);
    return () => clearInterval(timer);
  }, [running]);
  const readings = info.clocks(Date.now());
  if (!readings) return null;
  return (
    <ul class="clocks" aria-label="clocks">
      {readings.map((ms, seat) => (
        <li class={`clock${seat === running ? ' running' : ''}${ms < 10_000 ? ' low' : ''}`} data-seat={seat} data-ms={Math.round(ms)}>
          <span>{seatLabels[seat]}</span> <time data-testid={`clock-${seat}`}>{formatClock(ms)}</time>
        </li>
      ))}
    </ul>
  );
}

/** The link to send a friend, with a button that copies it (or selects it where copying is not allowed). */
function Invite({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <p class="invite">
      <label>
        Invite link{' '}
        <input readOnly value={url} size={Math.min(40, url.length)} data-testid="invite" onFocus={(e) => e.currentTarget.select()} />
      </label>{' '}
      <button
        type="button"
        onClick={(e) => {
          const input = e.currentTarget.parentElement?.querySelector('input');
          navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => input?.select(),
          ) ?? input?.select();
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </p>
  );
}

/** Taking an open seat: a name others will see, and the seat. */
function TakeSeat({ info, seatLabels }: { info: OnlineInfo; seatLabels: readonly string[] }) {
  const [name, setName] = useState(rememberedName);
  const claim = info.claim;
  if (!claim) return null;
  return (
    <fieldset class="take-seat">
      <legend>A seat is open: take it to play, or just watch</legend>
      <label>
        Your name <input value={name} maxLength={40} onInput={(e) => setName(e.currentTarget.value)} />
      </label>{' '}
      {info.seats.map((seat, i) =>
        seat.kind === 'open' ? (
          <button
            type="button"
            onClick={() => {
              rememberName(name);
              claim(i, name);
            }}
          >
            Play {seatLabels[i]}
          </button>
        ) : null,
      )}
    </fieldset>
  );
}

/** Who left a game of three or more, and that it goes on without them while it does. */
function Departures({ info, over }: { info: OnlineInfo; over: boolean }) {
  const left = info.seats.flatMap((s) => (s.left === undefined ? [] : [s.left]));
  if (left.length === 0) return null;
  return (
    <p class="departures" data-testid="departures">
      {left.join('; ')}
      {over ? '.' : ': the game goes on without them, their turns passed.'}
    </p>
  );
}

/** Online play beside the board: the connection, clocks, open seats, the invite link. */
export function OnlinePanel({ info, seatLabels, over }: { info: OnlineInfo; seatLabels: readonly string[]; over: boolean }) {
  const open = info.seats.some((s) => s.kind === 'open');
  return (
    <section class="online" aria-label="online game">
      {info.connection !== 'live' && (
        <p class="connection" role="status" data-testid="connection">
          {info.connection === 'gone'
            ? 'This game does not exist on the server.'
            : info.connection === 'connecting'
              ? 'Connecting…'
              : 'Reconnecting… (the server is restarting or your network dropped; any seat you hold is kept in this browser: if this lasts, come back to this page later)'}
        </p>
      )}
      <Departures info={info} over={over} />
      <Clocks info={info} seatLabels={seatLabels} />
      <TakeSeat info={info} seatLabels={seatLabels} />
      {open && !over && <Invite url={info.invite} />}
    </section>
  );
}
