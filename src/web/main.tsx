import { render } from 'preact';
// The shared look first: each game's own styles, imported with its folder, come after it.
import './style.css';
import { App } from './app.tsx';
// The boards' themes, last-move mark and motion: after the games' styles, whose rules it themes.
import './board-look.css';

render(<App />, document.getElementById('app') as HTMLElement);
