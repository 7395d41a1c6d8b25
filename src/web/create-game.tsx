import { randomSeed } from '@hexarena/engines/engine/rng.ts';
import { CORRESPONDENCE_DAYS } from '@hexarena/engines/protocol/index.ts';
import { Globe, Play, X } from 'lucide-preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { createProblem } from './create-refusals.ts';
import { LEAD_GAME, WEB_GAMES } from './games/index.ts';
import type { Options, WebGame } from './games/web-game.tsx';
import { HowToPlay } from './how-to-play.tsx';
import { agentWord } from './i18n/agents.ts';
import { type MessageKey, t } from './i18n/index.ts';
import { seatWord } from './i18n/outcome.ts';
import { rulesRefusal } from './i18n/why.ts';
import { lastSetup, rememberSetup } from './last-setup.ts';
import { createGame } from './online/api.ts';
import { timeControl } from './online/clock-text.ts';
import { gamePage } from './online/links.ts';
import { rememberedName, rememberName } from './online/player-name.ts';
import { defaultSeats, seatChoices, setupUrl } from './setup.ts';

/**
 * How the dialog was opened: "create" starts from the last game's choices; the others say who plays
 * (a friend online, the computer, or two people at this screen).
 */
export type Mode = 'create' | 'friend' | 'computer' | 'hotseat';

const TITLES: Record<Mode, MessageKey> = {
  create: 'home.createGame',
  friend: 'home.playFriend',
  computer: 'home.playComputer',
  hotseat: 'home.hotseat',
};

const LAST_GAME_KEY = 'hexarena.last-game';

const seatLabel = (card: WebGame, choice: string) => agentWord(choice, card.agentLabels);

/** A rating range's ends: any rating a player can have, in steps of 50; blank is "any". */
const RATING_BOUNDS = { min: 400, max: 4000, step: 50 } as const;

/** A labelled number input, named for screen readers and tests by `name`. */
function NumberField(props: {
  label: string;
  name: string;
  min: number;
  max: number;
  step?: number;
  placeholder?: string;
  value: string;
  set: (value: string) => void;
}) {
  return (
    <label>
      {props.label}{' '}
      <input
        type="number"
        min={props.min}
        max={props.max}
        step={props.step}
        placeholder={props.placeholder}
        value={props.value}
        aria-label={props.name}
        onInput={(e) => props.set(e.currentTarget.value)}
      />
    </label>
  );
}

/** The game the dialog opens on: the one asked for, else the last one started, else the site's lead game. */
function gameToShow(asked: string | null): string {
  const known = (id: string | null) => (id && WEB_GAMES.some((c) => c.id === id) ? id : null);
  let last: string | null = null;
  try {
    last = localStorage.getItem(LAST_GAME_KEY);
  } catch {
    // Storage refused (a private window): the first game then.
  }
  return known(asked) ?? known(last) ?? LEAD_GAME.id;
}

/**
 * Creating a game is one dialog: the game (tabs), its options, who sits where, the clock, rated or
 * casual; it remembers the last choices per game. Closing it (Esc, the cross, the backdrop) loses
 * nothing but the dialog.
 */
