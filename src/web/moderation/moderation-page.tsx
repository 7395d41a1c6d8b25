import type { Json } from '@hexarena/engines/engine/game.ts';
import { type LoggedAction, MAX_NOTE, type ReportReason, type ShownReport } from '@hexarena/engines/protocol/index.ts';
import { useEffect, useState } from 'preact/hooks';
import { PageTop, Problem } from '../account/page-parts.tsx';
import { profilePage } from '../account/profile-page.tsx';
import { formatDateTime, formatDay, formatNumber, formatRating, t } from '../i18n/index.ts';
import { actOn, closeReport, fetchLog, fetchReports, fetchStanding, type PlayerAction, type PlayerStanding } from './api.ts';
import { REPORT_REASON_KEYS } from './reason-words.ts';
import { forModeratorsOnly, moderationProblem } from './refusal-words.ts';

/**
 * /mod, for moderators (docs/moderation.md): the reports queue, a player's standing with the actions
 * on them (mute, ban, rating reset and their undoing), and the audit log. Every action asks for a note,
 * which the log keeps. Anyone else is told the page is for moderators; the server refuses them anyway.
 */

const when = (at: number) => formatDateTime(at);
const reasonWords = (reason: string) =>
  Object.hasOwn(REPORT_REASON_KEYS, reason) ? t(REPORT_REASON_KEYS[reason as ReportReason]) : reason;

