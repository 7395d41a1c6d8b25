import type { ComponentChildren } from 'preact';
import { memo } from 'preact/compat';
import { useEffect, useRef, useState } from 'preact/hooks';
import { describeOutcome } from '../engine/game.ts';
import { randomSeed } from '../engine/rng.ts';
import { HowToPlay } from './how-to-play.tsx';
import { gamePage } from './online/links.ts';
import { OnlinePanel } from './online/panel.tsx';
import { downloadRecord } from './record-file.ts';
import { AI_SPEEDS, THEMES, type Theme, updateSettings, useSettings } from './settings.ts';
import { setupUrl } from './setup.ts';
import { UploadRecord } from './upload.tsx';
import type { GameSession } from './use-game.ts';

/** The page around every board: status, history, undo, resign, AI pace, records, settings, help. */
export function GameShell<S, M, O>({
  session,
  title,
  seatLabels = session.seatNames,
  prompt,
  separator = ' ',
  children,
  aside,
  help,
}: {
  session: GameSession<S, M, O>;
  /** How to play, in the game's own words. */
  help: ComponentChildren;
  title: string;
  /** How seats are named in messages ("X", "White", "A"). */
  seatLabels?: readonly string[];
  /** What a human to move is asked to do (defaults to "<seat> to move."). */
  prompt?: string;
  /** Between moves in the plain-text copy of the move list. */
  separator?: string;
  children: ComponentChildren;
  /** Panels beside the board: hands, turn queue, battle log. */
  aside?: ComponentChildren;
}) {
  const s = session;
  const seat = (i: number | null) => seatLabels[i ?? 0] ?? `seat ${i}`;
  const agent = `${seat(s.toMove)} (${s.players[s.toMove ?? 0]})`;
  const waiting = s.online && s.toMove !== null && s.online.seats[s.toMove]?.kind === 'open';
  // A timed game waits for every seat: its clocks start once all are taken (the server holds moves till then).
  const open = s.online && s.online.clocks(0) !== null ? s.online.seats.findIndex((x) => x.kind === 'open') : -1;
  const status = s.outcome
    ? `Game over: ${describeOutcome(s.outcome, seatLabels)}.`
    : waiting
      ? `Waiting for someone to take ${seat(s.toMove)}: send them the invite link.`
      : open >= 0
        ? `Waiting for someone to take ${seat(open)}: the clocks start then. Send them the invite link.`
        : s.thinking
          ? `${seat(s.toMove)} is thinking…`
          : s.paused && !s.humanToMove
            ? `Paused: ${agent} to move.`
            : s.humanToMove
              ? (prompt ?? `${seat(s.toMove)} to move.`)
              : `${agent} to move.`;
  return (
    <main class={`game-page game-${s.game.id}`}>
      <header class="topbar">
        <a href={s.online ? '/' : './'} class="home-link">
          hexarena
        </a>
        <h1>{title}</h1>
        <SettingsBar />
      </header>
      <p class={`status${s.outcome ? ' over' : ''}`} role="status" data-testid="status">
        {status}
      </p>
      {s.error && (
        <p class="error" role="alert">
          {s.error}
        </p>
      )}
      <div class="play-area">
        <div class="board-area">
          {!s.live && (
            <p class="history-note" data-testid="history-note">
              Position after move {s.ply} of {s.moves.length}
              {s.replaying ? ' (replaying)' : ''}.{' '}
              <button type="button" onClick={() => s.goTo(null)}>
                Back to the game
              </button>
            </p>
          )}
          {children}
          <Controls session={s} />
        </div>
        <div class="side">
          {s.online && <OnlinePanel info={s.online} seatLabels={seatLabels} over={s.outcome !== null} toMove={s.toMove} />}
          {aside}
          <MoveList moves={s.moves} rounds={s.rounds} ply={s.ply} goTo={s.goTo} separator={separator} />
          <p class="seed">
            {s.online ? (
              <>
                online game <code>{s.online.id}</code>
              </>
            ) : (
              <>
                seed <code>{s.setup.seed}</code>
              </>
            )}{' '}
            · {s.players.map((who, i) => `${seat(i)}: ${who}`).join(', ')}
          </p>
          <HowToPlay>{help}</HowToPlay>
        </div>
      </div>
    </main>
  );
}

