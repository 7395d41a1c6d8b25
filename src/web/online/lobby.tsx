import { findGame } from '@hexarena/engines/games/index.ts';
import { useEffect, useState } from 'preact/hooks';
import { type LobbyGame, openGames, SERVER_UNREACHABLE } from './api.ts';
import { timeControl } from './clock-text.ts';

export { timeControl };

import { gamePage } from './links.ts';

/**
 * The server's open games as the home page opens, null while unknown, false where there is no server
 * (a static copy of the app): online play is then not offered. The lobby's socket keeps them current.
 */
export function useLobby(): readonly LobbyGame[] | false | null {
  const [games, setGames] = useState<readonly LobbyGame[] | false | null>(null);
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Only a server that cannot be reached means none; one that answers otherwise (busy: 429) is asked again.
    const ask = () =>
      void openGames().then((r) => {
        if (!current) return;
        if (r.ok || r.error.message === SERVER_UNREACHABLE) setGames(r.ok ? r.value : false);
        else timer = setTimeout(ask, 1000);
      });
    ask();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, []);
  return games;
}

const age = (createdAt: number) => {
  const minutes = Math.max(0, Math.round((Date.now() - createdAt) / 60_000));
  return minutes < 1 ? 'just now' : minutes < 60 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
};

/**
 * Open games to join, live: who waits, their rating, the game, the clock and whether it is rated; one
 * click joins. A game of one's own (`me`: who this browser plays as) is opened, not joined.
 */
export function Lobby({ games, me }: { games: readonly LobbyGame[] | null; me?: string | undefined }) {
  return (
    <section class="lobby" aria-label="open games">
      <h2>Open games</h2>
      {games === null ? (
        <p>Looking for open games…</p>
      ) : games.length === 0 ? (
        <p class="muted">No game is waiting for a player. Create one and send its link, or join a pool above.</p>
      ) : (
        <div class="table-scroll">
          <table class="seeks">
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">Rating</th>
                <th scope="col">Game</th>
                <th scope="col">Clock</th>
                <th scope="col">Mode</th>
                <th scope="col">
                  <span class="visually-hidden">Join</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {games.map((g) => {
                const game = findGame(g.game);
                const names = game.ok
                  ? (() => {
                      const options = game.value.parseOptions(g.options);
                      return options.ok ? game.value.seatNames(options.value) : [];
                    })()
                  : [];
                const open = g.seats.flatMap((s, i) => (s === 'open' ? [names[i] ?? `seat ${i}`] : []));
                // Names are unique on a server (a guest's too), so the host's is who made the game.
                const mine = me !== undefined && g.host?.name === me;
                const title = game.ok ? game.value.title : g.game;
                return (
                  <tr data-game={g.id} class={mine ? 'mine' : undefined}>
                    <td>
                      {g.host?.name ?? <span class="muted">anyone</span>}
                      {mine && <span class="muted"> (you)</span>}
                    </td>
                    <td class="num">{g.host?.rating !== undefined ? `${g.host.rating}${g.host.provisional ? '?' : ''}` : '–'}</td>
                    <td>
                      {title}
                      {g.seats.length > 2 ? ` · ${g.seats.length} players` : ''}
                      <span class="muted"> · {g.seats.map((s, i) => `${names[i] ?? `seat ${i}`}: ${s}`).join(', ')}</span>
                    </td>
                    <td>{timeControl(g.clock)}</td>
                    <td>
                      {g.rated ? `rated${g.ratingRange ? ` ${g.ratingRange.min}–${g.ratingRange.max}` : ''}` : 'casual'}
                      <span class="muted"> · {age(g.createdAt)}</span>
                    </td>
                    <td>
                      <a
                        href={gamePage(g.id)}
                        class="button-link"
                        aria-label={mine ? `Your game of ${title}: waiting for ${open.join(', ')}` : `Join: ${open.join(', ')} in ${title}`}
                      >
                        {mine ? 'Open' : 'Join'}
                      </a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