/** An action's details as a moderator reads them: a mute's end as a date, a report's reason in words. */
function detailsWords(details: Json | null): string {
  if (details === null || typeof details !== 'object' || Array.isArray(details)) return details === null ? '' : JSON.stringify(details);
  return Object.entries(details)
    .map(([key, value]) =>
      key === 'until'
        ? typeof value === 'number'
          ? t('moderation.until', { when: when(value) })
          : t('moderation.forGood')
        : key === 'reason' && typeof value === 'string'
          ? reasonWords(value)
          : `${key} ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    )
    .join(' · ');
}

/** A mute's lengths to choose from; "for good" lasts until lifted. */
const MUTE_LENGTHS: readonly [() => string, number | undefined][] = [
  [() => t('moderation.length.hours', { count: 1 }), 60],
  [() => t('moderation.length.days', { count: 1 }), 1440],
  [() => t('moderation.length.weeks', { count: 1 }), 10_080],
  [() => t('moderation.length.days', { count: 30 }), 43_200],
  [() => t('moderation.forGood'), undefined],
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
      setAllowed(r.ok || !forModeratorsOnly(r.error));
      if (r.ok) setReports(r.value);
      else setProblem(moderationProblem(r.error));
    });
    void fetchLog().then((r) => r.ok && setLog(r.value));
  };
  useEffect(load, [closed]);
  if (allowed === false)
    return (
      <main class="moderation">
        <PageTop />
        <p class="error" role="alert">
          {t('moderation.only')}
        </p>
      </main>
    );
  return (
    <main class="moderation">
      <PageTop />
      <h2>{t('moderation.title')}</h2>
      <Problem text={problem} />
      <section class="mod-card" aria-label={t('moderation.reports')}>
        <h3>{t('moderation.reports')}</h3>
        <fieldset class="mod-which">
          <legend>{t('moderation.which')}</legend>
          <label>
            <input type="radio" name="which" checked={!closed} onChange={() => setClosed(false)} /> {t('moderation.open')}
          </label>{' '}
          <label>
            <input type="radio" name="which" checked={closed} onChange={() => setClosed(true)} /> {t('moderation.closed')}
          </label>
        </fieldset>
        {reports.length === 0 && <p>{closed ? t('moderation.noClosed') : t('moderation.noOpen')}</p>}
        <ul class="mod-reports">
          {reports.map((r) => (
            <ReportItem report={r} onLook={setPlayer} onClosed={load} />
          ))}
        </ul>
      </section>
      <PlayerPanel name={player} onName={setPlayer} onActed={load} />
      <section class="mod-card" aria-label={t('moderation.log')}>
        <h3>{t('moderation.log')}</h3>
        <div class="table-scroll">
          <table class="stats mod-log">
            <thead>
              <tr>
                <th scope="col">{t('moderation.when')}</th>
                <th scope="col">{t('moderation.who')}</th>
                <th scope="col">{t('moderation.what')}</th>
                <th scope="col">{t('moderation.whom')}</th>
                <th scope="col">{t('moderation.note')}</th>
              </tr>
            </thead>
            <tbody>
              {log.map((e) => (
                <tr>
                  <td>{when(e.at)}</td>
                  <td>{e.moderator ?? <em>{t('moderation.commandLine')}</em>}</td>
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
          {t('moderation.lookUp')}
        </button>{' '}
        <small>
          {t('moderation.by', { name: report.reporterName, when: when(report.at) })}
          {report.gameId && (
            <>
              {' '}
              {t('moderation.inGame')} <a href={`/g/${encodeURIComponent(report.gameId)}`}>{report.gameId}</a>
            </>
          )}
        </small>
      </p>
      {report.text !== '' && <p class="mod-text">{report.text}</p>}
      {report.closedAt === null ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void closeReport(report.id, note).then((r) => (r.ok ? onClosed() : setProblem(moderationProblem(r.error))));
          }}
        >
          <label>
            {t('moderation.note')} <input required maxLength={MAX_NOTE} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
          </label>{' '}
          <button type="submit">{t('moderation.closeReport')}</button>
          <Problem text={problem} />
        </form>
      ) : (
        <p>
          <small>{t('moderation.closedBy', { name: report.closedByName ?? t('moderation.someone'), when: when(report.closedAt) })}</small>
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
      setProblem(r.ok ? null : moderationProblem(r.error));
      setStanding(r.ok ? r.value : null);
    });
  };
  useEffect(() => {
    setAsked(name);
    setDone(null);
    look(name);
  }, [name]);
  const act = (action: PlayerAction, words: string, ask?: string) => {
    if (!standing) return;
    if (ask !== undefined && !window.confirm(ask)) return;
    const minutes = action === 'mute' ? MUTE_LENGTHS[length]?.[1] : undefined;
    void actOn(standing.name, action, note, minutes).then((r) => {
      if (!r.ok) return setProblem(moderationProblem(r.error));
      setProblem(null);
      setDone(t('moderation.done', { action: words }));
      setNote('');
      look(standing.name);
      onActed();
    });
  };
  return (
    <section class="mod-card" aria-label={t('lobby.player')}>
      <h3>{t('lobby.player')}</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setDone(null);
          onName(asked);
          look(asked);
        }}
      >
        <label>
          {t('account.username')} <input required maxLength={64} value={asked} onInput={(e) => setAsked(e.currentTarget.value)} />
        </label>{' '}
        <button type="submit">{t('moderation.lookUp')}</button>
      </form>
      <Problem text={problem} />
      {standing && (
        <div class="mod-player">
          <p>
            <a href={profilePage(standing.name)}>{standing.name}</a>{' '}
            {t('moderation.standing', {
              kind: standing.kind,
              moderator: String(standing.moderator),
              day: formatDay(standing.createdAt),
            })}
          </p>
          <p>
            {standing.sanctions.length === 0
              ? t('moderation.noSanction')
              : standing.sanctions
                  .map((s) =>
                    t('moderation.sanction', {
                      kind: s.kind,
                      until: s.until === null ? t('moderation.forGood') : t('moderation.until', { when: when(s.until) }),
                    }),
                  )
                  .join('; ')}
          </p>
          {standing.ratings.length > 0 && (
            <p>
              {t('moderation.ratings', {
                ratings: standing.ratings
                  .map((r) => `${r.perf} ${formatRating(r.rating)}${r.provisional ? '?' : ''} (${formatNumber(r.games)})`)
                  .join(', '),
              })}
            </p>
          )}
          {standing.reports.length > 0 && <p>{t('moderation.openAbout', { count: standing.reports.length })}</p>}
          <form class="mod-actions" onSubmit={(e) => e.preventDefault()}>
            <label>
              {t('moderation.noteKept')}{' '}
              <input required maxLength={MAX_NOTE} value={note} onInput={(e) => setNote(e.currentTarget.value)} />
            </label>
            <p>
              <label>
                {t('moderation.muteFor')}{' '}
                <select value={length} onChange={(e) => setLength(Number(e.currentTarget.value))}>
                  {MUTE_LENGTHS.map(([words], i) => (
                    <option value={i}>{words()}</option>
                  ))}
                </select>
              </label>{' '}
              <button type="button" disabled={note.trim() === ''} onClick={() => act('mute', t('moderation.mute'))}>
                {t('moderation.mute')}
              </button>{' '}
              <button type="button" disabled={note.trim() === ''} onClick={() => act('unmute', t('moderation.unmute'))}>
                {t('moderation.unmute')}
              </button>
            </p>
            <p>
              <button
                type="button"
                class="danger"
                disabled={note.trim() === ''}
                onClick={() => act('ban', t('moderation.ban'), t('moderation.askBan', { name: standing.name }))}
              >
                {t('moderation.ban')}
              </button>{' '}
              <button type="button" disabled={note.trim() === ''} onClick={() => act('unban', t('moderation.unban'))}>
                {t('moderation.unban')}
              </button>{' '}
              <button
                type="button"
                class="danger"
                disabled={note.trim() === ''}
                onClick={() => act('rating-reset', t('moderation.reset'), t('moderation.askReset', { name: standing.name }))}
              >
                {t('moderation.reset')}
              </button>
            </p>
            <p>
              <small>{t('moderation.actionsNote')}</small>
            </p>
          </form>
          {done && <p role="status">{done}</p>}
        </div>
      )}
    </section>
  );
}
