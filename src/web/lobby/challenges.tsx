import { findGame } from '@hexarena/engines/games/index.ts';
import type { ChallengeView } from '@hexarena/engines/protocol/lobby.ts';
import { useState } from 'preact/hooks';
import { Problem } from '../account/page-parts.tsx';
import { t } from '../i18n/index.ts';
import { answerChallenge } from '../online/api.ts';
import { gamePage } from '../online/links.ts';
import { challengeProblem } from './challenge-refusals.ts';

/** A time control as a challenge shows it: "5+3", "3 days a move", "no clock". */
export function clockWords(clock: ChallengeView['clock']): string {
  if (!clock) return t('clock.none');
  if (clock.perMove) return t('clock.daysPerMove', { days: Math.round(clock.initialMs / 86_400_000) });
  return `${clock.initialMs / 60_000}+${clock.incrementMs / 1000}`;
}

const what = (c: ChallengeView): string => {
  const found = findGame(c.game);
  return `${found.ok ? found.value.title : c.game} · ${clockWords(c.clock)} · ${c.rated ? t('lobby.rated') : t('lobby.casual')}`;
};

/**
 * A player's challenges, live: those received (accept, decline), those sent (cancel), and the answers
 * of a moment ago. Accepting opens the game; a challenge of this page accepted opens it too (the hook).
 */
export function Challenges({ challenges, me }: { challenges: readonly ChallengeView[]; me: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  if (challenges.length === 0) return null;
  const answer = async (c: ChallengeView, how: 'accept' | 'decline' | 'cancel') => {
    setProblem(null);
    const r = await answerChallenge(c.id, how);
    if (!r.ok) return setProblem(challengeProblem(r.error, 'answer'));
    if (r.value.game) window.location.assign(gamePage(r.value.game));
  };
  return (
    <section class="challenges" aria-labelledby="challenges-title">
      <h2 id="challenges-title">{t('challenge.list')}</h2>
      <ul>
        {challenges.map((c) => {
          const received = c.to.toLowerCase() === me.toLowerCase();
          return (
            <li data-challenge={c.id} data-status={c.status}>
              {received ? (
                <>
                  <a href={`/u/${encodeURIComponent(c.from)}`}>{c.from}</a> {t('challenge.challengesYou', { what: what(c) })}
                </>
              ) : (
                <>
                  {t('challenge.youChallenged')} <a href={`/u/${encodeURIComponent(c.to)}`}>{c.to}</a>
                  {t('challenge.youChallengedWhat', { what: what(c) })}
                </>
              )}{' '}
              {c.status === 'open' && received && (
                <>
                  <button type="button" onClick={() => void answer(c, 'accept')}>
                    {t('challenge.accept')}
                  </button>{' '}
                  <button type="button" onClick={() => void answer(c, 'decline')}>
                    {t('online.decline')}
                  </button>
                </>
              )}
              {c.status === 'open' && !received && (
                <>
                  <span>{t('challenge.waiting')}</span>{' '}
                  <button type="button" onClick={() => void answer(c, 'cancel')}>
                    {t('game.cancel')}
                  </button>
                </>
              )}
              {c.status === 'declined' && <strong>{t('challenge.declined')}</strong>}
              {c.status === 'cancelled' && <strong>{t('challenge.cancelled')}</strong>}
              {c.status === 'accepted' && c.gameId && <a href={gamePage(c.gameId)}>{t('challenge.accepted')}</a>}
            </li>
          );
        })}
      </ul>
      <Problem text={problem} />
    </section>
  );
}