export function CreateGameDialog({
  opened,
  online,
  signedIn = false,
  onClose,
}: {
  /** What opened it (null: closed), and the game asked for if any. */
  opened: { mode: Mode; game: string | null } | null;
  online: boolean;
  /** A player with an account: only they may ask for a rated game (a guest has no rating). */
  signedIn?: boolean;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [game, setGame] = useState(() => gameToShow(opened?.game ?? null));
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (opened) {
      setGame(gameToShow(opened.game));
      if (!d.open) d.showModal();
    } else if (d.open) d.close();
  }, [opened]);
  const choose = (id: string) => {
    setGame(id);
    try {
      localStorage.setItem(LAST_GAME_KEY, id);
    } catch {
      // Not remembered: nothing else is lost.
    }
  };
  const mode = opened?.mode ?? 'create';
  const card = WEB_GAMES.find((c) => c.id === game) ?? (WEB_GAMES[0] as WebGame);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is the backdrop's; a modal dialog's keyboard close is Esc, built in.
    <dialog
      ref={dialog}
      class="create-game"
      aria-labelledby="create-game-title"
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === dialog.current) dialog.current?.close();
      }}
    >
      <div class="dialog-head">
        <h2 id="create-game-title">{t(TITLES[mode])}</h2>
        <button type="button" class="quiet" aria-label={t('create.close')} onClick={() => dialog.current?.close()}>
          <X class="icon" aria-hidden="true" />
        </button>
      </div>
      <div
        class="tabs"
        role="tablist"
        aria-label={t('create.game')}
        onKeyDown={(e) => {
          // Arrows move between the games, as tabs do.
          const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
          if (step === 0) return;
          const i = WEB_GAMES.findIndex((c) => c.id === card.id);
          const next = WEB_GAMES[(i + step + WEB_GAMES.length) % WEB_GAMES.length] as WebGame;
          choose(next.id);
          document.getElementById(`tab-${next.id}`)?.focus();
        }}
      >
        {WEB_GAMES.map((c) => (
          <button
            type="button"
            role="tab"
            id={`tab-${c.id}`}
            aria-selected={c.id === card.id}
            aria-controls={`panel-${c.id}`}
            tabIndex={c.id === card.id ? 0 : -1}
            onClick={() => choose(c.id)}
          >
            {c.game.title}
          </button>
        ))}
      </div>
      {opened && (
        <div role="tabpanel" id={`panel-${card.id}`} aria-labelledby={`tab-${card.id}`}>
          <GameCard key={`${card.id}-${mode}`} card={card} online={online} mode={mode} signedIn={signedIn} />
        </div>
      )}
    </dialog>
  );
}

type ClockChoice = { initialMs: number; incrementMs: number; perMove?: boolean } | null;

const DAY_MS = 86_400_000;

/** Time controls offered for online games (none: no clocks), then correspondence, then a clock of one's own. */
const CLOCKS: readonly { label: string; clock: ClockChoice }[] = [
  // A choice's label is its value (kept with the last setup); the player reads it in their language (clockWords).
  { label: 'none', clock: null },
  { label: '1 min', clock: { initialMs: 60_000, incrementMs: 0 } },
  { label: '3 min + 2 s', clock: { initialMs: 180_000, incrementMs: 2000 } },
  { label: '5 min + 3 s', clock: { initialMs: 300_000, incrementMs: 3000 } },
  { label: '10 min + 5 s', clock: { initialMs: 600_000, incrementMs: 5000 } },
  { label: '30 min + 20 s', clock: { initialMs: 1_800_000, incrementMs: 20_000 } },
  ...CORRESPONDENCE_DAYS.map((days) => ({
    label: `${days} day${days === 1 ? '' : 's'} a move`,
    clock: { initialMs: days * DAY_MS, incrementMs: 0, perMove: true },
  })),
];

const CUSTOM = 'custom';

/** A clock choice in the player's language: "none", then as time controls are written everywhere. */
const clockWords = (clock: ClockChoice): string => (clock ? timeControl(clock) : t('create.clock.none'));

/** "You play" left to chance: the server draws the seat. */
const RANDOM_SEAT = -2;

/**
 * One game on the home page: options, who sits where, the seed, and Start (the setup goes into the
 * URL); with a server, Play online: the people's seats are open to whoever gets the link, and the
 * first of them is yours.
 */
