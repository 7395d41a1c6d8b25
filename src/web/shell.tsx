import type { Player } from '@hexarena/engines/engine/game.ts';
import { randomSeed } from '@hexarena/engines/engine/rng.ts';
import {
  ArrowLeftRight,
  ArrowUpDown,
  Check,
  Download,
  Flag,
  Gauge,
  Microscope,
  Pause,
  Play,
  Plus,
  RotateCcw,
  Undo2,
  Users,
  X,
} from 'lucide-preact';
import type { ComponentChildren } from 'preact';
import { lazy, memo, Suspense } from 'preact/compat';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { BarSearch } from './account/account-bar.tsx';
import { analysisUrl, gameAnalysisUrl } from './analysis/address.ts';
import { lineTree } from './analysis/tree.ts';
import { HistoryNav } from './history-nav.tsx';
import { HowToPlay } from './how-to-play.tsx';
import { formatNumber, t } from './i18n/index.ts';
import { outcomeText, seatWord } from './i18n/outcome.ts';
import { MoveBox } from './move-box.tsx';
import { gamePage } from './online/links.ts';
import { OnlinePanel, OpenSeats } from './online/panel.tsx';
import { usePaintedOnce } from './painted-once.ts';
import { PlayerStrip } from './player-strip.tsx';
import { puzzleStatus } from './puzzles/status.ts';
import { downloadRecord } from './record-file.ts';
import { ReviewAsking } from './review/asking.tsx';
import { AI_SPEEDS, updateSettings, useSettings } from './settings.ts';
import { SettingsBar } from './settings-bar.tsx';
import { setupUrl } from './setup.ts';
import { BackToTournament, TournamentGameLine } from './tournaments/game-line.tsx';
import { UnderTopBar } from './under-top-bar.ts';
import { UploadRecord } from './upload.tsx';
import type { GameSession } from './use-game.ts';

// What only an analysis, a puzzle or a finished online game shows loads with it, not with every page.
const analysisPanel = () => import('./analysis/panel.tsx');
const AnalysisSide = lazy(() => analysisPanel().then((m) => ({ default: m.AnalysisSide })));
const BestMoveArrow = lazy(() => analysisPanel().then((m) => ({ default: m.BestMoveArrow })));
const EvalBar = lazy(() => analysisPanel().then((m) => ({ default: m.EvalBar })));
const PuzzleSide = lazy(() => import('./puzzles/panel.tsx').then((m) => ({ default: m.PuzzleSide })));
const GameReview = lazy(() => import('./review/index.ts').then((m) => ({ default: m.GameReview })));