function Controls<S, M, O>({ session: s }: { session: GameSession<S, M, O> }) {
  const [confirming, setConfirming] = useState(false);
  const { aiDelayMs } = useSettings();
  return (
    <div class="controls">
      <fieldset class="history-nav">
        <legend class="visually-hidden">History</legend>
        <button
          type="button"
          aria-label="First position"
          title="First position (Home)"
          disabled={s.ply <= s.firstPly}
          onClick={() => s.goTo(0)}
        >
          «
        </button>
        <button
          type="button"
          aria-label="Previous move"
          title="Previous move (←)"
          disabled={s.ply <= s.firstPly}
          onClick={() => s.goTo(s.ply - 1)}
        >
          ‹
        </button>
        <button type="button" aria-label="Next move" title="Next move (→)" disabled={s.live} onClick={() => s.goTo(s.ply + 1)}>
          ›
        </button>
        <button type="button" aria-label="Last position" title="Last position (End)" disabled={s.live} onClick={() => s.goTo(null)}>
          »
        </button>
      </fieldset>
      {s.undo && (
        <button type="button" onClick={s.undo}>
          Undo
        </button>
      )}
      {s.resign &&
        (confirming ? (
          <>
            <button
              type="button"
              class="danger"
              onClick={() => {
                setConfirming(false);
                s.resign?.act();
              }}
            >
              Confirm: {s.seatNames[s.resign.seat]} resigns
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep playing
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirming(true)}>
            Resign
          </button>
        ))}
      {s.hasAi && s.outcome === null && (
        <button type="button" onClick={() => s.setPaused(!s.paused)} aria-pressed={s.paused}>
          {s.paused ? 'Resume AI' : 'Pause AI'}
        </button>
      )}
      {s.hasAi && (
        <label>
          AI speed{' '}
          <select value={aiDelayMs} onChange={(e) => updateSettings({ aiDelayMs: Number(e.currentTarget.value) })}>
            {AI_SPEEDS.map((speed) => (
              <option value={speed.ms}>{`${speed.label}${speed.ms ? ` (${speed.ms / 1000} s)` : ''}`}</option>
            ))}
          </select>
        </label>
      )}
      {s.outcome !== null && s.moves.length > 0 && (
        <button type="button" onClick={s.replay} disabled={s.replaying}>
          Replay
        </button>
      )}
      {s.online ? <OnlineControls session={s} /> : <LocalControls session={s} />}
    </div>
  );
}

/** Records, rematch and a new game, for a game on this screen. */
function LocalControls<S, M, O>({ session: s }: { session: GameSession<S, M, O> }) {
  return (
    <>
      <button type="button" onClick={() => downloadRecord(s)}>
        Download record
      </button>
      <UploadRecord />
      {s.outcome !== null && (
        <a href={setupUrl({ ...s.setup, seed: randomSeed(), moves: [], resigned: undefined })} class="button-link">
          Rematch
        </a>
      )}
      {s.outcome !== null && s.setup.seats.length === 2 && (
        <a
          href={setupUrl({ ...s.setup, seats: [...s.setup.seats].reverse(), seed: randomSeed(), moves: [], resigned: undefined })}
          class="button-link"
        >
          Swap sides
        </a>
      )}
      <a href={`./#${s.game.id}`} class="button-link">
        New game
      </a>
    </>
  );
}

/** The record once the game is over, the rematch, and a new game, for an online game. */
function OnlineControls<S, M, O>({ session: s }: { session: GameSession<S, M, O> }) {
  const online = s.online;
  if (!online) return null;
  return (
    <>
      {online.recordUrl && (
        <a href={online.recordUrl} download={`${s.game.id}-${online.id}.json`} class="button-link">
          Download record
        </a>
      )}
      {online.rematch && online.rematchId && (
        <p class="rematch-offer" role="status">
          A rematch is offered: your seat in it is kept for you.{' '}
        </p>
      )}
      {online.rematch && (
        <button type="button" onClick={online.rematch}>
          {online.rematchId ? 'Join the rematch' : 'Rematch'}
        </button>
      )}
      {online.rematchId && !online.rematch && (
        <a href={gamePage(online.rematchId)} class="button-link">
          Watch the rematch
        </a>
      )}
      <a href={`/#${s.game.id}`} class="button-link">
        New game
      </a>
    </>
  );
}

/** The moves in the game's notation; a click shows the position after that move. */
const MoveList = memo(function MoveList({
  moves,
  rounds,
  ply,
  goTo,
  separator,
}: {
  moves: readonly string[];
  rounds: readonly (number | null)[];
  ply: number;
  goTo: (ply: number) => void;
  separator: string;
}) {
  // The shown move stays in view as the game grows or history is stepped through.
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const ol = list.current;
    const current = ol?.querySelector<HTMLElement>('[aria-current]');
    if (!ol) return;
    ol.scrollTop = current ? current.offsetTop - ol.offsetTop - ol.clientHeight / 2 : ply === 0 ? 0 : ol.scrollHeight;
  }, [ply, moves.length]);
  return (
    <ol ref={list} class="movelist" data-testid="moves" data-count={moves.length} data-text={moves.join(separator)} aria-label="moves">
      {moves.map((m, i) => (
        <li key={i}>
          {rounds[i] != null && <span class="round">{rounds[i]}.</span>}
          <button type="button" aria-current={i + 1 === ply ? 'step' : undefined} onClick={() => goTo(i + 1)}>
            {m}
          </button>
        </li>
      ))}
    </ol>
  );
});

/** Theme and sound, on every page. */
export function SettingsBar() {
  const { theme, sound } = useSettings();
  return (
    <div class="settings">
      <label>
        Theme{' '}
        <select value={theme} aria-label="Theme" onChange={(e) => updateSettings({ theme: e.currentTarget.value as Theme })}>
          {THEMES.map((t) => (
            <option value={t}>{t}</option>
          ))}
        </select>
      </label>{' '}
      <label>
        <input type="checkbox" checked={sound} onChange={(e) => updateSettings({ sound: e.currentTarget.checked })} /> Sounds
      </label>
    </div>
  );
}