function GameCard({ card, online, mode, signedIn }: { card: WebGame; online: boolean; mode: Mode; signedIn: boolean }) {
  // "New game" comes back here: the card starts from the options and seats last played, unless the
  // button that opened it says who plays (a friend: every seat a person's; the computer: its AI).
  const last = useMemo(() => lastSetup(card.id), [card.id]);
  const [options, setOptions] = useState<Options>(() => ({ ...card.cardOptions, ...(last?.options as Options | undefined) }));
  const [chosen, setChosen] = useState<readonly string[]>(() =>
    mode === 'friend' || mode === 'hotseat'
      ? ['human', 'human', 'human', 'human', 'human', 'human', 'human', 'human']
      : mode === 'computer'
        ? []
        : (last?.seats ?? []),
  );
  const [seed, setSeed] = useState(() => randomSeed());
  const [clock, setClock] = useState(() =>
    last?.clock && (last.clock === CUSTOM || CLOCKS.some((c) => c.label === last.clock)) ? last.clock : (CLOCKS[0]?.label ?? 'none'),
  );
  const [minutes, setMinutes] = useState(5);
  const [increment, setIncrement] = useState(3);
  // Rated only when asked for each time: the last game's tick is not carried over unseen.
  const [rated, setRated] = useState(false);
  const [range, setRange] = useState<{ min: string; max: string }>({ min: '', max: '' });
  const [mineChosen, setMine] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState(rememberedName);
  const g = card.game;
  const used = card.used?.(options) ?? options;
  const parsed = g.parseOptions(used);
  const seatNames = parsed.ok ? g.seatNames(parsed.value) : [];
  const choices = seatChoices(g);
  const defaults = defaultSeats(card.opponent, seatNames.length);
  const seats = seatNames.map(
    (_, i) => (chosen[i] !== undefined && choices.includes(chosen[i] as string) ? (chosen[i] as string) : defaults[i]) as string,
  );
  const start = () => {
    window.location.assign(setupUrl({ game: g.id, options: used, seats, seed, moves: [] }));
  };
  // Online, one of the human seats is yours (the first unless you pick another); the rest are open.
  const humanSeats = seats.flatMap((s, i) => (s === 'human' ? [i] : []));
  // A seat, or RANDOM_SEAT: the server draws one of the open seats (lichess's "random side").
  const mine =
    (mineChosen === RANDOM_SEAT && humanSeats.length > 1) || humanSeats.includes(mineChosen) ? mineChosen : (humanSeats[0] ?? -1);
  const seatAsked = mine === RANDOM_SEAT ? ('random' as const) : mine;
  // Rated: a game that is rated, between people only (the other seats open to other accounts), asked
  // for by a player with an account.
  const canRate = signedIn && !g.unrated && seats.every((s) => s === 'human');
  // A rated seek may say who may join: opponents rated between two numbers (both given).
  const ratingRange =
    rated && canRate && range.min !== '' && range.max !== ''
      ? { min: Math.round(Number(range.min)), max: Math.round(Number(range.max)) }
      : null;
  const playOnline = async () => {
    setProblem(null);
    if (!signedIn) rememberName(name);
    const created = await createGame({
      game: g.id,
      options: used,
      seats: seats.map((s) => (s === 'human' ? 'open' : s)),
      ...(mine !== -1 ? { seat: seatAsked } : {}),
      // A player with an account plays under its name: none is asked for.
      ...(mine !== -1 && !signedIn && name.trim() !== '' ? { name: name.trim() } : {}),
      clock:
        clock === CUSTOM
          ? { initialMs: Math.round(minutes * 60_000), incrementMs: Math.round(increment * 1000) }
          : (CLOCKS.find((c) => c.label === clock)?.clock ?? null),
      ...(rated && canRate ? { rated: true } : {}),
      ...(ratingRange ? { ratingRange } : {}),
    });
    if (!created.ok) return setProblem(createProblem(created.error));
    rememberSetup(g.id, { options: used, seats, clock, rated });
    window.location.assign(gamePage(created.value.id));
  };
  return (
    <section class="game" id={g.id} aria-label={g.title}>
      <h2>{g.title}</h2>
      {card.optionsForm && <p class="options">{card.optionsForm({ options, set: (change) => setOptions({ ...options, ...change }) })}</p>}
      <p class="seats">
        {seatNames.map((seat, i) => (
          <label>
            {seatWord(seat)}{' '}
            <select
              value={seats[i]}
              aria-label={t('create.playedBy', { seat: seatWord(seat) })}
              onChange={(e) => setChosen(seats.map((c, j) => (j === i ? e.currentTarget.value : c)))}
            >
              {choices.map((c) => (
                <option value={c}>{seatLabel(card, c)}</option>
              ))}
            </select>{' '}
          </label>
        ))}
      </p>
      <p>
        <button type="button" class={mode === 'friend' ? '' : 'primary'} onClick={start} disabled={!parsed.ok || seed === ''}>
          <Play class="icon" aria-hidden="true" /> {t('create.start', { game: g.title })}
        </button>
      </p>
      {/* The seed replays a deal: for the curious, folded away from the choices every game asks for. */}
      <details class="more-options">
        <summary>{t('create.seed')}</summary>
        <label>
          {t('create.gameSeed')}{' '}
          <input
            value={seed}
            aria-label={t('create.seedLabel', { game: g.title })}
            title={t('create.seedHint')}
            onInput={(e) => setSeed(e.currentTarget.value)}
            size={Math.max(16, seed.length + 2)}
          />
        </label>
      </details>
      {online && (
        <p class="play-online">
          {humanSeats.length > 1 && (
            <label>
              {t('create.youPlay')}{' '}
              <select
                value={mine}
                aria-label={t('create.youPlayLabel', { game: g.title })}
                onChange={(e) => setMine(Number(e.currentTarget.value))}
              >
                {humanSeats.map((i) => (
                  <option value={i}>{seatWord(seatNames[i] ?? '')}</option>
                ))}
                <option value={RANDOM_SEAT}>{t('create.randomSeat')}</option>
              </select>{' '}
            </label>
          )}
          {!signedIn && (
            <label>
              {t('online.yourName')}{' '}
              <input
                value={name}
                maxLength={40}
                size={12}
                aria-label={t('create.nameLabel', { game: g.title })}
                placeholder={t('create.nameHint')}
                onInput={(e) => setName(e.currentTarget.value)}
              />
            </label>
          )}{' '}
          <label>
            {t('lobby.clock')}{' '}
            <select value={clock} aria-label={t('create.clockLabel', { game: g.title })} onChange={(e) => setClock(e.currentTarget.value)}>
              {CLOCKS.map((c) => (
                <option value={c.label}>{clockWords(c.clock)}</option>
              ))}
              <option value={CUSTOM}>{t('create.clock.custom')}</option>
            </select>
          </label>{' '}
          {clock === CUSTOM && (
            <>
              <NumberField
                label={t('create.minutes')}
                name={t('create.minutesLabel', { game: g.title })}
                min={1}
                max={180}
                value={String(minutes)}
                set={(v) => setMinutes(Number(v))}
              />{' '}
              <NumberField
                label={t('create.increment')}
                name={t('create.incrementLabel', { game: g.title })}
                min={0}
                max={180}
                value={String(increment)}
                set={(v) => setIncrement(Number(v))}
              />{' '}
            </>
          )}
          {canRate && (
            <label>
              <input type="checkbox" checked={rated} onChange={(e) => setRated(e.currentTarget.checked)} /> {t('create.rated')}
            </label>
          )}{' '}
          {canRate && rated && (
            <span class="rating-range">
              <NumberField
                label={t('create.ratedFrom')}
                name={t('create.lowestLabel', { game: g.title })}
                {...RATING_BOUNDS}
                placeholder={t('create.anyRating')}
                value={range.min}
                set={(min) => setRange({ ...range, min })}
              />{' '}
              <NumberField
                label={t('create.ratedTo')}
                name={t('create.highestLabel', { game: g.title })}
                {...RATING_BOUNDS}
                placeholder={t('create.anyRating')}
                value={range.max}
                set={(max) => setRange({ ...range, max })}
              />
            </span>
          )}{' '}
          <button type="button" class={mode === 'friend' ? 'primary' : ''} onClick={() => void playOnline()} disabled={!parsed.ok}>
            <Globe class="icon" aria-hidden="true" /> {t('create.playOnline', { game: g.title })}
          </button>{' '}
          <small>{humanSeats.length > 1 ? t('create.openSeatsNote') : t('create.aiSeatsNote')}</small>
        </p>
      )}
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      {!parsed.ok && (
        <p class="error" role="alert">
          {rulesRefusal(parsed.error)}
        </p>
      )}
      <HowToPlay>{card.howToPlay}</HowToPlay>
    </section>
  );
}
