import { useMemo } from 'preact/hooks';
import { Home } from './home.tsx';
import { checkSetup, parseSetup, type Setup } from './setup.ts';
import { DiceWarsView } from './views/dicewars.tsx';
import { HiveView } from './views/hive.tsx';
import { NonagaView } from './views/nonaga.tsx';
import { TicTacToeView } from './views/tictactoe.tsx';

const VIEWS: Record<string, (props: { setup: Setup }) => preact.JSX.Element> = {
  tictactoe: TicTacToeView,
  hive: HiveView,
  dicewars: DiceWarsView,
  nonaga: NonagaView,
};

export function App() {
  const setup = useMemo(() => {
    const parsed = parseSetup(window.location.search);
    return parsed?.ok ? checkSetup(parsed.value) : parsed;
  }, []);
  if (!setup) return <Home />;
  if (!setup.ok)
    return (
      <main>
        <h1>hexarena</h1>
        <p class="error" role="alert">
          This game cannot start: {setup.error.message}.
        </p>
        <a href="./">Home</a>
      </main>
    );
  const View = VIEWS[setup.value.game] as (props: { setup: Setup }) => preact.JSX.Element;
  return <View setup={setup.value} />;
}
