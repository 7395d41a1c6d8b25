import type { ChallengeView, OpenGame } from '@hexarena/engines/protocol/lobby.ts';
import { useEffect, useRef, useState } from 'preact/hooks';
import { gamePage } from '../online/links.ts';
import { LobbyConnection } from './lobby-connection.ts';
import { lobbyProblem } from './lobby-refusals.ts';

/** The home page's lobby, live over one socket: pools and their counts, the open games, and this page's wait. */
export interface LobbyState {
  /** How many wait in each pool. */
  readonly waiting: Readonly<Record<string, number>>;
  /** The open games as the server last pushed them; null until it has. */
  readonly seeks: readonly OpenGame[] | null;
  /** The pool this page waits in, since when (by this page's clock). */
  readonly mine: { readonly pool: string; readonly since: number } | null;
  /** This player's challenges, sent and received; null until the server has said. */
  readonly challenges: readonly ChallengeView[] | null;
  readonly problem: string | null;
  /** Rated games that players this one follows (with notices asked for) started while the page was open, newest first. */
  readonly following: readonly { readonly player: string; readonly game: string }[];
  /** Your tournament games made while the page was open, newest first. */
  readonly tournamentGames: readonly { readonly tournament: string; readonly game: string }[];
  join(pool: string): void;
  leave(): void;
}

export function useLobbySocket(enabled: boolean): LobbyState {
  const [waiting, setWaiting] = useState<Readonly<Record<string, number>>>({});
  const [seeks, setSeeks] = useState<readonly OpenGame[] | null>(null);
  const [mine, setMine] = useState<LobbyState['mine']>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [challenges, setChallenges] = useState<readonly ChallengeView[] | null>(null);
  const [following, setFollowing] = useState<LobbyState['following']>([]);
  const [tournamentGames, setTournamentGames] = useState<LobbyState['tournamentGames']>([]);
  const connection = useRef<LobbyConnection | null>(null);
  // Challenges this page saw open: one of them accepted opens its game (not an old one on arriving).
  const seenOpen = useRef(new Set<string>());
  useEffect(() => {
    if (!enabled) return;
    const c = new LobbyConnection((m, refused) => {
      if (m.type === 'pools') setWaiting(m.waiting);
      else if (m.type === 'seeks') setSeeks(m.seeks);
      else if (m.type === 'challenges') {
        setChallenges(m.challenges);
        for (const c of m.challenges) {
          if (c.status === 'open') seenOpen.current.add(c.id);
          else if (c.status === 'accepted' && c.gameId && seenOpen.current.has(c.id)) {
            seenOpen.current.delete(c.id);
            window.location.assign(gamePage(c.gameId));
          }
        }
      }
      // Joined again after a reconnection: the same wait goes on.
      else if (m.type === 'pool')
        setMine((was) => (m.pool === null ? null : was?.pool === m.pool ? was : { pool: m.pool, since: Date.now() }));
      else if (m.type === 'paired') window.location.assign(gamePage(m.game));
      else if (m.type === 'following') setFollowing((news) => [{ player: m.player, game: m.game }, ...news].slice(0, 5));
      else if (m.type === 'tournament-game')
        setTournamentGames((games) => [{ tournament: m.tournament, game: m.game }, ...games].slice(0, 3));
      else if (m.type === 'error') {
        setMine(null);
        // In the player's language where its code is known (a guest in a pool, too many clicks…).
        setProblem(lobbyProblem(refused ?? new Error(m.error)));
      }
    });
    connection.current = c;
    return () => c.close();
  }, [enabled]);
  return {
    waiting,
    seeks,
    mine,
    challenges,
    problem,
    following,
    tournamentGames,
    join: (pool) => {
      setProblem(null);
      connection.current?.join(pool);
    },
    leave: () => connection.current?.leave(),
  };
}
