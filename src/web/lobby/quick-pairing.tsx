import { findGame } from '@hexarena/engines/games/index.ts';
import { POOLS, type Pool, poolClock } from '@hexarena/engines/ratings/pools.ts';
import { useEffect, useState } from 'preact/hooks';
import { Problem } from '../account/page-parts.tsx';
import { t } from '../i18n/index.ts';
import type { AccountInfo } from '../online/api.ts';
import type { LobbyState } from './use-lobby-socket.ts';

const title = (pool: Pool): string => {
  const found = findGame(pool.game);
  return found.ok ? found.value.title : pool.game;
};

/** "0:42": how long this page has waited. */
const waited = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Quick pairing: the pools as a grid, each with how many wait in it. One click joins (rated: players
 * with an account); the page waits, showing for how long, until the pairing finds an opponent of a
 * near rating and the game opens.
 */
export function QuickPairing({
  account,
  lobby,
  live,
}: {
  account: AccountInfo | null | undefined;
  lobby: LobbyState;
  /** Whether the lobby's socket is there to join through (the page lays the pools out before). */
  live: boolean;
}) {
  const { waiting, mine, problem } = lobby;
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!mine) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [mine]);
  const player = account?.kind === 'player';
  const choose = (pool: Pool) => (mine?.pool === pool.id ? lobby.leave() : lobby.join(pool.id));
  return (
    <section class="quick-pairing" aria-labelledby="quick-pairing-title">
      <h2 id="quick-pairing-title">{t('pairing.title')}</h2>
      {/* One line either way (a guest's until the server says who this is), so the grid never moves. */}
      {player ? (
        <p>{t('pairing.player')}</p>
      ) : (
        <p>
          {t('pairing.guestBefore')} <a href="/account">{t('pairing.guestLink')}</a>
          {t('pairing.guestAfter')}
        </p>
      )}
      <ul class="pool-grid">
        {POOLS.map((pool) => {
          const here = mine?.pool === pool.id;
          const count = waiting[pool.id] ?? 0;
          return (
            <li>
              <button
                type="button"
                class={here ? 'pool waiting' : 'pool'}
                data-pool={pool.id}
                aria-pressed={here}
                disabled={!player || !live}
                onClick={() => choose(pool)}
              >
                <span class="pool-clock">
                  {pool.clock.perMove ? t('clock.days', { days: Math.round(pool.clock.initialMs / 86_400_000) }) : poolClock(pool)}
                </span>
                <span class="pool-game">
                  {title(pool)}
                  {pool.players > 2 ? ` · ${t('pairing.players', { count: pool.players })}` : ''}
                </span>
                <span class="pool-count">
                  {here ? t('pairing.waitingYou', { time: waited(now - mine.since) }) : t('pairing.waitingCount', { count })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <Problem text={problem} />
    </section>
  );
}
