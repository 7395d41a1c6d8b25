import { render } from 'preact';
// The shared look first: each game's own styles, imported with its folder, come after it.
import './style.css';
import { App } from './app.tsx';
import { startI18n } from './i18n/index.ts';
// The boards' themes, last-move mark and motion: after the games' styles, whose rules it themes.
import './board-look.css';

// The player's language first (its catalog alone is fetched), then the page in it.
void startI18n().then(() => render(<App />, document.getElementById('app') as HTMLElement));

// The installable app: a worker keeps the build so the site opens with no network (service-worker.ts).
// Only a build has one (the dev server serves no sw.js: the registration fails, quietly), and only
// where a server serves it.
if ('serviceWorker' in navigator && window.location.protocol !== 'file:')
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