/** The page around every board: the players' strips and clocks, status, history, controls, records, help. */
export function GameShell<S, M, O>({
  session,
  title,
  seatLabels = session.seatNames,
  prompt,
  separator = ' ',
  children,
  aside,
  help,
  hand,
  seatNote,
  seatOrder,
  moveLabel,
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
  /** Panels beside the board: turn queue, battle log. */
  aside?: ComponentChildren;
  /** What a seat holds, shown by its strip (a Hive hand). */
  hand?: (seat: Player) => ComponentChildren;
  /** A word on a seat inside its strip (DiceWars' group and stock). */
  seatNote?: (seat: Player) => ComponentChildren;
  /** The order three or more strips stand in (DiceWars' turn order); seat order without it. */
  seatOrder?: readonly Player[];
  /** A move as the list shows it, when the notation is not for people (Nonaga's coordinates, DiceWars' battles). */
  moveLabel?: (move: string, index: number) => ComponentChildren;
}) {
  const s = session;
  // Seat names that are words (White, Red) in the player's language; letters (X, A) as they are.
  const labels = seatLabels.map(seatWord);
  const seat = (i: number | null) => labels[i ?? 0] ?? t('game.seat', { n: i ?? 0 });
  const agent = `${seat(s.toMove)} (${s.players[s.toMove ?? 0]})`;
  const waiting = s.online && s.toMove !== null && s.online.seats[s.toMove]?.kind === 'open';
  // A timed game waits for every seat: its clocks start once all are taken (the server holds moves till then).
  const open = s.online && s.online.clocks(0) !== null ? s.online.seats.findIndex((x) => x.kind === 'open') : -1;
  const status = s.puzzle
    ? puzzleStatus(s.puzzle, labels)
    : s.analysis
      ? s.outcome
        ? t('game.analysisOver', { outcome: outcomeText(s.outcome, labels) })
        : t('game.analysisToMove', { seat: seat(s.toMove) })
      : s.outcome
        ? t('game.over', { outcome: outcomeText(s.outcome, labels, s.online?.termination) })
        : waiting
          ? t('game.waitingSeat', { seat: seat(s.toMove) })
          : open >= 0
            ? t('game.waitingClocks', { seat: seat(open) })
            : s.thinking
              ? t('game.thinking', { seat: seat(s.toMove) })
              : s.paused && !s.humanToMove
                ? t('game.paused', { agent })
                : s.humanToMove
                  ? (prompt ?? t('game.toMove', { seat: seat(s.toMove) }))
                  : t('game.agentToMove', { agent });
  // Two players face each other across the board, the one at this screen at the bottom (lichess's
  // way); three or more sit in a row above it.
  const seats = seatOrder ?? s.seatNames.map((_, i) => i as Player);
  // The board turned round (lichess's flip): the other player's side at the bottom, their strip nearer.
  const [flipped, setFlipped] = useState(false);
  const seated = s.localSeats.length === 1 ? (s.localSeats[0] as Player) : (0 as Player);
  const near = (flipped && seats.length === 2 ? 1 - seated : seated) as Player;
  // Online, a seat's player by the name they play under (yours marked); here, who plays it.
  const who = (i: Player) => {
    const name = s.online?.seats[i]?.name;
    if (!name) return s.players[i] ?? '';
    return s.localSeats.includes(i) ? t('game.you', { name }) : name;
  };
  const strip = (i: Player) => (
    <PlayerStrip key={i} seat={i} seatLabel={seat(i)} player={who(i)} toMove={s.toMove === i} online={s.online} note={seatNote?.(i)}>
      {hand?.(i)}
    </PlayerStrip>
  );
  const two = seats.length === 2;
  // The result comes over the board once: a finished online game opened again shows it folded.
  // The games whose result was shown before this page opened (the list read once: the card, once
  // shown, adds its own game to it).
  const [seenBefore] = useState(seenResults);
  const [folding, setResultFolded] = useState<boolean | null>(null);
  const resultFolded = folding ?? (s.online ? seenBefore.includes(s.online.id) : false);
  const resultShown = s.outcome !== null && s.live && !s.analysis && !s.puzzle;
  // The board first: what stands beside it is drawn in the next task, the first time a page loads.
  const sideNow = usePaintedOnce();
  const underTopBar = useContext(UnderTopBar);
  return (
    <main class={`game-page game-${s.game.id}${two ? ' two-seats' : ''}`}>
      <header class="topbar">
        <a href={s.online ? '/' : './'} class="home-link">
          hexarena
        </a>
        <h1>{title}</h1>
        <BarSearch />
        <SettingsBar />
      </header>
      {underTopBar}
      <div class="play-area">
        <div class="board-column">
          {/* While the result card says how the game ended, the banner says it to a screen reader only. */}
          <p
            class={`status${s.outcome ? ' over' : ''}${resultShown && !resultFolded ? ' visually-hidden' : ''}`}
            role="status"
            data-testid="status"
          >
            {status}
          </p>
          {s.error && (
            <p class="error" role="alert">
              {s.error}
            </p>
          )}
          {!s.live && (
            <p class="history-note" data-testid="history-note">
              {t('game.positionAfter', { ply: s.ply, count: s.moves.length, replaying: String(s.replaying) })}{' '}
              <button type="button" onClick={() => s.goTo(null)}>
                {t('game.backToGame')}
              </button>
            </p>
          )}
          {s.online?.tournament && <TournamentGameLine game={s.online.id} />}
          {s.online && <OpenSeats info={s.online} seatLabels={labels} over={s.outcome !== null} />}
          {two ? strip(near === 0 ? 1 : 0) : <div class="strips">{seats.map(strip)}</div>}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the pointer's way to take a premove back; Esc and the Cancel button are the keyboard's. */}
          <div
            class={`board-wrap${s.analysis ? ' analysing' : ''}${flipped ? ' flipped' : ''}`}
            // A click on the board or a right-click takes a premove back (a click on a cell may queue another).
            onClickCapture={() => s.premove?.queued && s.premove.cancel()}
            onContextMenu={(e) => {
              if (!s.premove?.queued) return;
              e.preventDefault();
              s.premove.cancel();
            }}
          >
            {s.analysis && (
              <Suspense fallback={<div class="eval-bar" />}>
                <EvalBar info={s.analysis} seatLabels={labels} />
              </Suspense>
            )}
            {s.analysis ? <div class="analysis-board">{children}</div> : children}
            {s.analysis && (
              <Suspense fallback={null}>
                <BestMoveArrow points={s.analysis.engine.on ? s.analysis.bestPoints : null} />
              </Suspense>
            )}
            {resultShown && <ResultCard session={s} seatLabels={labels} folded={resultFolded} fold={setResultFolded} />}
          </div>
          {two && strip(near)}
          {s.premove && (s.premove.queued !== null || s.premove.dropped !== null) && (
            <p class={`premove-note${s.premove.queued === null ? ' dropped' : ''}`} role="status" data-testid="premove">
              {s.premove.queued === null ? (
                s.premove.dropped
              ) : (
                <>
                  <span>
                    {t('game.premove')} <strong data-testid="premove-move">{s.premove.queued}</strong>: {t('game.premoveNote')}
                  </span>{' '}
                  <button type="button" onClick={s.premove.cancel}>
                    {t('game.cancel')}
                  </button>
                </>
              )}
            </p>
          )}
          {s.pending && (
            <fieldset class="confirm-move">
              <legend class="visually-hidden">{t('game.confirmYourMove')}</legend>
              <span>
                {t('game.playQuestion')} <strong data-testid="pending-move">{s.pending.text}</strong>?
              </span>
              <button type="button" class="primary" onClick={s.pending.confirm}>
                <Check class="icon" aria-hidden="true" /> {t('game.confirm')}
              </button>
              <button type="button" onClick={s.pending.cancel}>
                {t('game.cancel')}
              </button>
            </fieldset>
          )}
        </div>
        <div class="side">
          {sideNow && (
            <>
              {s.online && <OnlinePanel info={s.online} seatLabels={labels} over={s.outcome !== null} toMove={s.toMove} />}
              {s.online && s.outcome === null && s.localSeats.length === 0 && analysable(s) && (
                <a href={analyseUrl(s)} class="button-link watch-analyse" data-testid="analyse-now">
                  <Microscope class="icon" aria-hidden="true" /> {t('game.analysePosition')}
                </a>
              )}
              {s.online && s.outcome !== null && !s.game.stochastic && (
                <Suspense fallback={<ReviewAsking />}>
                  <GameReview gameId={s.online.id} onJump={s.goTo} seatLabels={labels} ply={s.ply} />
                </Suspense>
              )}
              {aside}
              {s.analysis ? (
                <Suspense fallback={null}>
                  <AnalysisSide session={s} seatLabels={labels} />
                </Suspense>
              ) : s.puzzle ? (
                <Suspense fallback={null}>
                  <PuzzleSide session={s} seatLabels={labels} />
                </Suspense>
              ) : (
                <>
                  <MoveList
                    moves={s.moves}
                    rounds={s.rounds}
                    ply={s.ply}
                    goTo={s.goTo}
                    separator={separator}
                    label={moveLabel}
                    // Two players a move each, in turn; DiceWars' turns are several moves (its dice: stochastic).
                    paired={two && !s.game.stochastic && s.rounds.every((r, i) => (r != null) === (i % 2 === 0))}
                  />
                  <MoveBox session={s} />
                  <Controls session={s} flipped={flipped} flip={() => setFlipped((f) => !f)} />
                </>
              )}
              {!s.analysis && !s.puzzle && (
                <p class="seed">
                  {s.online ? (
                    <>
                      {t('game.onlineGame')} <code>{s.online.id}</code>
                    </>
                  ) : (
                    <>
                      {t('game.seed')} <code>{s.setup.seed}</code>
                    </>
                  )}{' '}
                  · {s.players.map((who, i) => `${seat(i)}: ${who}`).join(', ')}
                </p>
              )}
              <HowToPlay>{help}</HowToPlay>
            </>
          )}
        </div>
      </div>
    </main>
  );
}

