import { MAX_REPORT_TEXT, REPORT_REASON_WORDS, REPORT_REASONS, type ReportReason } from '@hexarena/engines/protocol/index.ts';
import { useState } from 'preact/hooks';
import { Problem } from '../account/page-parts.tsx';
import { sendReport } from './api.ts';

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
        Thank you: your report on {name} is with the moderators.
      </p>
    );
  if (!open)
    return (
      <button type="button" class="report-button" onClick={() => setOpen(true)}>
        Report {name}
      </button>
    );
  // A game's address (…/g/<id>) or its id alone.
  const gameId = game.trim().split('/').pop() ?? '';
  return (
    <form
      class="account-form report-form"
      aria-label={`Report ${name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void sendReport({ player: name, reason, ...(gameId === '' ? {} : { game: gameId }), text }).then((r) =>
          r.ok ? setSent(true) : setProblem(r.error.message),
        );
      }}
    >
      <h3>Report {name}</h3>
      <label>
        Why{' '}
        <select value={reason} onChange={(e) => setReason(e.currentTarget.value as ReportReason)}>
          {REPORT_REASONS.map((r) => (
            <option value={r}>{REPORT_REASON_WORDS[r]}</option>
          ))}
        </select>
      </label>
      <label>
        Game (optional){' '}
        <input value={game} maxLength={200} placeholder="its address or id" onInput={(e) => setGame(e.currentTarget.value)} />
      </label>
      <label>
        What happened <textarea rows={4} maxLength={MAX_REPORT_TEXT} value={text} onInput={(e) => setText(e.currentTarget.value)} />
      </label>
      <p>
        <small>Only the site's moderators read reports. {name} is not told who reported them.</small>
      </p>
      <button type="submit">Send the report</button>{' '}
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
      <Problem text={problem} />
    </form>
  );
}
