import { poolOf } from '@hexarena/engines/ratings/pools.ts';
import { Bot, Microscope, Monitor, PencilRuler, Plus, Puzzle, Users } from 'lucide-preact';
import { lazy, memo, Suspense } from 'preact/compat';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { AccountBar } from './account/account-bar.tsx';
import { useAccount } from './account/use-account.ts';
import { YourGames } from './account/your-games.tsx';
import type { Mode } from './create-game.tsx';
import { WEB_GAMES } from './games/index.ts';
import { HowToPlay } from './how-to-play.tsx';
import { loadMessages, t } from './i18n/index.ts';
import { Challenges } from './lobby/challenges.tsx';
import { QuickPairing } from './lobby/quick-pairing.tsx';
import { useLobbySocket } from './lobby/use-lobby-socket.ts';
import { Lobby, useLobby } from './online/lobby.tsx';
import { usePaintedOnce } from './painted-once.ts';
import { puzzleUrl } from './puzzles/address.ts';
import { SettingsBar } from './settings-bar.tsx';
import { FollowingNews } from './social/following-news.tsx';
import { TakenOverLater } from './take-over.tsx';
import { TournamentGameNotice } from './tournaments/game-notice.tsx';
import { TournamentsCard } from './tournaments/home-card.tsx';
import { UploadRecord } from './upload.tsx';

/**
 * The create dialog (its forms, the seats' agents) and its words (the catalog's play part), loaded
 * when it first opens: the first screen draws without them.
 */
const CreateGameDialog = lazy(() =>
  Promise.all([import('./create-game.tsx'), loadMessages(['play'])]).then(([m]) => ({ default: m.CreateGameDialog })),
);

/** The game asked for in the address (`/#hive`, where "New game" leads), if it is one. */
const askedGame = (): string | null => {
  const id = window.location.hash.slice(1);
  return WEB_GAMES.some((c) => c.id === id) ? id : null;
};

/** The pool asked for in the address (`/#pool=hive-5+3`, where "New opponent" leads), if it is one. */
const askedPool = (): string | null => {
  const match = /^#pool=(.+)$/.exec(window.location.hash);
  const id = match ? decodeURIComponent(match[1] as string) : null;
  return id && poolOf(id) ? id : null;
};

/** The home page's TV (social/home-tv.tsx): its code and its asking come once the first screen has painted. */
const HomeTv = lazy(() => import('./social/home-tv.tsx').then((m) => ({ default: m.HomeTv })));

function LiveGameCard() {
  const painted = usePaintedOnce();
  return painted ? (
    <Suspense fallback={null}>
      <HomeTv />
    </Suspense>
  ) : null;
}

/**
 * The games, with how to play them: the same whatever the lobby, the account or the socket say, so
 * drawn once, not again each time one of them answers (a phone redraws nothing it need not).
 */
const GameShelf = memo(function GameShelf({ open }: { open: (mode: Mode, game: string) => void }) {
  return (
    <section class="game-shelf" aria-label={t('home.games')}>
      <h2>{t('home.games')}</h2>
      {/* Below the fold, beside the games: the right column's height must not change when its cards load. */}
      <p class="shelf-tools">
        <a href="./#analysis&game=hive" class="button-link">
          <Microscope class="icon" aria-hidden="true" /> {t('home.analysisBoard')}
        </a>
        <a href="./#editor&game=hive" class="button-link">
          <PencilRuler class="icon" aria-hidden="true" /> {t('home.setUpPosition')}
        </a>
      </p>
      <ul>
        {WEB_GAMES.map((card) => (
          <TakenOverLater key={card.id}>
            <li class="card" data-game-card={card.id}>
              {card.picture}
              <h3>{card.game.title}</h3>
              <HowToPlay>{card.howToPlay}</HowToPlay>
              <div class="card-actions">
                <button type="button" onClick={() => open('create', card.id)}>
                  {t('home.play', { game: card.game.title })}
                </button>
                {card.puzzleSet && (
                  <a href={puzzleUrl(card.id)} class="button-link" data-testid={`puzzles-${card.id}`}>
                    <Puzzle class="icon" aria-hidden="true" /> {t('home.puzzleOfTheDay')}
                  </a>
                )}
              </div>
            </li>
          </TakenOverLater>
        ))}
      </ul>
    </section>
  );
});

/**
 * The home page's parts that take nothing, or only what they show: drawn again when that changes, not
 * each time the lobby, the account or the lobby's socket answers. Each answer redrew the whole page
 * (the bars, the cards and their icons): on a phone, tasks of 50-170 ms one after another as the page
 * opens, which Lighthouse counts as blocking time.
 */