/**
 * The result over the board, with what a player does next: a rematch, a new game, a look back at
 * the moves. It can be folded away to see the final position.
 */
function ResultCard<S, M, O>({
  session: s,
  seatLabels,
  folded,
  fold: setFolded,
}: {
  session: GameSession<S, M, O>;
  seatLabels: readonly string[];
  folded: boolean;
  fold: (folded: boolean) => void;
}) {
  const id = s.online?.id;
  useEffect(() => {
    if (id !== undefined && !folded) noteResultSeen(id);
  }, [id, folded]);
  if (!s.outcome) return null;
  if (folded)
    return (
      <div class="result-card hidden">
        <button type="button" onClick={() => setFolded(false)}>
          {t('game.showResult')}
        </button>
      </div>
    );
  return (
    <section class="result-card" aria-label={t('game.result')} data-testid="result">
      <button type="button" class="quiet hide" aria-label={t('game.hideResult')} title={t('game.seeBoard')} onClick={() => setFolded(true)}>
        <X class="icon" aria-hidden="true" />
      </button>
      <ResultTitle text={capitalized(outcomeText(s.outcome, seatLabels, s.online?.termination))} />
      {s.online?.ratingDiffs && (
        <p class="rating-diffs" data-testid="rating-diffs">
          {t('game.ratings', {
            changes: s.online.ratingDiffs.map((d, i) => `${seatLabels[i]} ${d >= 0 ? '+' : '−'}${formatNumber(Math.abs(d))}`).join(', '),
          })}
        </p>
      )}
      <div class="actions">
        {s.online ? <OnlineNext session={s} /> : <LocalNext session={s} />}
        {analysable(s) && (
          <a href={analyseUrl(s)} class="button-link" data-testid="analyse">
            <Microscope class="icon" aria-hidden="true" /> {t('game.analyseGame')}
          </a>
        )}
      </div>
    </section>
  );
}

