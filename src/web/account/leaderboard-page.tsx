import { useEffect, useState } from 'preact/hooks';
import { WEB_GAMES, webGameOf } from '../games/index.ts';
import { formatNumber, formatRating, locale, t } from '../i18n/index.ts';
import { fetchLeaderboard, type Leaderboard } from '../online/api.ts';
import { PageTop, Problem } from './page-parts.tsx';
import { useAccount } from './use-account.ts';

/**
 * The leaderboards: /leaderboard, the best few of every rating that has anyone on it; and
 * /leaderboard/<perf>, the top 100 of one (hex, hive:blitz), with where you stand. Only established
 * ratings are listed (deviation under 75, as the server decides).
 */

/** A game's ratings: untimed, then each speed from the fastest (packages/engines/src/ratings/perf.ts). */
export const SPEEDS = ['ultrabullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;

/** The games that are rated (tic-tac-toe is not), in the home page's order. */
export const RATED_GAMES = WEB_GAMES.filter((g) => !g.game.unrated);

/** Every perf of a game: the untimed one, then one per speed. */
export const perfsOf = (game: string): string[] => [game, ...SPEEDS.map((s) => `${game}:${s}`)];

export const leaderboardPage = (perf?: string): string => (perf ? `/leaderboard/${perf}` : '/leaderboard');

/** A player's profile (profile-page.tsx's profilePage; not imported from there, which imports this file). */
const profilePage = (name: string): string => `/u/${encodeURIComponent(name)}`;

/** A speed in the player's words ("blitz", "untimed"); a speed this app does not know as it is. */
const speedWord = (speed: string): string =>
  (SPEEDS as readonly string[]).includes(speed) || speed === 'untimed' ? t(`leaderboard.speed.${speed as 'blitz'}`) : speed;

/** A perf in words: "Hex", "Hive blitz". */
export function perfTitle(perf: string): string {
  const [game = '', speed] = perf.split(':');
  const title = webGameOf(game)?.game.title ?? game;
  return speed ? t('leaderboard.perf', { game: title, speed: speedWord(speed) }) : title;
}

export { leaderboardOf } from '../routes.ts';

/** A perf within its game: "Untimed", "Blitz". */
const speedTitle = (perf: string): string => {
  const speed = speedWord(perf.split(':')[1] ?? 'untimed');
  return `${speed[0]?.toLocaleUpperCase(locale()) ?? ''}${speed.slice(1)}`;
};

/** The games with someone on a board first, each kept in the home page's order. */
const byBoardsFilled = <G extends { id: string }>(games: readonly G[], boards: Readonly<Record<string, Leaderboard | null>>): G[] => {
  const filled = (g: G) => perfsOf(g.id).some((p) => (boards[p]?.players.length ?? 0) > 0);
  return [...games.filter(filled), ...games.filter((g) => !filled(g))];
};

/** Whether a perf names a rated game (at a speed that exists). */
const knownPerf = (perf: string): boolean => RATED_GAMES.some((g) => perfsOf(g.id).includes(perf));

/** The index shows this many of each board. */
const TOP_FEW = 5;

export function LeaderboardPage({ perf }: { perf: string }) {
  // Your own row stands out, found by name: two equal ratings may share the rank the server gives you.
  const [account] = useAccount();
  const me = account?.name ?? null;
  return (
    <main class="leaderboard">
      <PageTop />
      {perf === '' ? <AllBoards me={me} /> : <OneBoard perf={perf} me={me} />}
    </main>
  );
}

/** A board's rows; `me` is this browser's account's name, whose row stands out when the server says it is on the board. */
function Ranking({ board, label, limit, me }: { board: Leaderboard; label: string; limit?: number; me: string | null }) {
  const players = limit === undefined ? board.players : board.players.slice(0, limit);
  return (
    <table class="ranking" aria-label={label} data-perf={board.perf}>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t('lobby.player')}</th>
          <th scope="col">{t('lobby.rating')}</th>
          <th scope="col">{t('profile.gamesTitle')}</th>
        </tr>
      </thead>
      <tbody>
        {players.map((p) => (
          <tr class={board.you && me === p.name ? 'you' : undefined}>
            <td>{formatNumber(p.rank)}</td>
            <td>
              <a href={profilePage(p.name)}>{p.name}</a>
              {p.bot && (
                <>
                  {' '}
                  <span class="bot-mark" title={t('leaderboard.botHint')}>
                    {t('leaderboard.bot')}
                  </span>
                </>
              )}
            </td>
            <td>{formatRating(p.rating)}</td>
            <td>{formatNumber(p.games)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Links to every board of a game, the one shown marked. */
function PerfLinks({ game, current }: { game: string; current?: string }) {
  return (
    <nav class="perf-links" aria-label={t('leaderboard.ofGame', { game: webGameOf(game)?.game.title ?? game })}>
      {perfsOf(game).map((perf) => {
        const speed = speedWord(perf.split(':')[1] ?? 'untimed');
        return perf === current ? <strong aria-current="page">{speed}</strong> : <a href={leaderboardPage(perf)}>{speed}</a>;
      })}
    </nav>
  );
}

/** /leaderboard/<perf>: the top 100, and where you stand. */
function OneBoard({ perf, me }: { perf: string; me: string | null }) {
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const known = knownPerf(perf);
  useEffect(() => {
    if (!known) return;
    void fetchLeaderboard(perf).then((r) => (r.ok ? setBoard(r.value) : setProblem(r.error.message)));
  }, [perf]);
  const game = perf.split(':')[0] ?? '';
  useEffect(() => {
    document.title = `${t('leaderboard.of', { perf: perfTitle(perf) })} · hexarena`;
  }, [perf]);
  if (!known)
    return (
      <>
        <Problem text={t('leaderboard.noSuch', { perf, games: RATED_GAMES.map((g) => g.id).join(', ') })} />
        <p>
          <a href={leaderboardPage()}>{t('leaderboard.all')}</a>
        </p>
      </>
    );
  return (
    <>
      <h2>{t('leaderboard.of', { perf: perfTitle(perf) })}</h2>
      <p>
        <a href={leaderboardPage()}>{t('leaderboard.all')}</a>
      </p>
      <PerfLinks game={game} current={perf} />
      <Problem text={problem && t('leaderboard.cannotShow', { problem })} />
      {board?.you && (
        <p class="your-rank" data-testid="your-rank">
          {t('leaderboard.yourRank')} <strong>#{formatNumber(board.you.rank)}</strong> ({formatRating(board.you.rating)})
        </p>
      )}
      {board &&
        (board.players.length > 0 ? (
          <Ranking board={board} label={t('leaderboard.of', { perf: perfTitle(perf) })} me={me} />
        ) : (
          <p class="empty-board">{t('leaderboard.emptyHere')}</p>
        ))}
      {!board && !problem && <p>{t('leaderboard.loading')}</p>}
    </>
  );
}

/**
 * /leaderboard: per rated game, the best few of each of its boards that has anyone. Each board is
 * one request (4 games × 7 = 28, a few at a time): the server has no call that lists the boards in
 * use, and a board nobody is on answers at once.
 */
function AllBoards({ me }: { me: string | null }) {
  const [boards, setBoards] = useState<Readonly<Record<string, Leaderboard | null>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    document.title = `${t('account.leaderboards')} · hexarena`;
    let current = true;
    const perfs = RATED_GAMES.flatMap((g) => perfsOf(g.id));
    let next = 0;
    const worker = async () => {
      while (current && next < perfs.length) {
        const perf = perfs[next++] as string;
        const r = await fetchLeaderboard(perf);
        if (!current) return;
        if (!r.ok) setProblem(r.error.message);
        setBoards((b) => ({ ...b, [perf]: r.ok ? r.value : null }));
      }
    };
    // Four at a time: well inside the server's allowance per address, and the browser's connections.
    for (let i = 0; i < 4; i++) void worker();
    return () => {
      current = false;
    };
  }, []);
  return (
    <>
      <h2>{t('account.leaderboards')}</h2>
      <p>{t('leaderboard.intro')}</p>
      <Problem text={problem && t('leaderboard.someCannotShow', { problem })} />
      {byBoardsFilled(RATED_GAMES, boards).map((g) => {
        const perfs = perfsOf(g.id);
        const loaded = perfs.every((p) => p in boards);
        const filled = perfs.flatMap((p) => {
          const b = boards[p];
          return b && b.players.length > 0 ? [b] : [];
        });
        return (
          <section class="game-boards" aria-label={t('leaderboard.ofGame', { game: g.game.title })}>
            <h3>{g.game.title}</h3>
            <PerfLinks game={g.id} />
            <div class="board-grid">
              {filled.map((b) => (
                <div class="board-top">
                  <h4>
                    <a href={leaderboardPage(b.perf)}>{speedTitle(b.perf)}</a>
                  </h4>
                  <Ranking board={b} label={t('leaderboard.top', { perf: perfTitle(b.perf), count: TOP_FEW })} limit={TOP_FEW} me={me} />
                  {b.players.length > TOP_FEW && <a href={leaderboardPage(b.perf)}>{t('leaderboard.top100')}</a>}
                </div>
              ))}
            </div>
            {loaded && filled.length === 0 && <p class="empty-board">{t('leaderboard.emptyGame', { game: g.game.title })}</p>}
            {!loaded && filled.length === 0 && <p>{t('leaderboard.loading')}</p>}
          </section>
        );
      })}
    </>
  );
}
