import { hydrate, render } from 'preact';
// The shared look first: each game's own styles, imported with its folder, come after it.
import './style.css';
import { App, loadPage } from './app.tsx';
import { locale, startI18n } from './i18n/index.ts';
import { keepsNothingDrawn } from './prerender/as-served.ts';
import { routeOf, setupPart } from './routes.ts';
import { takeOverInTurns } from './take-over.tsx';
// The saved theme and board look on the root before anything is drawn (settings.ts applies them as it loads).
import './settings.ts';

// The language the server drew the page in (`<html lang>`), read before startI18n sets the player's.
const served = document.documentElement.lang;
// Nothing kept on this device that the first draw reads: the visitor the home page's markup was drawn for.
const newcomer = keepsNothingDrawn();
// The player's language (its catalog alone is fetched) and the page's code, side by side; then the
// page, in that language. A page that failed to load is the App's to show (it loads it again).
// The catalog's common part first: the page's loader asks for the page's own part beside its code.
const words = startI18n();
const page = loadPage(routeOf(window.location.pathname, setupPart(window.location))).catch(() => undefined);
void Promise.all([words, page])
  // The page's modules have just run, in this task (their top levels: on a phone 100–200 ms); the first
  // render, as long, comes in a task of its own, not in the same one that blocks the main thread for both.
  .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
  .then(() => {
    const root = document.getElementById('app') as HTMLElement;
    // For that visitor in that language the app's first draw is the markup itself: it takes the
    // elements over as they are (their listeners attached, nothing rewritten). Drawn over, some 300
    // attributes and texts were written again with the same values: on a phone, the page's longest
    // task. Otherwise (a setting or language of this device's own) it draws over them, correcting
    // every attribute, which taking over would leave as the server wrote them.
    const takeOver = root.firstElementChild !== null && newcomer && locale() === served;
    // Taken over a part at a time (take-over.tsx), each in a task of its own.
    let drawn = Promise.resolve();
    if (takeOver) drawn = takeOverInTurns(() => hydrate(<App />, root));
    else render(<App />, root);
    // The home page's markup came with the HTML (src/server/prerendered.ts) inert: a click or a file
    // chosen before the app had drawn over it (or taken all of it over) would have gone nowhere.
    return drawn.then(() => root.removeAttribute('inert'));
  });

// The installable app: a worker keeps the build so the site opens with no network (service-worker.ts).
// Only a build has one (the dev server serves no sw.js: the registration fails, quietly), and only
// where a server serves it.
if ('serviceWorker' in navigator && window.location.protocol !== 'file:')
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
