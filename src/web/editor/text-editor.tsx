import { fail, ok } from '@hexarena/engines/engine/result.ts';
import { useState } from 'preact/hooks';
import type { WebGame } from '../games/web-game.tsx';
import { t } from '../i18n/index.ts';
import { EditedPosition } from './outcome.tsx';

/** A game without a board editor edits its position as text, checked as it is typed. */
export function TextEditor({ web, initial }: { web: WebGame; initial: string | null }) {
  const { game } = web;
  const [text, setText] = useState(initial ?? game.formatPosition?.(game.newGame(game.defaultOptions, '')) ?? '');
  const parsed = game.parsePosition?.(text.trim()) ?? fail(t('editor.noNotation', { game: game.title }));
  const position = parsed.ok ? ok(game.formatPosition?.(parsed.value) ?? text.trim()) : parsed;
  return (
    <section class="editor card" aria-label={t('editor.label')}>
      <label class="editor-source">
        <span>{t('editor.notation', { game: game.title })}</span>
        <textarea rows={3} value={text} data-testid="editor-source" onInput={(e) => setText(e.currentTarget.value)} />
      </label>
      <EditedPosition game={game} position={position} opponent={web.opponent} />
    </section>
  );
}
