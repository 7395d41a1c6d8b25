import { useMemo, useState } from 'preact/hooks';
import { randomSeed } from '../engine/rng.ts';
import { CORRESPONDENCE_DAYS } from '../protocols/wire/index.ts';
import { AccountBar } from './account/account-bar.tsx';
import { useAccount } from './account/use-account.ts';
import { YourGames } from './account/your-games.tsx';
import { WEB_GAMES } from './games/index.ts';
import type { Options, WebGame } from './games/web-game.tsx';
import { HowToPlay } from './how-to-play.tsx';
import { lastSetup } from './last-setup.ts';
import { Challenges } from './lobby/challenges.tsx';
import { QuickPairing } from './lobby/quick-pairing.tsx';
import { useLobbySocket } from './lobby/use-lobby-socket.ts';
import { createGame } from './online/api.ts';
import { gamePage } from './online/links.ts';
import { Lobby, useLobby } from './online/lobby.tsx';
import { rememberedName, rememberName } from './online/player-name.ts';
import { defaultSeats, seatChoices, setupUrl } from './setup.ts';
import { SettingsBar } from './shell.tsx';
import { UploadRecord } from './upload.tsx';

type ClockChoice = { initialMs: number; incrementMs: number; perMove?: boolean } | null;

const DAY_MS = 86_400_000;

