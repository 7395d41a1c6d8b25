import { useEffect, useState } from 'preact/hooks';
import { agentWord } from '../i18n/agents.ts';
import { formatNumber, formatRating, t } from '../i18n/index.ts';
import { fetchLadder, type LadderEntry } from '../online/api.ts';
import { RATED_GAMES } from './leaderboard-page.tsx';
import { PageTop, Problem } from './page-parts.tsx';

export { ladderOf } from '../routes.ts';

/**
 * /ladder: the engines' strength table of a game — hexarena's levels and the outside programs the
 * operator lists, rated by Glicko-2 from their games against each other and against players — each
 * with the interval its rating is 95% sure to lie in. Overlapping intervals are not yet told apart.
 */
export function LadderPage({ game }: { game: string }) {
  const [entries, setEntries] = useState<readonly LadderEntry[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void fetchLadder(game).then((r) => (r.ok ? setEntries(r.value) : setProblem(r.error.message)));
  }, [game]);
  const title = RATED_GAMES.find((g) => g.id === game)?.game.title ?? game;
  const widest = entries && entries.length > 0 ? Math.max(...entries.map((e) => e.interval[1])) : 0;
  const lowest = entries && entries.length > 0 ? Math.min(...entries.map((e) => e.interval[0])) : 0;
  const x = (rating: number) => (widest === lowest ? 50 : ((rating - lowest) / (widest - lowest)) * 100);
  return (
    <main class="ladder">
      <PageTop />
      <h2>{t('ladder.title', { game: title })}</h2>
      <nav aria-label={t('ladder.nav')} class="speeds">
        {RATED_GAMES.map((g) =>
          g.id === game ? <strong aria-current="page">{g.game.title}</strong> : <a href={`/ladder/${g.id}`}>{g.game.title}</a>,
        )}
      </nav>
      <p>{t('ladder.intro')}</p>
      <Problem text={problem && t('ladder.cannotShow', { problem })} />
      {entries && entries.length === 0 && <p class="ladder-empty">{t('ladder.empty', { game: title })}</p>}
      {entries && entries.length > 0 && (
        // A narrow screen scrolls the table, not the page.
        <div class="table-scroll">
          <table class="ranking ladder-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('analysis.engine')}</th>
                <th scope="col">{t('lobby.rating')}</th>
                <th scope="col">{t('ladder.interval')}</th>
                <th scope="col">{t('profile.gamesTitle')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e, i) => (
                <tr data-engine={e.name}>
                  <td>{formatNumber(i + 1)}</td>
                  <td>
                    {e.name} <small>{e.seat === 'outside' ? t('ladder.outside') : t('ladder.level', { level: agentWord(e.seat) })}</small>
                  </td>
                  <td>{formatRating(e.rating)}</td>
                  <td>
                    <span class="interval-text">
                      {formatRating(e.interval[0])}–{formatRating(e.interval[1])}
                    </span>
                    <svg class="interval" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true">
                      <rect x={x(e.interval[0])} y="2" width={Math.max(0.5, x(e.interval[1]) - x(e.interval[0]))} height="2" />
                      <circle cx={x(e.rating)} cy="3" r="2" />
                    </svg>
                  </td>
                  <td>{formatNumber(e.games)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
