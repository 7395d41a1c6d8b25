import type { Json } from '@hexarena/engines/engine/game.ts';
import { type LoggedAction, MAX_NOTE, REPORT_REASON_WORDS, type ReportReason, type ShownReport } from '@hexarena/engines/protocol/index.ts';
import { useEffect, useState } from 'preact/hooks';
import { PageTop, Problem } from '../account/page-parts.tsx';
import { profilePage } from '../account/profile-page.tsx';
import { dayText } from '../dates.ts';
import { actOn, closeReport, fetchLog, fetchReports, fetchStanding, type PlayerAction, type PlayerStanding } from './api.ts';

/**
 * /mod, for moderators (docs/moderation.md): the reports queue, a player's standing with the actions
 * on them (mute, ban, rating reset and their undoing), and the audit log. Every action asks for a note,
 * which the log keeps. Anyone else is told the page is for moderators; the server refuses them anyway.
 */

const when = (at: number) => new Date(at).toLocaleString();
const reasonWords = (reason: string) => REPORT_REASON_WORDS[reason as ReportReason] ?? reason;

/** An action's details as a moderator reads them: a mute's end as a date, a report's reason in words. */
function detailsWords(details: Json | null): string {
  if (details === null || typeof details !== 'object' || Array.isArray(details)) return details === null ? '' : JSON.stringify(details);
  return Object.entries(details)
    .map(([key, value]) =>
      key === 'until'
        ? typeof value === 'number'
          ? `until ${when(value)}`
          : 'for good'
        : key === 'reason' && typeof value === 'string'
          ? reasonWords(value)
          : `${key} ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    )
    .join(' · ');
}

/** A mute's lengths to choose from; "for good" lasts until lifted. */
const MUTE_LENGTHS: readonly [string, number | undefined][] = [
  ['1 hour', 60],
  ['1 day', 1440],
  ['1 week', 10_080],
  ['30 days', 43_200],
  ['for good', undefined],
];

export function ModerationPage() {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [closed, setClosed] = useState(false);
  const [reports, setReports] = useState<readonly ShownReport[]>([]);
  const [log, setLog] = useState<readonly LoggedAction[]>([]);
  const [player, setPlayer] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const load = () => {
    void fetchReports(closed).then((r) => {
      setAllowed(r.ok || r.error.message !== 'for moderators only');
      if (r.ok) setReports(r.value);
      else setProblem(r.error.message);
    });
    void fetchLog().then((r) => r.ok && setLog(r.value));
  };
  useEffect(load, [closed]);
  if (allowed === false)
    return (
      <main class="moderation">
        <PageTop />
        <p class="error" role="alert">
          This page is for the site's moderators.
        </p>
      </main>
    );
  return (
    <main class="moderation">
      <PageTop />
      <h2>Moderation</h2>
      <Problem text={problem} />
      <section class="mod-card" aria-label="Reports">
        <h3>Reports</h3>
        <fieldset class="mod-which">
          <legend>Which reports</legend>
          <label>
            <input type="radio" name="which" checked={!closed} onChange={() => setClosed(false)} /> Open
          </label>{' '}
          <label>
            <input type="radio" name="which" checked={closed} onChange={() => setClosed(true)} /> Closed
          </label>
        </fieldset>
        {reports.length === 0 && <p>{closed ? 'No closed reports.' : 'No open reports: the queue is empty.'}</p>}
        <ul class="mod-reports">
          {reports.map((r) => (
            <ReportItem report={r} onLook={setPlayer} onClosed={load} />
          ))}
        </ul>
      </section>
      <PlayerPanel name={player} onName={setPlayer} onActed={load} />
      <section class="mod-card" aria-label="Audit log">
        <h3>Audit log</h3>
        <div class="table-scroll">
          <table class="stats mod-log">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Whom</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {log.map((e) => (
                <tr>
                  <td>{when(e.at)}</td>
                  <td>{e.moderator ?? <em>command line</em>}</td>
                  <td>
                    {e.action}
                    {e.details !== null && <small> {detailsWords(e.details)}</small>}
                  </td>
                  <td>{e.target ?? '—'}</td>
                  <td class="mod-text">{e.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </main>
  );
}

function ReportItem({ report, onLook, onClosed }: { report: ShownReport; onLook: (name: string) => void; onClosed: () => void }) {
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <li class="mod-report">
      <p>
        <strong>{reasonWords(report.reason)}</strong>: <a href={profilePage(report.reportedName)}>{report.reportedName}</a>{' '}
        <button type="button" onClick={() => onLook(report.reportedName)}>
          Look up
        </button>{' '}
        <small>
          by {report.reporterName}, {when(report.at)}
          {report.gameId && (
            <>
              {' '}
              in game <a href={`/g/${encodeURIComponent(report.gameId)}`}>{report.gameId}</a>
            </>
          )}
        </small>
      </p>
      {report.text !== '' && <p class="mod-text">{report.text}</p>}
      {report.closedAt === null ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void closeReport(report.id, note).then((r) => (r.ok ? onClosed() : setProblem(r.error.message)));
          }}
        >
          <label>
            Note <input required maxLength={MAX_NOTE} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
          </label>{' '}
          <button type="submit">Close the report</button>
          <Problem text={problem} />
        </form>
      ) : (
        <p>
          <small>
            Closed by {report.closedByName ?? 'someone'}, {when(report.closedAt)}
          </small>
        </p>
      )}
    </li>
  );
}

/** One player: their sanctions, ratings and open reports; what a moderator may do to them, with a note. */
function PlayerPanel({ name, onName, onActed }: { name: string; onName: (name: string) => void; onActed: () => void }) {
  const [asked, setAsked] = useState(name);
  const [standing, setStanding] = useState<PlayerStanding | null>(null);
  const [note, setNote] = useState('');
  const [length, setLength] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const look = (who: string) => {
    if (who.trim() === '') return setStanding(null);
    void fetchStanding(who.trim()).then((r) => {
      setProblem(r.ok ? null : r.error.message);
      setStanding(r.ok ? r.value : null);
    });
  };
  useEffect(() => {
    setAsked(name);
    setDone(null);
    look(name);
  }, [name]);
  const act = (action: PlayerAction, words: string) => {
    if (!standing) return;
    if ((action === 'ban' || action === 'rating-reset') && !window.confirm(`${words} ${standing.name}?`)) return;
    const minutes = action === 'mute' ? MUTE_LENGTHS[length]?.[1] : undefined;
    void actOn(standing.name, action, note, minutes).then((r) => {
      if (!r.ok) return setProblem(r.error.message);
      setProblem(null);
      setDone(`${words}: done.`);
      setNote('');
      look(standing.name);
      onActed();
    });
  };
  return (
    <section class="mod-card" aria-label="Player">
      <h3>Player</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setDone(null);
          onName(asked);
          look(asked);
        }}
      >
        <label>
          Username <input required maxLength={64} value={asked} onInput={(e) => setAsked(e.currentTarget.value)} />
        </label>{' '}
        <button type="submit">Look up</button>
      </form>
      <Problem text={problem} />
      {standing && (
        <div class="mod-player">
          <p>
            <a href={profilePage(standing.name)}>{standing.name}</a> ({standing.kind}
            {standing.moderator ? ', moderator' : ''}), member since {dayText(standing.createdAt)}.
          </p>
          <p>
            {standing.sanctions.length === 0
              ? 'No sanction in force.'
              : standing.sanctions
                  .map((s) => `${s.kind === 'ban' ? 'Banned' : 'Muted'} ${s.until === null ? 'for good' : `until ${when(s.until)}`}`)
                  .join('; ')}
          </p>
          {standing.ratings.length > 0 && (
            <p>Ratings: {standing.ratings.map((r) => `${r.perf} ${r.rating}${r.provisional ? '?' : ''} (${r.games})`).join(', ')}</p>
          )}
          {standing.reports.length > 0 && <p>Open reports about them: {standing.reports.length}.</p>}
          <form class="mod-actions" onSubmit={(e) => e.preventDefault()}>
            <label>
              Note (kept in the log) <input required maxLength={MAX_NOTE} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
            </label>
            <p>
              <label>
                Mute for{' '}
                <select value={length} onChange={(e) => setLength(Number(e.currentTarget.value))}>
                  {MUTE_LENGTHS.map(([words], i) => (
                    <option value={i}>{words}</option>
                  ))}
                </select>
              </label>{' '}
              <button type="button" disabled={note.trim() === ''} onClick={() => act('mute', 'Mute')}>
                Mute
              </button>{' '}
              <button type="button" disabled={note.trim() === ''} onClick={() => act('unmute', 'Lift the mute')}>
                Lift the mute
              </button>
            </p>
            <p>
              <button type="button" class="danger" disabled={note.trim() === ''} onClick={() => act('ban', 'Ban')}>
                Ban
              </button>{' '}
              <button type="button" disabled={note.trim() === ''} onClick={() => act('unban', 'Lift the ban')}>
                Lift the ban
              </button>{' '}
              <button
                type="button"
                class="danger"
                disabled={note.trim() === ''}
                onClick={() => act('rating-reset', 'Reset the ratings of')}
              >
                Reset ratings
              </button>
            </p>
            <p>
              <small>
                A ban ends their sessions and games and closes the account to them; a rating reset gives their opponents back what their
                rated games took and makes them a newcomer again.
              </small>
            </p>
          </form>
          {done && <p role="status">{done}</p>}
        </div>
      )}
    </section>
  );
}
