import { useMemo, useState } from 'preact/hooks';
import { randomSeed } from '../engine/rng.ts';
import { TicTacToeView } from './views/tictactoe.tsx';

/** What a game page needs, kept in the URL so that a game can be shared or resumed. */
export interface Setup {
  readonly game: string;
  readonly seats: readonly string[];
  readonly seed: string;
  readonly moves: readonly string[];
}

export function parseSetup(search: string): Setup | null {
  const q = new URLSearchParams(search);
  const game = q.get('game');
  if (!game) return null;
  return {
    game,
    seats: (q.get('seats') ?? 'human,max').split(','),
    seed: q.get('seed') ?? randomSeed(),
    moves: (q.get('moves') ?? '').split(' ').filter(Boolean),
  };
}

export function setupUrl(setup: Setup): string {
  const q = new URLSearchParams({ game: setup.game, seats: setup.seats.join(','), seed: setup.seed });
  if (setup.moves.length > 0) q.set('moves', setup.moves.join(' '));
  return `?${q}`;
}

const SEAT_CHOICES = ['human', 'random', 'easy', 'medium', 'hard', 'max'];

function Home() {
  const [x, setX] = useState('human');
  const [o, setO] = useState('max');
  const [seed, setSeed] = useState(() => randomSeed());
  const start = () => {
    window.location.search = setupUrl({ game: 'tictactoe', seats: [x, o], seed, moves: [] });
  };
  return (
    <main>
      <h1>hexarena</h1>
      <div class="games">
        <section class="game" aria-labelledby="ttt">
          <h2 id="ttt">Tic-tac-toe</h2>
          <label>
            X{' '}
            <select value={x} onChange={(e) => setX(e.currentTarget.value)} aria-label="X is played by">
              {SEAT_CHOICES.map((c) => (
                <option value={c}>{c}</option>
              ))}
            </select>
          </label>{' '}
          <label>
            O{' '}
            <select value={o} onChange={(e) => setO(e.currentTarget.value)} aria-label="O is played by">
              {SEAT_CHOICES.map((c) => (
                <option value={c}>{c}</option>
              ))}
            </select>
          </label>{' '}
          <label>
            seed <input value={seed} onInput={(e) => setSeed(e.currentTarget.value)} size={10} />
          </label>{' '}
          <button type="button" onClick={start}>
            Start
          </button>
        </section>
        {['Hive', 'DiceWars', 'Nonaga'].map((title) => (
          <section class="game">
            <h2>{title}</h2>
            <p>
              Its board comes next; play it in the terminal meanwhile: <code>npx hexarena play {title.toLowerCase()}</code>
            </p>
          </section>
        ))}
      </div>
    </main>
  );
}

export function App() {
  const setup = useMemo(() => parseSetup(window.location.search), []);
  if (!setup) return <Home />;
  if (setup.game === 'tictactoe') return <TicTacToeView setup={setup} />;
  return (
    <main>
      <p>Unknown game "{setup.game}".</p>
      <a href="./">Home</a>
    </main>
  );
}
