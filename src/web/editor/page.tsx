import { Suspense } from 'preact/compat';
import { BarSearch } from '../account/account-bar.tsx';
import { webGameOf } from '../games/index.ts';
import { SettingsBar } from '../settings-bar.tsx';
import { editorUrl, parseEditorAddress } from './address.ts';
import { TextEditor } from './text-editor.tsx';
import './editor.css';
import { t } from '../i18n/index.ts';

/** The position editor of the address's game: its board editor where it has one, else its notation as text. */
export function EditorPage({ address }: { address: string }) {
  const { game, position, asText } = parseEditorAddress(address);
  const web = webGameOf(game);
  if (!web?.game.parsePosition)
    return (
      <main>
        <h1>hexarena</h1>
        <p class="error" role="alert">
          {t('editor.none', { game: web ? web.game.title : `"${game}"` })}
        </p>
        <a href="./">{t('app.home')}</a>
      </main>
    );
  const { Editor } = web;
  return (
    <main class="editor-page">
      <header class="topbar">
        <a href="./" class="home-link">
          hexarena
        </a>
        <h1>{t('editor.title', { game: web.game.title })}</h1>
        <BarSearch />
        <SettingsBar />
      </header>
      {Editor && !asText ? (
        <>
          <Suspense fallback={<p aria-busy="true">{t('editor.loading')}</p>}>
            <Editor initial={position} />
          </Suspense>
          <p>
            <a href={editorUrl(game, position ?? undefined, true)} data-testid="edit-as-text">
              {t('editor.typeInstead')}
            </a>
          </p>
        </>
      ) : (
        <TextEditor web={web} initial={position} />
      )}
    </main>
  );
}
