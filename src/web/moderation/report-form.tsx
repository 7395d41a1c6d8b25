import { MAX_REPORT_TEXT, REPORT_REASONS, type ReportReason } from '@hexarena/engines/protocol/index.ts';
import { useState } from 'preact/hooks';
import { Problem } from '../account/page-parts.tsx';
import { t } from '../i18n/index.ts';
import { sendReport } from './api.ts';
import { REPORT_REASON_KEYS } from './reason-words.ts';
import { moderationProblem } from './refusal-words.ts';

/**
 * "Report" on a player's profile: a reason from the site's list, the game it happened in (its id or
 * its address), and a few words. Folded away until asked for; once sent it says so and goes.
 */
export function ReportForm({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('abuse');
  const [game, setGame] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  if (sent)
    return (
      <p role="status" class="report-sent">
        {t('report.sent', { name })}
      </p>
    );
  if (!open)
    return (
      <button type="button" class="report-button" onClick={() => setOpen(true)}>
        {t('report.title', { name })}
      </button>
    );
  // A game's address (…/g/<id>) or its id alone.
  const gameId = game.trim().split('/').pop() ?? '';
  return (
    <form
      class="account-form report-form"
      aria-label={t('report.title', { name })}
      onSubmit={(e) => {
        e.preventDefault();
        void sendReport({ player: name, reason, ...(gameId === '' ? {} : { game: gameId }), text }).then((r) =>
          r.ok ? setSent(true) : setProblem(moderationProblem(r.error)),
        );
      }}
    >
      <h3>{t('report.title', { name })}</h3>
      <label>
        {t('report.why')}{' '}
        <select value={reason} onChange={(e) => setReason(e.currentTarget.value as ReportReason)}>
          {REPORT_REASONS.map((r) => (
            <option value={r}>{t(REPORT_REASON_KEYS[r])}</option>
          ))}
        </select>
      </label>
      <label>
        {t('report.game')}{' '}
        <input value={game} maxLength={200} placeholder={t('report.gameHint')} onInput={(e) => setGame(e.currentTarget.value)} />
      </label>
      <label>
        {t('report.what')} <textarea rows={4} maxLength={MAX_REPORT_TEXT} value={text} onInput={(e) => setText(e.currentTarget.value)} />
      </label>
      <p>
        <small>{t('report.private', { name })}</small>
      </p>
      <button type="submit">{t('report.send')}</button>{' '}
      <button type="button" onClick={() => setOpen(false)}>
        {t('game.cancel')}
      </button>
      <Problem text={problem} />
    </form>
  );
}
