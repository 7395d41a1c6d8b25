import { useEffect, useRef, useState } from 'preact/hooks';
import { findGame } from '../../games/index.ts';
import { POOLS, type Pool, poolClock } from '../../ratings/pools.ts';
import type { AccountInfo } from '../online/api.ts';
import { gamePage } from '../online/links.ts';
import { LobbyConnection } from './lobby-connection.ts';

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
export function QuickPairing({ account }: { account: AccountInfo | null | undefined }) {
  const [waiting, setWaiting] = useState<Readonly<Record<string, number>>>({});
  const [mine, setMine] = useState<{ pool: string; since: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());
  const connection = useRef<LobbyConnection | null>(null);
  useEffect(() => {
    const c = new LobbyConnection((m) => {
      if (m.type === 'pools') setWaiting(m.waiting);
      // Joined again after a reconnection: the same wait goes on.
      else if (m.type === 'pool')
        setMine((was) => (m.pool === null ? null : was?.pool === m.pool ? was : { pool: m.pool, since: Date.now() }));
      else if (m.type === 'paired') window.location.assign(gamePage(m.game));
      else if (m.type === 'error') {
        setMine(null);
        setProblem(m.error);
      }
    });
    connection.current = c;
    return () => c.close();
  }, []);
  useEffect(() => {
    if (!mine) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [mine]);
  const player = account?.kind === 'player';
  const choose = (pool: Pool) => {
    setProblem(null);
    if (mine?.pool === pool.id) return connection.current?.leave();
    connection.current?.join(pool.id);
  };
  return (
    <section class="quick-pairing" aria-labelledby="quick-pairing-title">
      <h2 id="quick-pairing-title">Quick pairing</h2>
      {!player && account !== undefined && (
        <p>
          Pools are rated: <a href="/account">sign up or log in</a> to be paired with a player of your strength.
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
                disabled={!player}
                onClick={() => choose(pool)}
              >
                <span class="pool-clock">{poolClock(pool)}</span>
                <span class="pool-game">
                  {title(pool)}
                  {pool.players > 2 ? ` · ${pool.players} players` : ''}
                </span>
                <span class="pool-count">{here ? `waiting ${waited(now - mine.since)} · cancel` : `${count} waiting`}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
