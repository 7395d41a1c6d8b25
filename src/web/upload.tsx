import { FolderOpen } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { loadMessages, t } from './i18n/index.ts';

/**
 * "Open a record": a JSON record from Download (or any tool), or a Hive game from boardspace.net (SGF) or
 * Mzinga / hivegame.com (PGN), resumes its game here, checked move by move.
 */
export function UploadRecord({ withIcon = false }: { readonly withIcon?: boolean } = {}) {
  const [error, setError] = useState<string | null>(null);
  const open = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    // The readers of every format load when a file is chosen, not with the page that offers it; so do
    // the words of the rules' refusals (the catalog's play part), which the home page does not load.
    const [{ readRecord }, { setupUrl }] = await Promise.all([import('./record-file.ts'), import('./setup.ts'), loadMessages(['play'])]);
    const setup = await readRecord(file);
    input.value = '';
    if (!setup.ok) {
      setError(setup.error.message);
      return;
    }
    window.location.assign(setupUrl(setup.value));
  };
  return (
    <span class="upload">
      <label class="button-link">
        {withIcon && <FolderOpen class="icon" aria-hidden="true" />}
        {t('home.openRecord')}
        <input
          type="file"
          accept="application/json,.json,.sgf,.pgn"
          data-testid="upload"
          class="visually-hidden"
          onChange={(e) => void open(e.currentTarget)}
        />
      </label>
      {error && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
