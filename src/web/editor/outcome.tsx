import { Microscope } from 'lucide-preact';
import type { Result } from '../../engine/result.ts';
import { analysisUrl } from '../analysis/address.ts';
import { lineTree } from '../analysis/tree.ts';

/**
 * What an editor's position is: the error that says what is wrong with it, or its text in the
 * game's notation with the way out to the analysis board.
 */
export function EditedPosition({ game, position }: { game: string; position: Result<string> }) {
  if (!position.ok)
    return (
      <p class="error editor-problem" role="alert" data-testid="editor-problem">
        {position.error.message}
      </p>
    );
  return (
    <div class="editor-ready" data-testid="editor-ready">
      <label class="editor-text">
        <span>The position as text</span>
        <input type="text" readOnly value={position.value} data-testid="editor-position" onFocus={(e) => e.currentTarget.select()} />
      </label>
      <a
        class="button-link primary"
        href={analysisUrl({ game, options: {}, seed: '', position: position.value, tree: lineTree([]), path: [] })}
        data-testid="editor-analyse"
      >
        <Microscope class="icon" aria-hidden="true" /> Analyse this position
      </a>
    </div>
  );
}
