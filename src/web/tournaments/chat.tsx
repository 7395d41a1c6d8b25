import type { TournamentChatLine } from '@hexarena/engines/protocol/lobby.ts';
import { MAX_CHAT } from '@hexarena/engines/protocol/messages.ts';
import { useState } from 'preact/hooks';
import { Problem } from '../account/page-parts.tsx';
import { t } from '../i18n/index.ts';
import { removeChatLine, sayInChat } from './api.ts';
import { chatRefusalText } from './chat-lines.ts';

/**
 * A tournament's chat on its page: its lines as the lobby socket brings them (the page merges them,
 * chat-lines.ts), a line to say for a signed-in player; a guest or a visitor reads, and is asked to
 * sign in to speak. What is said comes back over the socket like anyone's line. A moderator removes a
 * line; the socket tells every page, this one too, to drop it.
 */
export function TournamentChat({
  id,
  lines,
  canSpeak,
  moderates = false,
  signIn,
}: {
  id: string;
  lines: readonly TournamentChatLine[];
  canSpeak: boolean;
  /** The reader is a moderator: each line has its button to remove it. */
  moderates?: boolean;
  /** Where to sign in, for one who may not speak (null: nowhere to offer, the account not read yet). */
  signIn: string | null;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <section class="chat tournament-chat" aria-labelledby="tournament-chat">
      <h3 id="tournament-chat">{t('tournament.chat')}</h3>
      {lines.length === 0 && <p class="muted">{t('tournament.chatNone')}</p>}
      <ol class="chat-lines" aria-live="polite" data-testid="tournament-chat-lines">
        {lines.map((l) => (
          <li key={l.n}>
            <strong>{l.author}</strong>: {l.text}
            {moderates && (
              <>
                {' '}
                <button
                  type="button"
                  class="chat-remove"
                  aria-label={t('tournament.chatRemove', { author: l.author })}
                  title={t('tournament.chatRemove', { author: l.author })}
                  onClick={() =>
                    void removeChatLine(id, l.n).then((r) =>
                      setRefused(r.ok ? null : t('tournament.chatRemoveFailed', { problem: r.error.message })),
                    )
                  }
                >
                  ×
                </button>
              </>
            )}
          </li>
        ))}
      </ol>
      {canSpeak ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim() === '' || busy) return;
            setBusy(true);
            setRefused(null);
            void sayInChat(id, text).then((refusal) => {
              setBusy(false);
              if (refusal) return setRefused(chatRefusalText(refusal));
              setText('');
            });
          }}
        >
          <input aria-label={t('tournament.chatSay')} maxLength={MAX_CHAT} value={text} onInput={(e) => setText(e.currentTarget.value)} />{' '}
          <button type="submit" disabled={busy}>
            {t('tournament.chatSend')}
          </button>
        </form>
      ) : (
        signIn !== null && (
          <p class="muted">
            <a href={signIn}>{t('tournament.chatSignIn')}</a>
          </p>
        )
      )}
      <Problem text={refused} />
    </section>
  );
}