/** The result, its reason in brackets kept whole: a narrow card breaks before the bracket, never inside it. */
function ResultTitle({ text }: { text: string }) {
  const m = /^(.*?) (\(.*\))$/.exec(text);
  if (!m) return <h2>{text}</h2>;
  return (
    <h2>
      <span class="phrase">{m[1]}</span> <span class="phrase">{m[2]}</span>
    </h2>
  );
}

const SEEN_KEY = 'hexarena.results-seen';
/** The online games whose result this browser has shown, newest last (a few hundred are plenty). */
function seenResults(): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
function noteResultSeen(id: string): void {
  const seen = seenResults();
  if (seen.includes(id)) return;
  try {
    localStorage.setItem(SEEN_KEY, JSON.stringify([...seen, id].slice(-300)));
  } catch {
    // Storage off (private mode): the card shows again next time, as it did before.
  }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A game opens on the analysis board when its moves replay from its options alone: not an online
 * game of chance (its dice come from the server's secret seed), nor one a player is still in.
 */
const analysable = <S, M, O>(s: GameSession<S, M, O>): boolean =>
  !s.analysis && (!s.online || (!s.game.stochastic && (s.outcome !== null || s.localSeats.length === 0)));

/** The analysis of the game at the position shown; from an online game's page, at the site's root. */
const analyseUrl = <S, M, O>(s: GameSession<S, M, O>): string =>
  s.setup.position !== undefined
    ? analysisUrl({
        game: s.game.id,
        options: s.setup.options,
        seed: '',
        position: s.setup.position,
        tree: lineTree(s.moves),
        path: Array.from({ length: s.ply }, () => 0),
      })
    : gameAnalysisUrl(
        { game: s.game.id, options: s.setup.options, seed: s.setup.seed, moves: s.moves, ...(s.online ? { review: s.online.id } : {}) },
        s.ply,
        s.online ? '/' : './',
      );

function Controls<S, M, O>({ session: s, flipped, flip }: { session: GameSession<S, M, O>; flipped: boolean; flip: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { aiDelayMs } = useSettings();
  return (
    <div class="controls game-controls">
      <HistoryNav
        legend={t('game.history')}
        atStart={s.ply <= s.firstPly}
        atEnd={s.live}
        go={{ first: () => s.goTo(0), previous: () => s.goTo(s.ply - 1), next: () => s.goTo(s.ply + 1), last: () => s.goTo(null) }}
      />
      <button type="button" class="flip-board" aria-pressed={flipped} title={t('flip.board')} onClick={flip}>
        <ArrowUpDown class="icon" aria-hidden="true" /> <span class="control-label">{t('flip.board')}</span>
      </button>
      {s.undo && (
        <button type="button" onClick={s.undo}>
          <Undo2 class="icon" aria-hidden="true" /> <span class="control-label">{t('game.undo')}</span>
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
              {t('game.confirmResign', { seat: seatWord(s.seatNames[s.resign.seat] ?? '') })}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              {t('game.keepPlaying')}
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirming(true)}>
            <Flag class="icon" aria-hidden="true" /> <span class="control-label">{t('game.resign')}</span>
          </button>
        ))}
      {s.hasAi && s.outcome === null && (
        <button type="button" onClick={() => s.setPaused(!s.paused)} aria-pressed={s.paused}>
          {s.paused ? <Play class="icon" aria-hidden="true" /> : <Pause class="icon" aria-hidden="true" />}
          <span class="control-label">{t(s.paused ? 'game.resumeAi' : 'game.pauseAi')}</span>
        </button>
      )}
      {s.hasAi && (
        <label class="ai-speed" title={t('game.aiSpeed')}>
          <Gauge class="icon" aria-hidden="true" /> <span class="control-label">{t('game.aiSpeed')}</span>{' '}
          <select value={aiDelayMs} onChange={(e) => updateSettings({ aiDelayMs: Number(e.currentTarget.value) })}>
            {AI_SPEEDS.map((speed) => (
              <option value={speed.ms}>{t(`game.aiSpeed.${speed.label}`, { seconds: speed.ms / 1000 })}</option>
            ))}
          </select>
        </label>
      )}
      {s.outcome !== null && s.moves.length > 0 && (
        <button type="button" onClick={s.replay} disabled={s.replaying}>
          <Play class="icon" aria-hidden="true" /> <span class="control-label">{t('game.replay')}</span>
        </button>
      )}
      {s.online ? (
        s.online.recordUrl && (
          <a href={s.online.recordUrl} download={`${s.game.id}-${s.online.id}.json`} class="button-link">
            <Download class="icon" aria-hidden="true" /> <span class="control-label">{t('game.downloadRecord')}</span>
          </a>
        )
      ) : (
        <>
          {/* A record starts at the game's start: a game from a position set up has none to write. */}
          {s.setup.position === undefined && (
            <button type="button" onClick={() => downloadRecord(s)}>
              <Download class="icon" aria-hidden="true" /> <span class="control-label">{t('game.downloadRecord')}</span>
            </button>
          )}
          <UploadRecord withIcon />
        </>
      )}
      {s.outcome === null && (
        <a href={`${s.online ? '/' : './'}#${s.game.id}`} class="button-link">
          <Plus class="icon" aria-hidden="true" /> <span class="control-label">{t('game.newGame')}</span>
        </a>
      )}
    </div>
  );
}

/** What comes after a game on this screen: the same again, sides swapped, or another. */
function LocalNext<S, M, O>({ session: s }: { session: GameSession<S, M, O> }) {
  return (
    <>
      <a href={setupUrl({ ...s.setup, seed: randomSeed(), moves: [], resigned: undefined })} class="button-link primary">
        <RotateCcw class="icon" aria-hidden="true" /> {t('game.rematch')}
      </a>
      {s.setup.seats.length === 2 && (
        <a
          href={setupUrl({ ...s.setup, seats: [...s.setup.seats].reverse(), seed: randomSeed(), moves: [], resigned: undefined })}
          class="button-link"
        >
          <ArrowLeftRight class="icon" aria-hidden="true" /> {t('game.swapSides')}
        </a>
      )}
      <a href={`./#${s.game.id}`} class="button-link">
        <Plus class="icon" aria-hidden="true" /> {t('game.newGame')}
      </a>
    </>
  );
}

/** What comes after an online game: the rematch (offered, joined or watched), or a new game. */
function OnlineNext<S, M, O>({ session: s }: { session: GameSession<S, M, O> }) {
  const online = s.online;
  if (!online) return null;
  return (
    <>
      {online.rematch && online.rematchId && (
        <p class="rematch-offer" role="status">
          {t('game.rematchOffered')}
        </p>
      )}
      {online.rematch && (
        <button type="button" class="primary" onClick={online.rematch}>
          <RotateCcw class="icon" aria-hidden="true" /> {t(online.rematchId ? 'game.joinRematch' : 'game.rematch')}
        </button>
      )}
      {online.rematchId && !online.rematch && (
        <a href={gamePage(online.rematchId)} class="button-link">
          {t('game.watchRematch')}
        </a>
      )}
      {online.tournament && <BackToTournament id={online.tournament} />}
      {online.pool && !online.tournament && (
        <a href={`/#pool=${encodeURIComponent(online.pool)}`} class="button-link">
          <Users class="icon" aria-hidden="true" /> {t('game.newOpponent')}
        </a>
      )}
      <a href={`/#${s.game.id}`} class="button-link">
        <Plus class="icon" aria-hidden="true" /> {t('game.newGame')}
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
  paired,
  label,
}: {
  moves: readonly string[];
  /** A move as shown, when not its notation (which the list's text and a button's title keep). */
  label?: ((move: string, index: number) => ComponentChildren) | undefined;
  rounds: readonly (number | null)[];
  /** A round to a row, its number and its two moves in columns, as a chess score sheet; else the moves flow. */
  paired: boolean;
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
    <ol
      ref={list}
      class={paired ? 'movelist paired' : 'movelist'}
      data-testid="moves"
      data-count={moves.length}
      data-text={moves.join(separator)}
      aria-label={t('game.moves')}
    >
      {moves.map((m, i) => (
        <li key={i} class={paired && i % 2 === 1 ? 'second' : undefined}>
          {rounds[i] != null && <span class="round">{rounds[i]}.</span>}
          <button type="button" aria-current={i + 1 === ply ? 'step' : undefined} title={label ? m : undefined} onClick={() => goTo(i + 1)}>
            {label ? label(m, i) : m}
          </button>
        </li>
      ))}
    </ol>
  );
});

// The bar has its own module (the home page and the account pages show it without a board).
export { SettingsBar };
