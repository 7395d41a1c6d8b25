import type { GameDefinition, Player } from '@hexarena/engines/engine/game.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { type ClientIntent, mannersAllowed, type Presence } from '@hexarena/engines/protocol/index.ts';
import { perfOf } from '@hexarena/engines/ratings/perf.ts';
import { poolFor } from '@hexarena/engines/ratings/pools.ts';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { roundNumbers } from '../history.ts';
import { useHistoryCursor } from '../history-cursor.ts';
import { agentWord } from '../i18n/agents.ts';
import { t } from '../i18n/index.ts';
import { refusalReason, seatWord } from '../i18n/outcome.ts';
import { rulesRefusal } from '../i18n/why.ts';
import { moveSound, useSettings } from '../settings.ts';
import type { GameSession } from '../use-game.ts';
import { claimSeat, ensureSession, fetchAccount, removeChatLine, requestRematch } from './api.ts';
import { mergeChat } from './chat-lines.ts';
import { type ConnectionState, GameConnection, type IntentAnswer } from './connection.ts';
import { exampleLine, forecastProblem, useForecast } from './forecast.ts';
import type { OnlineInfo } from './info.ts';
import { gamePage } from './links.ts';
import { applyEvent, clockReadings, type Followed, followGame } from './model.ts';
import { onlineProblem } from './online-refusals.ts';
import type { GameEvent, PublicGame, ServerMessage } from './protocol.ts';
import { useYourMoveAlert } from './your-move.ts';

/** What an intent asked, in words for its refusal ("Your draw offer"). */
function askedFor(intent: ClientIntent): string {
  switch (intent.type) {
    case 'move':
      return t('refusal.move', { move: intent.move });
    case 'resign':
      return t('refusal.resign');
    case 'offer':
      return t(intent.offer === 'draw' ? 'refusal.drawOffer' : 'refusal.takebackRequest');
    case 'reply':
      return t(intent.offer === 'draw' ? 'refusal.drawAnswer' : 'refusal.takebackAnswer');
    case 'abort':
      return t('refusal.abort');
    case 'claim':
      return t(intent.result === 'win' ? 'refusal.claimWin' : 'refusal.claimDraw');
    case 'chat':
      return t('refusal.chat');
    case 'forecast':
      return t('refusal.forecast');
    case 'berserk':
      return t('refusal.berserk');
  }
}

/** Whether `seat` may berserk now (the server's rule, game/berserk.ts): an arena's timed game, before the seat's first move, once. */
function mayBerserk(followed: Followed<unknown>, seat: Player, movers: readonly (Player | null)[]): boolean {
  const { berserk, clock } = followed;
  return berserk !== null && clock !== null && !clock.perMove && !berserk.includes(seat) && !movers.slice(0, -1).includes(seat);
}

/** A refusal in words for the page: what was refused, and why (its code's message in the player's language). */
function refusalText(intent: ClientIntent, answer: IntentAnswer): string | null {
  if (answer.type === 'done' || answer.type === 'forecast' || (answer.type === 'answer' && answer.ok)) return null;
  const code = answer.type === 'answer' && !answer.ok ? answer.refusal : answer.type === 'error' ? answer.code : undefined;
  // The values an error names (a mute's end), once the engines' parse keeps them.
  const values = answer.type === 'error' && 'values' in answer ? answer.values : undefined;
  return t('refusal.sentence', { what: askedFor(intent), reason: refusalReason(code, answer.error, values) });
}

/**
 * An online game page's state: the game as the server tells it over one WebSocket (reconnecting by
 * itself, catching up from the last version seen), the seats this browser's account holds (the
 * server says which; its session cookie speaks for them on the socket, so they follow the player to
 * any tab, device or instance), and moves and resignations sent as intents. It is a GameSession, so the same
 * boards and shell serve local and online play; the server decides everything.
 */
