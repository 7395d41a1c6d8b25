import { render } from 'preact';
// The shared look first: each game's own styles, imported with its folder, come after it.
import './style.css';
import { App } from './app.tsx';

render(<App />, document.getElementById('app') as HTMLElement);