const HomeAccountBar = memo(AccountBar);
const HomeSettingsBar = memo(SettingsBar);
const HomeLobby = memo(Lobby);
const HomeChallenges = memo(Challenges);
const HomeGameNotice = memo(TournamentGameNotice);
const HomeFollowingNews = memo(FollowingNews);
const HomeYourGames = memo(YourGames);
const HomeLiveGame = memo(LiveGameCard);
const HomeTournaments = memo(TournamentsCard);

/** The ways to start a game: the same whatever the lobby or the socket say, as the shelf. */
const StartCard = memo(function StartCard({ online, open }: { online: boolean; open: (mode: Mode) => void }) {
  return (
    <section class="start card" aria-label={t('home.start')}>
      <button type="button" class="primary" onClick={() => open('create')}>
        <Plus class="icon" aria-hidden="true" /> {t('home.createGame')}
      </button>
      {online && (
        <button type="button" onClick={() => open('friend')}>
          <Users class="icon" aria-hidden="true" /> {t('home.playFriend')}
        </button>
      )}
      <button type="button" onClick={() => open('computer')}>
        <Bot class="icon" aria-hidden="true" /> {t('home.playComputer')}
      </button>
      <button type="button" onClick={() => open('hotseat')}>
        <Monitor class="icon" aria-hidden="true" /> {t('home.hotseat')}
      </button>
      <UploadRecord />
    </section>
  );
});

/**
 * The home page, as lichess lays out its own: above the fold the ways to play now (quick pairing,
 * the buttons that open the one "create a game" dialog), the lobby's open games, your games and a
 * live game to watch; the games themselves, with how to play them, below.
 */
export function Home() {
  const lobby = useLobby();
  const [account] = useAccount();
  const live = useLobbySocket(Boolean(lobby));
  // "New opponent": once the server says this is a player, the page waits in the pool it names.
  const [pool] = useState(askedPool);
  useEffect(() => {
    if (!pool || !lobby || account?.kind !== 'player') return;
    live.join(pool);
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }, [pool, lobby, account?.kind]);
  const [opened, setOpened] = useState<{ mode: Mode; game: string | null } | null>(() => {
    const game = askedGame();
    return game ? { mode: 'create', game } : null;
  });
  // Once opened, the dialog stays in the page (closed), as it was before it loaded.
  const everOpened = useRef(false);
  if (opened) everOpened.current = true;
  // The online parts are laid out while the server is asked, so nothing moves when it answers; only a
  // static copy of the app, with no server, takes them away again.
  const online = lobby !== false;
  const open = useCallback((mode: Mode, game: string | null = null) => setOpened({ mode, game }), []);
  return (
    <main class="home">
      <header class="topbar">
        <h1 class="home-link">hexarena</h1>
        <TakenOverLater>
          <HomeAccountBar />
        </TakenOverLater>
        <TakenOverLater>
          <HomeSettingsBar />
        </TakenOverLater>
      </header>
      <div class="home-grid">
        <div class="home-main">
          {online && (
            <TakenOverLater>
              <QuickPairing account={account} lobby={live} live={Boolean(lobby)} />
            </TakenOverLater>
          )}
          {online && (
            <TakenOverLater>
              <HomeLobby games={live.seeks ?? lobby} me={account?.name} />
            </TakenOverLater>
          )}
        </div>
        <div class="home-side">
          <TakenOverLater>
            <StartCard online={online} open={open} />
          </TakenOverLater>
          {lobby && account?.kind === 'player' && live.challenges && <HomeChallenges challenges={live.challenges} me={account.name} />}
          {lobby && <HomeGameNotice games={live.tournamentGames} />}
          {lobby && <HomeFollowingNews news={live.following} />}
          {lobby && <HomeYourGames />}
          {online && <HomeLiveGame />}
        </div>
        {/* In the grid, under the pairing and the lobby (style.css): the side column grows as its cards
            arrive (the live game, your games), and a shelf under the whole grid moved in view each time. */}
        <GameShelf open={open} />
      </div>
      {/* Below the games: a card above the shelf would move it in view as it arrives. */}
      {online && (
        <TakenOverLater>
          <HomeTournaments />
        </TakenOverLater>
      )}
      {everOpened.current && (
        <Suspense fallback={null}>
          <CreateGameDialog
            opened={opened}
            online={online}
            signedIn={account?.kind === 'player'}
            onClose={() => {
              setOpened(null);
              // The address no longer asks for a game once its dialog is closed.
              if (window.location.hash) history.replaceState(null, '', window.location.pathname + window.location.search);
            }}
          />
        </Suspense>
      )}
    </main>
  );
}
