import { Swords } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { useAccount } from '../account/use-account.ts';
import { copyLink } from '../copy-link.ts';
import { t } from '../i18n/index.ts';
import { reasonText } from '../i18n/outcome.ts';
import { updateSettings, useSettings } from '../settings.ts';
import { ForecastPanel } from './forecast-panel.tsx';
import type { OnlineInfo } from './info.ts';
import { rememberedName, rememberName } from './player-name.ts';
import { allowNotifications } from './your-move.ts';

/** The link to send a friend, with a button that copies it (or selects it where copying is not allowed). */
function Invite({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <p class="invite">
      <label>
        {t('online.inviteLink')}{' '}
        <input readOnly value={url} size={Math.min(40, url.length)} data-testid="invite" onFocus={(e) => e.currentTarget.select()} />
      </label>{' '}
      <button type="button" onClick={(e) => copyLink(url, e.currentTarget, () => setCopied(true))}>
        {t(copied ? 'online.copied' : 'online.copy')}
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
      <legend>{t('online.seatOpen')}</legend>
      {player === null ? (
        <label>
          {t('online.yourName')} <input value={name} maxLength={40} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
      ) : (
        <span class="playing-as">
          {t('online.youPlayAs')} <strong>{player}</strong>
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
            {t('online.playSeat', { seat: seatLabels[i] ?? '' })}
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
    <section class="open-seats" aria-label={t('online.openSeats')}>
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
      {left.map(reasonText).join('; ')}
      {over ? '.' : t('online.goesOn')}
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
            {t(p.seats[i]?.connected ? 'online.isHere' : 'online.isAway', { seat: seatLabels[i] ?? '' })}
            {' · '}
          </span>
        ),
      )}
      {t('online.watching', { count: p.watching })}
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
  const canClaim = two && info.runningClock !== null && toMove === them && claimAt !== null && Date.now() >= claimAt;
  return (
    <div class="manners">
      {theirs && (
        <p class="offer" role="alert">
          {t(theirs.kind === 'draw' ? 'online.offersDraw' : 'online.offersTakeback', { seat: seatLabels[theirs.seat] ?? '' })}{' '}
          <button type="button" onClick={() => m.reply(theirs.kind, true)}>
            {t(theirs.kind === 'draw' ? 'online.acceptDraw' : 'online.acceptTakeback')}
          </button>{' '}
          <button type="button" onClick={() => m.reply(theirs.kind, false)}>
            {t('online.decline')}
          </button>
        </p>
      )}
      {mine && <p class="offer">{t(mine.kind === 'draw' ? 'online.askedDraw' : 'online.askedTakeback')}</p>}
      {canClaim && (
        <p class="claim" role="alert">
          {t('online.hasLeft', { seat: seatLabels[them] ?? '' })}{' '}
          <button type="button" onClick={() => m.claim('win')}>
            {t('online.claimWin')}
          </button>{' '}
          <button type="button" onClick={() => m.claim('draw')}>
            {t('online.callDraw')}
          </button>
        </p>
      )}
      {m.berserk && (
        <p class="controls">
          <button type="button" class="berserk" title={t('online.berserkHelp')} onClick={() => m.berserk?.()} data-testid="berserk">
            <Swords class="icon" aria-hidden="true" /> {t('online.berserk')}
          </button>
        </p>
      )}
      {!offer && (m.allowed.draw || m.allowed.takeback || m.allowed.abort) && (
        // Only what the rules of the table allow now (the server's own rule): nothing is offered to be refused.
        <p class="controls">
          {m.allowed.draw && (
            <button type="button" onClick={() => m.offer('draw')}>
              {t('online.offerDraw')}
            </button>
          )}
          {m.allowed.takeback && (
            <button type="button" onClick={() => m.offer('takeback')}>
              {t('online.askTakeback')}
            </button>
          )}
          {m.allowed.abort && (
            <button type="button" onClick={() => m.abort()}>
              {t('online.abort')}
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
        <input type="checkbox" checked={yourMoveSound} onChange={(e) => updateSettings({ yourMoveSound: e.currentTarget.checked })} />{' '}
        {t('online.chime')}
      </label>{' '}
      {permission === 'default' && (
        <button type="button" onClick={() => void allowNotifications().then(setPermission)}>
          {t('online.notifyMe')}
        </button>
      )}
    </p>
  );
}

/** The chat this page reads, a line to say, and a mute that hides the others' lines here. */
function Chat({ info }: { info: OnlineInfo }) {
  const [text, setText] = useState('');
  const [muted, setMuted] = useState(false);
  const title = t(info.chat.room === 'players' ? 'online.playersChat' : 'online.spectatorsChat');
  return (
    <section class="chat" aria-label={title}>
      <h2>{title}</h2>
      <label class="mute">
        <input type="checkbox" checked={muted} onChange={(e) => setMuted(e.currentTarget.checked)} /> {t('online.mute')}
      </label>
      {!muted && (
        <ol class="chat-lines" aria-live="polite">
          {info.chat.lines.map((l) => (
            <li key={l.n}>
              <strong>{l.author}</strong>: {l.text}
              {info.removeLine && (
                <>
                  {' '}
                  <button
                    type="button"
                    class="chat-remove"
                    aria-label={t('online.chatRemove', { author: l.author })}
                    title={t('online.chatRemove', { author: l.author })}
                    onClick={() => info.removeLine?.(l.n)}
                  >
                    ×
                  </button>
                </>
              )}
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
        <input aria-label={t('online.say')} maxLength={140} value={text} onInput={(e) => setText(e.currentTarget.value)} />{' '}
        <button type="submit">{t('online.say')}</button>
      </form>
    </section>
  );
}

/** How long the clocks stood still, in round words: "40 s", "11 min", "3 h", "2 days". */
export function spokenPause(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return t('clock.seconds', { seconds: s });
  if (s < 3600) return t('clock.minutes', { minutes: Math.round(s / 60) });
  if (s < 2 * 86_400) return t('online.hours', { hours: Math.round(s / 3600) });
  return t('clock.days', { days: Math.round(s / 86_400) });
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
    <section class="online" aria-label={t('online.panel')}>
      {info.connection !== 'live' && (
        <p class="connection" role="status" data-testid="connection">
          {t(
            info.connection === 'gone'
              ? 'online.gone'
              : info.connection === 'connecting'
                ? 'online.connecting'
                : info.connection === 'offline'
                  ? 'online.offline'
                  : 'online.reconnecting',
          )}
        </p>
      )}
      {info.rated && !over && <p class="rated">{t('online.rated')}</p>}
      {info.pausedMs !== null && !over && (
        <p class="paused" role="status" data-testid="paused">
          {t(info.manners ? 'online.pausedYours' : 'online.pausedAll', { pause: spokenPause(info.pausedMs) })}
        </p>
      )}
      <Departures info={info} over={over} />
      <Presence info={info} seatLabels={seatLabels} />
      {!over && <TableManners info={info} seatLabels={seatLabels} toMove={toMove} />}
      {!over && info.forecast && <ForecastPanel control={info.forecast} />}
      {!over && info.manners && <Alerts />}
      <Chat info={info} />
    </section>
  );
}
