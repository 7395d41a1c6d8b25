import type { Json } from '@hexarena/engines/engine/game.ts';
import { useEffect, useState } from 'preact/hooks';
import { webGameOf } from '../games/index.ts';
import { formatDay, formatRating, t } from '../i18n/index.ts';
import { fetchGame, type GameSummary } from '../online/api.ts';
import { gamePage } from '../online/links.ts';
import { profilePage } from './addresses.ts';
import type { PlayerRecord } from './api.ts';
import { MiniBoard } from './mini-board.tsx';

/** The recent games a profile draws small: a row of them, each a request for its position. */
const DRAWN = 6;

/**
 * A profile's record, as lichess shows one: the winning streaks (the one running, the longest) and
 * the best wins — the highest-rated opponents beaten — over the player's latest games (read with the
 * profile: profile-page.tsx); a record that could not be had is left out.
 */
export function PlayerRecordPanel({ record }: { record: PlayerRecord | null }) {
  if (record === null || record.games === 0) return null;
  return (
    <section class="player-record" aria-label={t('social.record.title')}>
      <h3>{t('social.record.title')}</h3>
      <p data-testid="streaks">
        {t('social.record.streaks', { current: record.streaks.current, longest: record.streaks.longest, games: record.games })}
      </p>
      {record.bestWins.length > 0 && (
        <>
          <h4>{t('social.record.bestWins')}</h4>
          <ol class="best-wins">
            {record.bestWins.map((w) => (
              <li data-game-id={w.id}>
                {w.opponent === null ? t('social.db.ai') : <a href={profilePage(w.opponent)}>{w.opponent}</a>} ({formatRating(w.rating)}) ·{' '}
                <a href={gamePage(w.id)}>
                  {webGameOf(w.game)?.game.title ?? w.game}, {formatDay(w.createdAt)}
                </a>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** A profile's latest games drawn small, each its final position (or where it stands), a link to the game. */
export function RecentBoards({ games }: { games: readonly GameSummary[] }) {
  const shown = games.slice(0, DRAWN);
  const [positions, setPositions] = useState<Readonly<Record<string, Json>>>({});
  const key = shown.map((g) => g.id).join(' ');
  useEffect(() => {
    let current = true;
    for (const g of shown)
      void fetchGame(g.id).then((r) => {
        if (current && r.ok) setPositions((p) => ({ ...p, [g.id]: r.value.view }));
      });
    return () => {
      current = false;
    };
  }, [key]);
  if (shown.length === 0) return null;
  return (
    <ul class="recent-boards" aria-label={t('social.record.recent')}>
      {shown.map((g) => (
        <li data-game-id={g.id}>
          <a class="recent-board" href={gamePage(g.id)}>
            <MiniBoard game={g.game} position={positions[g.id]} />
            <span>
              {webGameOf(g.game)?.game.title ?? g.game}: {g.players.map((p) => p ?? t('yourGames.open')).join(' – ')}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
