import { useEffect, useState } from 'preact/hooks';
import { WEB_GAMES, webGameOf } from '../games/index.ts';
import { formatDay, formatNumber, formatRating, t } from '../i18n/index.ts';
import { ChallengeForm } from '../lobby/challenge-form.tsx';
import { ReportForm } from '../moderation/report-form.tsx';
import { fetchProfile, fetchRatingHistory, type GameSummary, type Profile, type RatingPoint } from '../online/api.ts';
import { type Entered, ProfileTournaments } from '../profile/tournaments.tsx';
import { fetchPlayerRecord, type PlayerRecord } from '../social/api.ts';
import { PlayerRecordPanel, RecentBoards } from '../social/player-record.tsx';
import { RelationBar } from '../social/relation-bar.tsx';
import { fetchPlayerTournaments } from '../tournaments/api.ts';
import { GameList } from './game-list.tsx';
import { leaderboardPage, perfTitle } from './leaderboard-page.tsx';
import { PageTop, Problem } from './page-parts.tsx';
import { profileProblem } from './profile-refusal.ts';
import { CHART, RatingChart } from './rating-chart.tsx';
import { useAccount } from './use-account.ts';

export { profileName } from '../routes.ts';
export { profilePage } from '../social/addresses.ts';

/** /u/<name>: a player's results per game, their games (filtered by game and result), and their export. */
export function ProfilePage({ name }: { name: string }) {
  const [game, setGame] = useState('');
  const [result, setResult] = useState('');
  const [profile, setProfile] = useState<Profile | null>(null);
  const [games, setGames] = useState<readonly GameSummary[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [account] = useAccount();
  const load = (before?: number) =>
    void fetchProfile(name, { game, result, ...(before === undefined ? {} : { before }) }).then((r) => {
      if (!r.ok) return setProblem(profileProblem(r.error));
      setProfile(r.value);
      setGames((shown) => (before === undefined ? r.value.games : [...shown, ...r.value.games]));
    });
  useEffect(() => load(), [name, game, result]);
  // The player's record and tournaments are read beside the profile, and the page drawn once all have
  // come: arriving after it, each pushed the games below it out of a phone's screen.
  const [more, setMore] = useState<{ name: string; record: PlayerRecord | null; tournaments: readonly Entered[] } | null>(null);
  useEffect(() => {
    let current = true;
    void Promise.all([fetchPlayerRecord(name), fetchPlayerTournaments(name)]).then(([record, tournaments]) => {
      if (current) setMore({ name, record: record.ok ? record.value : null, tournaments: tournaments.ok ? tournaments.value : [] });
    });
    return () => {
      current = false;
    };
  }, [name]);
  // Your own profile, open in this tab: you are here, whatever the presence count last saw.
  const yours = account?.kind === 'player' && profile !== null && account.name.toLowerCase() === profile.name.toLowerCase();
  const online = profile !== null && (profile.online || yours);
  return (
    <main class="profile">
      <PageTop />
      <Problem text={problem} />
      {profile && more?.name === name && (
        <>
          <h2>
            {profile.name}{' '}
            <span class={online ? 'player-online' : 'player-offline'}>{t(online ? 'profile.online' : 'profile.offline')}</span>
            {profile.banned && (
              <>
                {' '}
                <span class="profile-banned">{t('profile.banned')}</span>
              </>
            )}
          </h2>
          {profile.banned && <p>{t('profile.closed')}</p>}
          <p>{t('profile.memberSince', { day: formatDay(profile.createdAt) })}</p>
          <RelationBar
            key={profile.name}
            name={profile.name}
            followers={profile.followers}
            following={profile.following}
            you={profile.you}
          />
          {account?.kind === 'player' && account.name.toLowerCase() !== profile.name.toLowerCase() && (
            <ChallengeForm name={profile.name} me={account.name} />
          )}
          {account?.kind === 'player' && account.name.toLowerCase() !== profile.name.toLowerCase() && !profile.banned && (
            <ReportForm name={profile.name} />
          )}
          {profile.ratings.length > 0 && (
            <ul class="ratings" aria-label={t('profile.ratings')}>
              {profile.ratings.map((r) => {
                const [game, speed] = r.perf.split(':');
                return (
                  <li data-perf={r.perf}>
                    <a href={leaderboardPage(r.perf)} title={t('profile.leaderboardOf', { perf: perfTitle(r.perf) })}>
                      {webGameOf(game ?? '')?.game.title ?? game}
                      {speed ? ` ${speed}` : ''}
                    </a>
                    : <strong>{`${formatRating(r.rating)}${r.provisional ? '?' : ''}`}</strong>{' '}
                    <small>({t('profile.games', { count: r.games })})</small>
                  </li>
                );
              })}
            </ul>
          )}
          {profile.ratings.length > 0 && <RatingHistory name={profile.name} perfs={profile.ratings.map((r) => r.perf)} />}
          {Object.keys(profile.stats).length > 0 && (
            <table class="stats">
              <caption>{t('profile.results')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('lobby.game')}</th>
                  <th scope="col">{t('profile.wins')}</th>
                  <th scope="col">{t('profile.draws')}</th>
                  <th scope="col">{t('profile.losses')}</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(profile.stats).map(([id, s]) => (
                  <tr>
                    <th scope="row">{webGameOf(id)?.game.title ?? id}</th>
                    <td>{formatNumber(s.wins)}</td>
                    <td>{formatNumber(s.draws)}</td>
                    <td>{formatNumber(s.losses)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <ProfileTournaments played={more.tournaments} />
          <PlayerRecordPanel record={more.record} />
          <h3>{t('profile.gamesTitle')}</h3>
          <RecentBoards games={games} />
          <p class="controls">
            <label>
              {t('lobby.game')}{' '}
              <select value={game} onChange={(e) => setGame(e.currentTarget.value)}>
                <option value="">{t('profile.all')}</option>
                {WEB_GAMES.map((g) => (
                  <option value={g.id}>{g.game.title}</option>
                ))}
              </select>
            </label>
            <label>
              {t('profile.result')}{' '}
              <select value={result} onChange={(e) => setResult(e.currentTarget.value)}>
                <option value="">{t('profile.any')}</option>
                <option value="win">{t('yourGames.won')}</option>
                <option value="draw">{t('yourGames.drawn')}</option>
                <option value="loss">{t('yourGames.lost')}</option>
              </select>
            </label>
            <a class="button-link" href={`/api/players/${encodeURIComponent(profile.name)}/games.ndjson`} download>
              {t('profile.downloadAll')}
            </a>
          </p>
          {games.length > 0 ? (
            <GameList games={games} label={t('profile.gamesOf', { name: profile.name })} />
          ) : (
            <p>{t('profile.noGames')}</p>
          )}
          {profile.before !== null && (
            <button type="button" onClick={() => load(profile.before ?? undefined)}>
              {t('profile.moreGames')}
            </button>
          )}
        </>
      )}
    </main>
  );
}

/** A chart per rating of the player: the rating after each of their rated games. */
function RatingHistory({ name, perfs }: { name: string; perfs: readonly string[] }) {
  const [histories, setHistories] = useState<Readonly<Record<string, readonly RatingPoint[]>>>({});
  const key = perfs.join(' ');
  useEffect(() => {
    let current = true;
    for (const perf of perfs)
      void fetchRatingHistory(name, perf).then((r) => {
        // A history that cannot be had is drawn as none.
        if (current) setHistories((h) => ({ ...h, [perf]: r.ok ? r.value : [] }));
      });
    return () => {
      current = false;
    };
  }, [name, key]);
  // A chart still asked for keeps its room (an empty box of its size), so the page does not move when it comes.
  const shown = perfs.filter((perf) => (histories[perf]?.length ?? 1) > 0);
  return shown.length > 0 ? (
    <section class="rating-history" aria-label={t('profile.ratingHistory')}>
      <h3>{t('profile.ratingHistory')}</h3>
      <div class="rating-charts">
        {shown.map((perf) => (
          <figure data-perf={perf}>
            <figcaption>{perfTitle(perf)}</figcaption>
            {histories[perf] ? (
              <RatingChart title={perfTitle(perf)} points={histories[perf]} />
            ) : (
              <svg class="rating-chart" viewBox={`0 0 ${CHART.width} ${CHART.height}`} width="100%" aria-hidden="true" />
            )}
          </figure>
        ))}
      </div>
    </section>
  ) : null;
}
