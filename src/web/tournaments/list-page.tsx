import { Plus, Trophy } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { PageTop, Problem } from '../account/page-parts.tsx';
import { useAccount } from '../account/use-account.ts';
import { WEB_GAMES } from '../games/index.ts';
import { t } from '../i18n/index.ts';
import { tournamentPage } from './addresses.ts';
import { fetchTournaments, type ListState, type TournamentSummary } from './api.ts';
import { CreateTournament } from './create-form.tsx';
import { TournamentCard } from './parts.tsx';
import './tournaments.css';

const STATES: readonly ListState[] = ['running', 'upcoming', 'finished'];
/** Asked for again this often while the page is open: tournaments start and end. */
const REFRESH_MS = 15_000;

/**
 * /tournaments: those being played, those to come and those finished, as lichess lists them, filtered
 * by game; a signed-in player makes one here.
 */
export function TournamentsPage() {
  const [account] = useAccount();
  const [game, setGame] = useState('');
  const [lists, setLists] = useState<Readonly<Record<ListState, readonly TournamentSummary[]>> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    let current = true;
    const load = () =>
      void Promise.all(STATES.map((s) => fetchTournaments(s))).then((answers) => {
        if (!current) return;
        const failed = answers.find((a) => !a.ok);
        if (failed && !failed.ok) return setProblem(t('tournament.cannotShow', { problem: failed.error.message }));
        setProblem(null);
        setLists(
          Object.fromEntries(STATES.map((s, i) => [s, (answers[i] as { value: readonly TournamentSummary[] }).value])) as Record<
            ListState,
            readonly TournamentSummary[]
          >,
        );
      });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, []);
  const signedIn = account?.kind === 'player';
  return (
    <main class="tournaments-page">
      <PageTop />
      <h2>
        <Trophy class="icon" aria-hidden="true" /> {t('tournament.listTitle')}
      </h2>
      <p class="controls">
        <label>
          {t('tournament.game')}{' '}
          <select value={game} onChange={(e) => setGame(e.currentTarget.value)}>
            <option value="">{t('tournament.allGames')}</option>
            {WEB_GAMES.map((g) => (
              <option value={g.id}>{g.game.title}</option>
            ))}
          </select>
        </label>
        {signedIn ? (
          <button type="button" class="primary" aria-expanded={creating} onClick={() => setCreating((c) => !c)}>
            <Plus class="icon" aria-hidden="true" /> {t('tournament.create')}
          </button>
        ) : (
          account !== undefined && (
            <a class="button-link" href="/account">
              {t('tournament.signInToCreate')}
            </a>
          )
        )}
      </p>
      {creating && signedIn && <CreateTournament made={(id) => window.location.assign(tournamentPage(id))} />}
      <Problem text={problem} />
      {lists &&
        STATES.map((state) => {
          const shown = lists[state].filter((s) => game === '' || s.game === game);
          return (
            <section aria-labelledby={`tournaments-${state}`} data-list={state}>
              <h3 id={`tournaments-${state}`}>{t(`tournament.list.${state}`)}</h3>
              {shown.length === 0 ? (
                <p class="muted">{t(`tournament.none.${state}`)}</p>
              ) : (
                <ul class="tournament-list">
                  {shown.map((s) => (
                    <TournamentCard s={s} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
    </main>
  );
}