/** Time controls offered for online games (none: no clocks), then correspondence, then a clock of one's own. */
const CLOCKS: readonly { label: string; clock: ClockChoice }[] = [
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

/**
 * One game on the home page: options, who sits where, the seed, and Start (the setup goes into the
 * URL); with a server, Play online: the people's seats are open to whoever gets the link, and the
 * first of them is yours.
 */
function GameCard({ card, online }: { card: WebGame; online: boolean }) {
  // "New game" comes back here: the card starts from the options and seats last played.
  const last = useMemo(() => lastSetup(card.id), [card.id]);
  const [options, setOptions] = useState<Options>(() => ({ ...card.cardOptions, ...(last?.options as Options | undefined) }));
  const [chosen, setChosen] = useState<readonly string[]>(() => last?.seats ?? []);
  const [seed, setSeed] = useState(() => randomSeed());
  const [clock, setClock] = useState(CLOCKS[0]?.label ?? 'none');
  const [minutes, setMinutes] = useState(5);
  const [increment, setIncrement] = useState(3);
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
  const mine = humanSeats.includes(mineChosen) ? mineChosen : (humanSeats[0] ?? -1);
  // Rated: a game that is rated, between people only (the other seats open to other accounts).
  const canRate = !g.unrated && seats.every((s) => s === 'human');
  // A rated seek may say who may join: opponents rated between two numbers (both given).
  const ratingRange =
    rated && canRate && range.min !== '' && range.max !== ''
      ? { min: Math.round(Number(range.min)), max: Math.round(Number(range.max)) }
      : null;
  const playOnline = async () => {
    setProblem(null);
    rememberName(name);
    const created = await createGame({
      game: g.id,
      options: used,
      seats: seats.map((s) => (s === 'human' ? 'open' : s)),
      ...(mine >= 0 ? { seat: mine } : {}),
      ...(mine >= 0 && name.trim() !== '' ? { name: name.trim() } : {}),
      clock:
        clock === CUSTOM
          ? { initialMs: Math.round(minutes * 60_000), incrementMs: Math.round(increment * 1000) }
          : (CLOCKS.find((c) => c.label === clock)?.clock ?? null),
      ...(rated && canRate ? { rated: true } : {}),
      ...(ratingRange ? { ratingRange } : {}),
    });
    if (!created.ok) return setProblem(`The online game could not be made: ${created.error.message}.`);
    window.location.assign(gamePage(created.value.id));
  };
  return (
    <section class="game" id={g.id} aria-label={g.title}>
      <h2>{g.title}</h2>
      {card.optionsForm && <p class="options">{card.optionsForm({ options, set: (change) => setOptions({ ...options, ...change }) })}</p>}
      <p class="seats">
        {seatNames.map((seat, i) => (
          <label>
            {seat}{' '}
            <select
              value={seats[i]}
              aria-label={`${seat} is played by`}
              onChange={(e) => setChosen(seats.map((c, j) => (j === i ? e.currentTarget.value : c)))}
            >
              {choices.map((c) => (
                <option value={c}>{card.agentLabels?.[c] ?? c}</option>
              ))}
            </select>{' '}
          </label>
        ))}
      </p>
      <p>
        <label>
          Game seed{' '}
          <input
            value={seed}
            aria-label={`${g.title} seed`}
            title="The same seed deals the same game (the map and dice of DiceWars) and the same AI choices"
            onInput={(e) => setSeed(e.currentTarget.value)}
            size={Math.max(16, seed.length + 2)}
          />
        </label>{' '}
        <button type="button" onClick={start} disabled={!parsed.ok || seed === ''}>
          Start {g.title}
        </button>
      </p>
      {online && (
        <p class="play-online">
          {humanSeats.length > 1 && (
            <label>
              You play{' '}
              <select value={mine} aria-label={`${g.title}: you play`} onChange={(e) => setMine(Number(e.currentTarget.value))}>
                {humanSeats.map((i) => (
                  <option value={i}>{seatNames[i]}</option>
                ))}
              </select>{' '}
            </label>
          )}
          <label>
            Your name{' '}
            <input
              value={name}
              maxLength={40}
              size={12}
              aria-label={`${g.title}: your name online`}
              placeholder="shown to others"
              onInput={(e) => setName(e.currentTarget.value)}
            />
          </label>{' '}
          <label>
            Clock{' '}
            <select value={clock} aria-label={`${g.title} clock`} onChange={(e) => setClock(e.currentTarget.value)}>
              {CLOCKS.map((c) => (
                <option value={c.label}>{c.label}</option>
              ))}
              <option value={CUSTOM}>custom…</option>
            </select>
          </label>{' '}
          {clock === CUSTOM && (
            <>
              <label>
                Minutes{' '}
                <input
                  type="number"
                  min={1}
                  max={180}
                  value={minutes}
                  aria-label={`${g.title} clock minutes`}
                  onInput={(e) => setMinutes(Number(e.currentTarget.value))}
                />
              </label>{' '}
              <label>
                + seconds a move{' '}
                <input
                  type="number"
                  min={0}
                  max={180}
                  value={increment}
                  aria-label={`${g.title} clock increment`}
                  onInput={(e) => setIncrement(Number(e.currentTarget.value))}
                />
              </label>{' '}
            </>
          )}
          {canRate && (
            <label>
              <input type="checkbox" checked={rated} onChange={(e) => setRated(e.currentTarget.checked)} /> Rated
            </label>
          )}{' '}
          {canRate && rated && (
            <span class="rating-range">
              <label>
                opponents rated{' '}
                <input
                  type="number"
                  min={400}
                  max={4000}
                  step={50}
                  placeholder="any"
                  value={range.min}
                  aria-label={`${g.title} lowest opponent rating`}
                  onInput={(e) => setRange({ ...range, min: e.currentTarget.value })}
                />
              </label>{' '}
              <label>
                to{' '}
                <input
                  type="number"
                  min={400}
                  max={4000}
                  step={50}
                  placeholder="any"
                  value={range.max}
                  aria-label={`${g.title} highest opponent rating`}
                  onInput={(e) => setRange({ ...range, max: e.currentTarget.value })}
                />
              </label>
            </span>
          )}{' '}
          <button type="button" onClick={() => void playOnline()} disabled={!parsed.ok}>
            Play {g.title} online
          </button>{' '}
          <small>
            {humanSeats.length > 1 ? 'the other human seats are open to whoever gets the link' : 'AI seats are played by the server'}
          </small>
        </p>
      )}
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      {!parsed.ok && (
        <p class="error" role="alert">
          {parsed.error.message}
        </p>
      )}
      <HowToPlay>{card.howToPlay}</HowToPlay>
    </section>
  );
}

export function Home() {
  const lobby = useLobby();
  const [account] = useAccount();
  const live = useLobbySocket(Boolean(lobby));
  // The online parts are laid out while the server is asked, so nothing moves when it answers; only a
  // static copy of the app, with no server, takes them away again.
  const online = lobby !== false;
  return (
    <main class="home">
      <header class="topbar">
        <h1>hexarena</h1>
        <AccountBar />
        <SettingsBar />
      </header>
      <p>
        Strategy games on hexagonal grids: play a friend on this screen, an AI of any level, or watch AIs play. <UploadRecord />
      </p>
      {lobby && <YourGames />}
      {lobby && account?.kind === 'player' && live.challenges && <Challenges challenges={live.challenges} me={account.name} />}
      {online && <QuickPairing account={account} lobby={live} live={Boolean(lobby)} />}
      {online && <Lobby games={live.seeks ?? lobby} />}
      <div class="games">
        {WEB_GAMES.map((card) => (
          <GameCard card={card} online={online} />
        ))}
      </div>
    </main>
  );
}
