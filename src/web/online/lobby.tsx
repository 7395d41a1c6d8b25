import { findGame } from '@hexarena/engines/games/index.ts';
import { useEffect, useState } from 'preact/hooks';
import { formatRating, t } from '../i18n/index.ts';
import { seatWord } from '../i18n/outcome.ts';
import { type LobbyGame, openGames, serverUnreachable } from './api.ts';
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
        if (r.ok || r.error.message === serverUnreachable()) setGames(r.ok ? r.value : false);
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
  return minutes < 1
    ? t('lobby.justNow')
    : minutes < 60
      ? t('lobby.minutesAgo', { minutes })
      : t('lobby.hoursAgo', { hours: Math.round(minutes / 60) });
};

/**
 * Open games to join, live: who waits, their rating, the game, the clock and whether it is rated; one
 * click joins. A game of one's own (`me`: who this browser plays as) is opened, not joined.
 */
export function Lobby({ games, me }: { games: readonly LobbyGame[] | null; me?: string | undefined }) {
  return (
    <section class="lobby" aria-label={t('lobby.title')}>
      <h2>{t('lobby.title')}</h2>
      {games === null ? (
        <p>{t('lobby.looking')}</p>
      ) : games.length === 0 ? (
        <p class="muted">{t('lobby.none')}</p>
      ) : (
        <div class="table-scroll">
          <table class="seeks">
            <thead>
              <tr>
                <th scope="col">{t('lobby.player')}</th>
                <th scope="col">{t('lobby.rating')}</th>
                <th scope="col">{t('lobby.game')}</th>
                <th scope="col">{t('lobby.clock')}</th>
                <th scope="col">{t('lobby.mode')}</th>
                <th scope="col">
                  <span class="visually-hidden">{t('lobby.join')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {games.map((g) => {
                const game = findGame(g.game);
                const names = game.ok
                  ? (() => {
                      const options = game.value.parseOptions(g.options);
                      return options.ok ? game.value.seatNames(options.value).map(seatWord) : [];
                    })()
                  : [];
                const open = g.seats.flatMap((s, i) => (s === 'open' ? [names[i] ?? t('game.seat', { n: i })] : []));
                // Names are unique on a server (a guest's too), so the host's is who made the game.
                const mine = me !== undefined && g.host?.name === me;
                const title = game.ok ? game.value.title : g.game;
                return (
                  <tr data-game={g.id} class={mine ? 'mine' : undefined}>
                    <td>
                      {g.host?.name ?? <span class="muted">{t('lobby.anyone')}</span>}
                      {mine && <span class="muted"> {t('lobby.you')}</span>}
                    </td>
                    <td class="num">
                      {g.host?.rating !== undefined ? `${formatRating(g.host.rating)}${g.host.provisional ? '?' : ''}` : '–'}
                    </td>
                    <td>
                      {title}
                      {g.seats.length > 2 ? ` · ${t('pairing.players', { count: g.seats.length })}` : ''}
                      <span class="muted seek-detail">
                        {' '}
                        ·{' '}
                        {g.seats
                          .map(
                            (s, i) =>
                              `${names[i] ?? t('game.seat', { n: i })}: ${s === 'open' ? t('lobby.seatState.open') : t('lobby.seatState.taken')}`,
                          )
                          .join(', ')}
                      </span>
                    </td>
                    <td>{timeControl(g.clock)}</td>
                    <td>
                      {g.rated
                        ? `${t('lobby.rated')}${g.ratingRange ? ` ${g.ratingRange.min}–${g.ratingRange.max}` : ''}`
                        : t('lobby.casual')}
                      <span class="muted seek-detail"> · {age(g.createdAt)}</span>
                    </td>
                    <td>
                      <a
                        href={gamePage(g.id)}
                        class="button-link"
                        aria-label={
                          mine
                            ? t('lobby.yourGameLabel', { game: title, seats: open.join(', ') })
                            : t('lobby.joinLabel', { seats: open.join(', '), game: title })
                        }
                      >
                        {t(mine ? 'lobby.open' : 'lobby.join')}
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
