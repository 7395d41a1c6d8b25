import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/index.ts';
import { fetchMyGames, type GameSummary } from '../online/api.ts';
import { useWaitingTitle } from '../online/your-move.ts';
import { GameList } from './game-list.tsx';

/** The home page's list of this browser's games: in progress (your move first), then the recent ones. */
export function YourGames() {
  const [games, setGames] = useState<{ live: GameSummary[]; recent: GameSummary[] } | null>(null);
  useEffect(() => {
    let current = true;
    void fetchMyGames().then((r) => {
      if (current && r.ok) setGames(r.value);
    });
    return () => {
      current = false;
    };
  }, []);
  useWaitingTitle(games?.live.filter((g) => g.yourMove).length ?? 0);
  if (!games || (games.live.length === 0 && games.recent.length === 0)) return null;
  return (
    <section class="your-games" aria-label={t('yourGames.title')}>
      <h2>{t('yourGames.title')}</h2>
      {games.live.length > 0 && <GameList games={games.live} label={t('yourGames.inProgress')} />}
      {games.recent.length > 0 && (
        <>
          <h3>{t('yourGames.recent')}</h3>
          <GameList games={games.recent} label={t('yourGames.recentLabel')} />
        </>
      )}
    </section>
  );
}
