import { useEffect, useState } from 'preact/hooks';
import { useAccount } from '../account/use-account.ts';
import { updateSettings, useSettings } from '../settings.ts';
import type { OnlineInfo } from './info.ts';
import { rememberedName, rememberName } from './player-name.ts';
import { allowNotifications } from './your-move.ts';

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

/** Taking an open seat: a name others will see (a guest's: a player plays under their account's), and the seat. */
function TakeSeat({ info, seatLabels }: { info: OnlineInfo; seatLabels: readonly string[] }) {
  const [name, setName] = useState(rememberedName);
  const [account] = useAccount();
  const player = account?.kind === 'player' ? account.name : null;
  const claim = info.claim;
  if (!claim) return null;
  return (
    <fieldset class="take-seat">
      <legend>A seat is open: take it to play, or just watch</legend>
      {player === null ? (
        <label>
          Your name <input value={name} maxLength={40} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
      ) : (
        <span class="playing-as">
          You play as <strong>{player}</strong>
        </span>
      )}{' '}
      {info.seats.map((seat, i) =>
        seat.kind === 'open' ? (
          <button
            type="button"
            onClick={() => {
              // The server seats a player under their account's name, whatever is sent.
              if (player === null) rememberName(name);
              claim(i, player ?? name);
            }}
          >
            Play {seatLabels[i]}
          </button>
        ) : null,
      )}
    </fieldset>
  );
}

/**
 * While a seat is open: taking it, and the link that brings a friend to it. It goes above the board,
 * not beside it: on a phone the side comes after the board, below the first screen.
 */
