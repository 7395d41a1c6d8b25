import { useState } from 'preact/hooks';
import { copyLink } from '../copy-link.ts';
import { t } from '../i18n/index.ts';
import type { EntryConditions } from './api.ts';
import { conditionLines, type NamedInvitees } from './conditions-text.ts';

/** The link to share, with a button that copies it (or selects it where the browser will not copy). */
function InviteLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="invite-link">
      <label>
        {t('tournament.inviteLink')}
        <input readOnly value={link} data-testid="invite-link" onFocus={(e) => e.currentTarget.select()} />
      </label>
      <button type="button" onClick={(e) => copyLink(link, e.currentTarget, () => setCopied(true))}>
        {t(copied ? 'tournament.copied' : 'tournament.copy')}
      </button>
    </div>
  );
}

/**
 * Who may join a tournament, for everyone; for its organiser, the invitation's link and the players
 * it invited by name too (the server tells them to them alone). Nothing when anyone may join, as lichess shows a tournament's conditions.
 */
export function WhoMayJoin({
  conditions,
  link,
  invited = [],
  invitees,
}: {
  conditions: EntryConditions | undefined;
  link: string | null;
  /** The players invited by name: its organiser's to see. */
  invited?: readonly string[];
  /** Whether players were invited by name, and whether the reader is one. */
  invitees?: NamedInvitees;
}) {
  const lines = conditionLines(conditions, invitees);
  if (lines.length === 0 && link === null) return null;
  return (
    <section class="who-may-join" aria-labelledby="who-may-join">
      <h3 id="who-may-join">{t('tournament.conditions')}</h3>
      <ul data-testid="conditions">
        {lines.map((line) => (
          <li>{line}</li>
        ))}
      </ul>
      {link && <InviteLink link={link} />}
      {invited.length > 0 && <p data-testid="invited">{t('tournament.invitedList', { names: invited.join(', ') })}</p>}
    </section>
  );
}
