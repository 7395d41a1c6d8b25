import { renderToString } from 'preact-render-to-string';
import { Home } from '../home.tsx';
import { type SpokenLocale, startI18n } from '../i18n/index.ts';

/**
 * The home page's markup in `locale` as the app first draws it for a visitor nobody has answered
 * about yet (no account, lobby or socket read: their effects never run here).
 */
export async function homeMarkup(locale: SpokenLocale): Promise<string> {
  await startI18n(locale);
  return renderToString(<Home />);
}