export function useOnlineGame<S, M, O>(
  game: GameDefinition<S, M, O>,
  initial: PublicGame,
  /** The positions the page rebuilt from `initial` (not rebuilt again here). */
  first: Followed<S>,
): GameSession<S, M, O> {
  const id = initial.id;
  const options = useMemo(() => unwrap(game.parseOptions(initial.options)), [game, initial.options]);
  const seatNames = useMemo(() => game.seatNames(options), [game, options]);
  const [followed, setFollowed] = useState<Followed<S>>(first);
  const [mine, setMine] = useState<readonly Player[]>(() => initial.yours ?? []);
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A refusal stands for the table as it was refused: it goes once anything there changes.
  const [refusal, setRefusal] = useState<{ readonly text: string; readonly table: string } | null>(null);
  const [rematchId, setRematchId] = useState<string | null>(null);
  const [offer, setOffer] = useState<OnlineInfo['offer']>(null);
  const [presence, setPresence] = useState<Presence | null>(null);
  const [chat, setChat] = useState<OnlineInfo['chat']>({ room: 'spectators', lines: [] });
  const { aiDelayMs } = useSettings();
  const latest = useRef(followed);
  latest.current = followed;
  const socket = useRef<GameConnection | null>(null);
  // Whether this browser has a session (a seat's holder does): a spectator gets one to chat.
  const hasSession = useRef((initial.yours ?? []).length > 0);
  // A moderator removes chat lines: the session's answer says who is one (nothing more is asked).
  const [moderator, setModerator] = useState(false);
  useEffect(() => {
    void fetchAccount().then((r) => {
      if (r.ok && r.value) hasSession.current = true;
      if (r.ok && r.value?.moderator) setModerator(true);
    });
  }, []);

  useEffect(() => {
    // After a gap or a position that does not fit, the next connection asks for everything.
    let wholeSync = false;
    const apply = (events: readonly GameEvent[]) => {
      let next: Followed<S> | 'resync' = latest.current;
      for (const event of events) {
        next = applyEvent(game, next, event, Date.now());
        if (next === 'resync') break;
      }
      if (next === 'resync') {
        wholeSync = true;
        socket.current?.restart();
        return;
      }
      latest.current = next;
      setFollowed(next);
    };
    const onMessage = (m: ServerMessage) => {
      if (m.type === 'sync') {
        const synced = followGame(game, m.game, Date.now());
        if (!synced.ok) {
          setError(t('online.error.cannotShow', { reason: rulesRefusal(synced.error) }));
          return;
        }
        wholeSync = false;
        latest.current = synced.value;
        setFollowed(synced.value);
      } else if (m.type === 'events') apply(m.events);
      else if (m.type === 'event') apply([m.event]);
      else if (m.type === 'answer' && m.ok) apply([m.event]);
      else if (m.type === 'seats') {
        latest.current = { ...latest.current, seats: m.seats };
        setFollowed(latest.current);
      } else if (m.type === 'rematch') setRematchId(m.id);
      else if (m.type === 'offer') setOffer(m.offer);
      else if (m.type === 'presence') setPresence({ seats: m.seats, watching: m.watching, claimAfterMs: m.claimAfterMs });
      // A socket opened anew sends the chat again: merged by number, each line once, removed ones gone.
      else if (m.type === 'chat') setChat((c) => mergeChat(c, m));
    };
    const connection = new GameConnection(id, () => (wholeSync ? null : latest.current.version), {
      message: onMessage,
      state: setConnection,
    });
    socket.current = connection;
    return () => connection.close();
  }, [game, id]);

  const { moves, states, ending, seats } = followed;
  const cursor = useHistoryCursor(moves.length, followed.firstPly, aiDelayMs);
  const live = states[states.length - 1] as S;
  const outcome = ending ? ending.result : game.result(live);
  const toMove = outcome ? null : game.toMove(live);
  const localSeats = useMemo(() => [...mine].sort((a, b) => a - b), [mine]);
  // A seat whose player left is played by the server's passes: nobody here moves or resigns for it.
  const playingHere = localSeats.filter((seat) => seats[seat]?.left === undefined);
  const humanToMove = toMove !== null && playingHere.includes(toMove);
  const thinking = toMove !== null && seats[toMove]?.kind === 'ai';
  const players = seats.map((s, i) => {
    const who = localSeats.includes(i)
      ? t('players.you')
      : s.kind === 'ai'
        ? s.level
          ? agentWord(s.level)
          : t('players.ai')
        : s.kind === 'open'
          ? t('players.open')
          : (s.name ?? t('players.someone'));
    return s.left === undefined ? who : t('players.left', { who });
  });

  // Not a turn while the game loads or a seat is being taken: only a change after that alerts.
  useYourMoveAlert(
    humanToMove && connection === 'live',
    t('notify.toMove', { game: game.title, seat: seatWord(seatNames[toMove ?? 0] ?? '') }),
  );
  const moveCount = useRef(moves.length);
  useEffect(() => {
    if (moves.length > moveCount.current) moveSound();
    moveCount.current = moves.length;
  }, [moves.length]);

  const movers = useMemo(() => states.map((s) => game.toMove(s)), [game, states]);
  // What the table is now, for a refusal to know when it no longer applies.
  const tableNow = `${followed.version} ${JSON.stringify(offer)} ${seats.map((s) => s.kind).join()}`;
  const tableRef = useRef(tableNow);
  tableRef.current = tableNow;

  const send = (intent: ClientIntent) => {
    const connection = socket.current;
    if (!connection) return;
    setSending(true);
    setRefusal(null);
    void connection.send(intent).then((answer) => {
      setSending(false);
      // Any answer replaces what the page said before (a seat not taken, a rematch refused).
      setError(null);
      const text = refusalText(intent, answer);
      setRefusal(text === null ? null : { text, table: tableRef.current });
    });
  };
  const rounds = useMemo(() => roundNumbers(movers.slice(0, -1)), [movers]);
  const resigner = outcome === null && playingHere.length > 0 ? (humanToMove ? toMove : (playingHere[0] as Player)) : null;
  const openSeat = seats.some((s) => s.kind === 'open');
  const held = localSeats[0];
  // Conditional premoves: a correspondence game's seat held here, on another's turn.
  const forecastSeat = followed.clock?.perMove && outcome === null && !humanToMove ? (playingHere[0] ?? null) : null;
  const forecast = useForecast(socket, forecastSeat, followed.version, forecastSeat !== null && connection === 'live', (lines) =>
    forecastProblem(game, live, lines),
  );
  const forecastExample = useMemo(() => (forecastSeat === null ? '' : exampleLine(game, live)), [game, live, forecastSeat]);

  return {
    game,
    options,
    setup: { game: game.id, options: initial.options, seats: players, seed: '', moves },
    seatNames,
    players,
    localSeats,
    firstPly: followed.firstPly,
    moves,
    rounds,
    state: states[cursor.ply] as S,
    history: states,
    ply: cursor.ply,
    live: cursor.live,
    toMove,
    outcome,
    humanToMove,
    interactive: cursor.live && humanToMove && !sending && connection === 'live',
    thinking,
    hasAi: false,
    paused: false,
    resigned: undefined,
    error: error ?? (refusal && refusal.table === tableNow ? refusal.text : null),
    replaying: cursor.replaying,
    play: (move) => {
      const seat = toMove;
      if (seat === null || !localSeats.includes(seat)) return;
      cursor.goTo(null);
      send({ type: 'move', seat, move: game.formatMove(live, move), version: followed.version });
    },
    goTo: cursor.goTo,
    setPaused: () => undefined,
    replay: cursor.replay,
    undo: null,
    resign:
      resigner === null
        ? null
        : {
            seat: resigner,
            act: () => send({ type: 'resign', seat: resigner }),
          },
    online: {
      id,
      connection,
      seats,
      invite: new URL(gamePage(id), window.location.href).href,
      clocks: (localNow) => clockReadings(followed, localNow),
      runningClock: outcome ? null : (followed.clock?.running ?? null),
      berserked: followed.berserk ?? [],
      claim:
        localSeats.length === 0 && openSeat && !outcome
          ? (seat, name) =>
              void claimSeat(id, seat, name.trim() || null).then((r) => {
                if (!r.ok) return setError(onlineProblem(r.error, 'seat'));
                setMine((m) => [...m, r.value]);
                hasSession.current = true;
                // The socket was opened before this browser had a session: a new one carries it.
                socket.current?.restart();
              })
          : null,
      recordUrl: outcome ? `/api/games/${encodeURIComponent(id)}/record` : null,
      termination: ending?.termination ?? null,
      ratingDiffs: ending?.ratingDiffs ?? null,
      rated: initial.rated === true,
      pausedMs: outcome ? null : followed.pausedMs,
      perf: perfOf(initial.game, initial.clock),
      pool: (initial.rated === true && held !== undefined && poolFor(initial.game, initial.clock, seats.length)?.id) || null,
      rematch:
        outcome && held !== undefined && initial.tournament === undefined
          ? () =>
              void requestRematch(id, held).then((r) => {
                if (!r.ok) return setError(onlineProblem(r.error, 'rematch'));
                window.location.assign(gamePage(r.value.id));
              })
          : null,
      rematchId,
      forecast: forecast && { ...forecast, example: forecastExample },
      tournament: initial.tournament ?? null,
      offer,
      presence,
      chat,
      say: (text) => {
        // A spectator without a session gets a guest's first; the socket opened before it carries it from then on.
        if (hasSession.current) return send({ type: 'chat', text });
        void ensureSession().then((r) => {
          if (!r.ok) return setError(onlineProblem(r.error, 'chat'));
          hasSession.current = true;
          socket.current?.restart();
          send({ type: 'chat', text });
        });
      },
      removeLine: moderator
        ? (n) =>
            void removeChatLine(id, n).then((r) => {
              // Done: the socket tells this page, as every other, to drop the line.
              setError(r.ok ? null : onlineProblem(r.error, 'chatRemove'));
            })
        : null,
      manners:
        outcome === null && playingHere.length > 0
          ? {
              seat: playingHere[0] as Player,
              allowed: mannersAllowed(
                {
                  title: game.title,
                  draws: game.draws === true,
                  stochastic: game.stochastic === true,
                  clock: followed.clock !== null,
                  rated: initial.rated === true,
                  seats: seats.map((s) => s.kind),
                  movers: movers.slice(0, -1) as Player[],
                },
                playingHere[0] as Player,
              ),
              offer: (kind) => send({ type: 'offer', offer: kind, seat: playingHere[0] as Player }),
              reply: (kind, accept) => send({ type: 'reply', offer: kind, accept, seat: playingHere[0] as Player }),
              abort: () => send({ type: 'abort', seat: playingHere[0] as Player }),
              berserk: mayBerserk(followed, playingHere[0] as Player, movers)
                ? () => send({ type: 'berserk', seat: playingHere[0] as Player })
                : null,
              claim: (result) => send({ type: 'claim', result, seat: playingHere[0] as Player }),
            }
          : null,
    },
  };
}
