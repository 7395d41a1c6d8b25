import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import type { Result } from '@hexarena/engines/engine/result.ts';
import { randomSeed } from '@hexarena/engines/engine/rng.ts';
import { Bot, Microscope } from 'lucide-preact';
import { useEffect } from 'preact/hooks';
import { analysisUrl } from '../analysis/address.ts';
import { lineTree } from '../analysis/tree.ts';
import { agentWord } from '../i18n/agents.ts';
import { t } from '../i18n/index.ts';
import { rulesRefusal } from '../i18n/why.ts';
import { setupUrl } from '../setup.ts';
import { editorUrl, parseEditorAddress } from './address.ts';

/**
 * The address follows the position set up (replaceState: no new page in history, no hashchange),
 * so Back from the analysis board, a reload or a copied link opens the editor on it again. A
 * position with an error keeps the last good one in the address.
 */
function useAddressFollows(game: string, position: Result<string>): void {
  const text = position.ok ? position.value : null;
  useEffect(() => {
    if (text === null) return;
    const { asText } = parseEditorAddress(window.location.hash);
    window.history.replaceState(window.history.state, '', editorUrl(game, text, asText));
  }, [game, text]);
}

/**
 * What an editor's position is: the error that says what is wrong with it, or its text in the
 * game's notation with the ways out: to the analysis board, or into a game against the computer
 * (the player takes the side to move).
 */
export function EditedPosition({ game, position, opponent }: { game: AnyGame; position: Result<string>; opponent: string }) {
  useAddressFollows(game.id, position);
  if (!position.ok)
    return (
      <p class="error editor-problem" role="alert" data-testid="editor-problem">
        {rulesRefusal(position.error)}
      </p>
    );
  const state = game.parsePosition?.(position.value);
  const toMove = state?.ok ? game.toMove(state.value) : null;
  const seats = game.seatNames(game.defaultOptions).map((_, i) => (i === toMove ? 'human' : opponent));
  return (
    <div class="editor-ready" data-testid="editor-ready">
      <label class="editor-text">
        <span>{t('editor.asText')}</span>
        <input type="text" readOnly value={position.value} data-testid="editor-position" onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div class="editor-actions">
        <a
          class="button-link primary"
          href={analysisUrl({ game: game.id, options: {}, seed: '', position: position.value, tree: lineTree([]), path: [] })}
          data-testid="editor-analyse"
        >
          <Microscope class="icon" aria-hidden="true" /> {t('editor.analyse')}
        </a>
        {toMove !== null && (
          <a
            class="button-link"
            href={setupUrl({ game: game.id, options: {}, seats, seed: randomSeed(), moves: [], position: position.value })}
            data-testid="editor-play"
          >
            <Bot class="icon" aria-hidden="true" /> {t('editor.play', { level: agentWord(opponent) })}
          </a>
        )}
      </div>
    </div>
  );
}
