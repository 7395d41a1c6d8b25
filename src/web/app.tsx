import { useMemo, useState } from 'preact/hooks';
import { randomSeed } from '../engine/rng.ts';
import { DiceWarsView } from './views/dicewars.tsx';
import { HiveView } from './views/hive.tsx';
import { NonagaView } from './views/nonaga.tsx';
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

const LEVELS = ['human', 'random', 'easy', 'medium', 'hard', 'max'];

/** One game on the home page: who sits where, the seed, and Start (the setup goes into the URL). */
function GameCard({
  game,
  title,
  seats,
  defaults,
  choices = LEVELS,
}: {
  game: string;
  title: string;
  seats: readonly string[];
  defaults: readonly string[];
  choices?: readonly string[];
}) {
  const [chosen, setChosen] = useState<readonly string[]>(defaults);
  const [seed, setSeed] = useState(() => randomSeed());
  const start = () => {
    window.location.search = setupUrl({ game, seats: chosen, seed, moves: [] });
  };
  return (
    <section class="game" aria-label={title}>
      <h2>{title}</h2>
      {seats.map((seat, i) => (
        <label>
          {seat}{' '}
          <select
            value={chosen[i]}
            aria-label={`${seat} is played by`}
            onChange={(e) => setChosen(chosen.map((c, j) => (j === i ? e.currentTarget.value : c)))}
          >
            {choices.map((c) => (
              <option value={c}>{c}</option>
            ))}
          </select>{' '}
        </label>
      ))}
      <label>
        seed <input value={seed} onInput={(e) => setSeed(e.currentTarget.value)} size={10} />
      </label>{' '}
      <button type="button" onClick={start}>
        Start {title}
      </button>
    </section>
  );
}

function Home() {
  return (
    <main>
      <h1>hexarena</h1>
      <div class="games">
        <GameCard game="tictactoe" title="Tic-tac-toe" seats={['X', 'O']} defaults={['human', 'max']} />
        <GameCard game="nonaga" title="Nonaga" seats={['Red', 'Black']} defaults={['human', 'hard']} />
        <GameCard
          game="dicewars"
          title="DiceWars"
          seats={['A', 'B', 'C', 'D']}
          defaults={['human', 'hard', 'gamedesign', 'gamedesign']}
          choices={['human', 'easy', 'medium', 'hard', 'gamedesign']}
        />
        <GameCard game="hive" title="Hive" seats={['White', 'Black']} defaults={['human', 'medium']} choices={[...LEVELS, 'greedy']} />
      </div>
    </main>
  );
}

export function App() {
  const setup = useMemo(() => parseSetup(window.location.search), []);
  if (!setup) return <Home />;
  if (setup.game === 'tictactoe') return <TicTacToeView setup={setup} />;
  if (setup.game === 'nonaga') return <NonagaView setup={setup} />;
  if (setup.game === 'dicewars') return <DiceWarsView setup={setup} />;
  if (setup.game === 'hive') return <HiveView setup={setup} />;
  return (
    <main>
      <p>Unknown game "{setup.game}".</p>
      <a href="./">Home</a>
    </main>
  );
}
