import { Eye, Tv } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { PageTop, Problem } from '../account/page-parts.tsx';
import { WEB_GAMES } from '../games/index.ts';
import { t } from '../i18n/index.ts';
import { gamePage } from '../online/links.ts';
import { GAMES_DATABASE_PAGE } from './addresses.ts';
import { BEST_CHANNEL, type CurrentGame, fetchCurrentGames, tvPage } from './api.ts';
import { GameLine, PlayersLine } from './game-lines.tsx';
import { MiniBoard } from './mini-board.tsx';

/** The page of the games being played now. */
export { CURRENT_GAMES_PAGE } from './addresses.ts';

/** The speeds a game is filtered by, as the server names them. */
const SPEEDS = ['ultrabullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence', 'unlimited'] as const;
/**
 * The list is asked for again this often while the page is open: games start and end, and each
 * miniature moves on with its game's moves (a bounded refresh, where lichess subscribes each board).
 */
const REFRESH_MS = 5000;

/**
 * /games: the games being played now, as lichess lists them — filtered by game and speed, the
 * highest rated first, each with its spectators and one click to watch; TV a click away.
 */
export function CurrentGamesPage() {
  const [game, setGame] = useState('');
  const [speed, setSpeed] = useState('');
  const [games, setGames] = useState<readonly CurrentGame[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const load = () =>
      void fetchCurrentGames({ game, speed }).then((r) => {
        if (!current) return;
        if (!r.ok) return setProblem(t('tv.cannotShow', { problem: r.error.message }));
        setProblem(null);
        setGames(r.value);
      });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [game, speed]);
  return (
    <main class="current-games-page">
      <PageTop />
      <h2>{t('tv.currentTitle')}</h2>
      <p class="controls">
        <label>
          {t('tv.game')}{' '}
          <select value={game} onChange={(e) => setGame(e.currentTarget.value)}>
            <option value="">{t('tv.allGames')}</option>
            {WEB_GAMES.map((g) => (
              <option value={g.id}>{g.game.title}</option>
            ))}
          </select>
        </label>
        <label>
          {t('tv.speed')}{' '}
          <select value={speed} onChange={(e) => setSpeed(e.currentTarget.value)}>
            <option value="">{t('tv.allSpeeds')}</option>
            {SPEEDS.map((s) => (
              <option value={s}>{t(`tv.speed.${s}`)}</option>
            ))}
          </select>
        </label>
        <a class="button-link" href={tvPage(game || BEST_CHANNEL)}>
          <Tv class="icon" aria-hidden="true" /> {t('tv.watchTv')}
        </a>
        <a href={GAMES_DATABASE_PAGE}>{t('social.db.link')}</a>
      </p>
      <Problem text={problem} />
      {games !== null &&
        (games.length === 0 ? (
          <p class="no-games">{t('tv.noneNow')}</p>
        ) : (
          <ul class="current-games" aria-label={t('tv.currentTitle')}>
            {games.map((g) => (
              <li class="card" data-game-id={g.id}>
                <MiniBoard game={g.game} position={g.position} />
                <p class="current-line">
                  <PlayersLine game={g} />
                </p>
                <p class="current-line">
                  <GameLine game={g} /> · <span data-testid="watching">{t('tv.watching', { count: g.watching })}</span>
                </p>
                <a class="button-link" href={gamePage(g.id)}>
                  <Eye class="icon" aria-hidden="true" /> {t('tv.watch')}
                </a>
              </li>
            ))}
          </ul>
        ))}
    </main>
  );
}