export function OpenSeats({ info, seatLabels, over }: { info: OnlineInfo; seatLabels: readonly string[]; over: boolean }) {
  if (over || !info.seats.some((s) => s.kind === 'open')) return null;
  return (
    <section class="open-seats" aria-label="open seats">
      <TakeSeat info={info} seatLabels={seatLabels} />
      <Invite url={info.invite} />
    </section>
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

/** Who is at the table: each seat's player here or not, and how many watch. */
function Presence({ info, seatLabels }: { info: OnlineInfo; seatLabels: readonly string[] }) {
  const p = info.presence;
  if (!p) return null;
  return (
    <p class="presence" data-testid="presence">
      {info.seats.map((s, i) =>
        s.kind === 'ai' ? null : (
          <span class={p.seats[i]?.connected ? 'here' : 'away'}>
            {seatLabels[i]} {p.seats[i]?.connected ? 'is here' : 'is away'}
            {' · '}
          </span>
        ),
      )}
      {p.watching} watching
    </p>
  );
}

/** Offers, answers, abort and claim: what a seat's holder may ask besides moves. */
function TableManners({ info, seatLabels, toMove }: { info: OnlineInfo; seatLabels: readonly string[]; toMove: number | null }) {
  const [, setTick] = useState(0);
  const m = info.manners;
  const them = m ? (m.seat === 0 ? 1 : 0) : null;
  const gone = them === null ? null : (info.presence?.seats[them]?.goneSince ?? null);
  const claimAt = gone === null || !info.presence ? null : gone + info.presence.claimAfterMs;
  // The claim appears when the wait is over: the page looks again then.
  useEffect(() => {
    if (claimAt === null) return;
    const timer = setTimeout(() => setTick((t) => t + 1), Math.max(0, claimAt - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [claimAt]);
  if (!m || them === null) return null;
  const offer = info.offer;
  const two = info.seats.length === 2;
  const theirs = offer && offer.seat !== m.seat ? offer : null;
  const mine = offer && offer.seat === m.seat ? offer : null;
  const words = (kind: string) => (kind === 'draw' ? 'a draw' : 'a takeback');
  const canClaim = two && info.runningClock !== null && toMove === them && claimAt !== null && Date.now() >= claimAt;
  return (
    <div class="manners">
      {theirs && (
        <p class="offer" role="alert">
          {seatLabels[theirs.seat]} offers {words(theirs.kind)}.{' '}
          <button type="button" onClick={() => m.reply(theirs.kind, true)}>
            Accept {theirs.kind === 'draw' ? 'the draw' : 'the takeback'}
          </button>{' '}
          <button type="button" onClick={() => m.reply(theirs.kind, false)}>
            Decline
          </button>
        </p>
      )}
      {mine && <p class="offer">You asked for {words(mine.kind)}: waiting for the answer.</p>}
      {canClaim && (
        <p class="claim" role="alert">
          {seatLabels[them]} has left the game.{' '}
          <button type="button" onClick={() => m.claim('win')}>
            Claim the win
          </button>{' '}
          <button type="button" onClick={() => m.claim('draw')}>
            Call it a draw
          </button>
        </p>
      )}
      {!offer && (m.allowed.draw || m.allowed.takeback || m.allowed.abort) && (
        // Only what the rules of the table allow now (the server's own rule): nothing is offered to be refused.
        <p class="controls">
          {m.allowed.draw && (
            <button type="button" onClick={() => m.offer('draw')}>
              Offer a draw
            </button>
          )}
          {m.allowed.takeback && (
            <button type="button" onClick={() => m.offer('takeback')}>
              Ask to take back
            </button>
          )}
          {m.allowed.abort && (
            <button type="button" onClick={() => m.abort()}>
              Abort
            </button>
          )}
        </p>
      )}
    </div>
  );
}

/** The chime when it becomes your move (on unless muted), and notifications while the page is in the background. */
function Alerts() {
  const { yourMoveSound } = useSettings();
  const [permission, setPermission] = useState(() => (typeof Notification === 'undefined' ? 'denied' : Notification.permission));
  return (
    <p class="alerts">
      <label>
        <input type="checkbox" checked={yourMoveSound} onChange={(e) => updateSettings({ yourMoveSound: e.currentTarget.checked })} /> Chime
        on my move
      </label>{' '}
      {permission === 'default' && (
        <button type="button" onClick={() => void allowNotifications().then(setPermission)}>
          Notify me when it is my move
        </button>
      )}
    </p>
  );
}

/** The chat this page reads, a line to say, and a mute that hides the others' lines here. */
function Chat({ info }: { info: OnlineInfo }) {
  const [text, setText] = useState('');
  const [muted, setMuted] = useState(false);
  const title = info.chat.room === 'players' ? 'Players’ chat' : 'Spectators’ chat';
  return (
    <section class="chat" aria-label={title}>
      <h2>{title}</h2>
      <label class="mute">
        <input type="checkbox" checked={muted} onChange={(e) => setMuted(e.currentTarget.checked)} /> Mute
      </label>
      {!muted && (
        <ol class="chat-lines" aria-live="polite">
          {info.chat.lines.map((l) => (
            <li>
              <strong>{l.author}</strong>: {l.text}
            </li>
          ))}
        </ol>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim() === '') return;
          info.say(text);
          setText('');
        }}
      >
        <input aria-label="Say" maxLength={140} value={text} onInput={(e) => setText(e.currentTarget.value)} />{' '}
        <button type="submit">Say</button>
      </form>
    </section>
  );
}

/** How long the clocks stood still, in round words: "40 s", "11 min", "3 h", "2 days". */
export function spokenPause(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 2 * 86_400) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86_400)} days`;
}

/** Online play beside the board (the clocks are in the players' strips): the connection, open seats, the invite link, manners and chat. */
export function OnlinePanel({
  info,
  seatLabels,
  over,
  toMove = null,
}: {
  info: OnlineInfo;
  seatLabels: readonly string[];
  over: boolean;
  toMove?: number | null;
}) {
  return (
    <section class="online" aria-label="online game">
      {info.connection !== 'live' && (
        <p class="connection" role="status" data-testid="connection">
          {info.connection === 'gone'
            ? 'This game does not exist on the server.'
            : info.connection === 'connecting'
              ? 'Connecting…'
              : info.connection === 'offline'
                ? 'You are offline. The game goes on here as soon as your network is back; any seat you hold is kept in this browser.'
                : 'Reconnecting… (the server is restarting or your network dropped; any seat you hold is kept in this browser: if this lasts, come back to this page later)'}
        </p>
      )}
      {info.rated && !over && <p class="rated">Rated game</p>}
      {info.pausedMs !== null && !over && (
        <p class="paused" role="status" data-testid="paused">
          {`The server restarted: ${info.manners ? 'your clock was' : 'the clocks were'} paused while it was down (${spokenPause(info.pausedMs)}).`}
        </p>
      )}
      <Departures info={info} over={over} />
      <Presence info={info} seatLabels={seatLabels} />
      {!over && <TableManners info={info} seatLabels={seatLabels} toMove={toMove} />}
      {!over && info.manners && <Alerts />}
      <Chat info={info} />
    </section>
  );
}
