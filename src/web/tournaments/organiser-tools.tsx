import { useState } from 'preact/hooks';
import { t } from '../i18n/index.ts';
import { disqualify, type TournamentEntry } from './api.ts';
import { tournamentProblem } from './tournament-refusals.ts';

/**
 * Its organiser's (or a moderator's) disqualification of a player: one chosen from those still in,
 * asked again before it is sent, since it cannot be undone. `done` reads the tournament again.
 */
export function Disqualify({ id, entries, done }: { id: string; entries: readonly TournamentEntry[]; done: () => void }) {
  const still = entries.filter((e) => e.state !== 'disqualified');
  const [who, setWho] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (still.length === 0) return null;
  const chosen = still.some((e) => e.name === who) ? who : (still[0]?.name ?? '');
  const send = (e: Event) => {
    e.preventDefault();
    if (!window.confirm(t('tournament.confirmDisqualify', { name: chosen }))) return;
    setBusy(true);
    setProblem(null);
    void disqualify(id, chosen).then((r) => {
      setBusy(false);
      if (!r.ok) return setProblem(tournamentProblem(r.error));
      done();
    });
  };
  return (
    <form class="disqualify" onSubmit={send} data-testid="disqualify">
      <label>
        {t('tournament.disqualifyWho')}
        <select name="player" value={chosen} onChange={(e) => setWho(e.currentTarget.value)}>
          {still.map((e) => (
            <option value={e.name}>{e.name}</option>
          ))}
        </select>
      </label>
      <button type="submit" class="danger" disabled={busy}>
        {t('tournament.disqualify')}
      </button>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** Who was disqualified, for everyone to see (nothing when nobody was). */
export function DisqualifiedLine({ entries }: { entries: readonly TournamentEntry[] }) {
  const names = entries.filter((e) => e.state === 'disqualified').map((e) => e.name);
  return names.length === 0 ? null : (
    <p class="muted" data-testid="disqualified">
      {t('tournament.disqualifiedList', { names: names.join(', ') })}
    </p>
  );
}
