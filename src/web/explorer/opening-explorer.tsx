import type { Json } from '@hexarena/engines/engine/game.ts';
import { useEffect, useState } from 'preact/hooks';
import { countText, type Explored, emptyMessage, explore, explorerPath, explorerRows, totalRow } from './model.ts';
import './explorer.css';

export interface OpeningExplorerProps {
  /** The game's id (hive, nonaga, hex). */
  readonly game: string;
  /** The moves from the start to the position shown, in the game's notation. */
  readonly moves: readonly string[];
  /** The game's options, when not its defaults (another variant is counted apart). */
  readonly options?: Json;
  /** A move of the table was chosen: play it on the board. */
  readonly onPlay: (move: string) => void;
  /** The two seats' names, first seat first (White, Black). */
  readonly seatLabels: readonly string[];
}

/**
 * The opening explorer beside a board: the moves played from the position in the server's finished
 * games, most played first, with how those games ended; choosing one plays it.
 */
export function OpeningExplorer({ game, moves, options, onPlay, seatLabels }: OpeningExplorerProps) {
  const path = explorerPath(game, moves, options);
  const [explored, setExplored] = useState<Explored>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setExplored({ kind: 'loading' });
    explore(path, fetch, controller.signal).then(setExplored, () => undefined);
    return () => controller.abort();
  }, [path]);
  const message = emptyMessage(explored);
  const [first, second] = [seatLabels[0] ?? 'First player', seatLabels[1] ?? 'Second player'];
  return (
    <section class="opening-explorer panel" aria-label="Opening explorer" aria-busy={explored.kind === 'loading'}>
      <h2>Opening explorer</h2>
      {explored.kind === 'loading' && <p class="explorer-note">Counting games…</p>}
      {message !== null && <p class="explorer-note">{message}</p>}
      {explored.kind === 'answer' && message === null && (
        <table class="explorer-table">
          <caption>
            {countText(explored.answer.games)} {explored.answer.games === 1 ? 'game' : 'games'} reached this position
          </caption>
          <thead>
            <tr>
              <th scope="col">Move</th>
              <th scope="col">Games</th>
              <th scope="col">
                {first} wins / draws / {second} wins
              </th>
            </tr>
          </thead>
          <tbody>
            {explorerRows(explored.answer, seatLabels).map((row) => (
              <tr key={row.move}>
                <th scope="row">
                  <button type="button" class="explorer-move" onClick={() => onPlay(row.move)} title={`Play ${row.move}`}>
                    {row.move}
                  </button>
                </th>
                <td class="explorer-games">
                  {countText(row.games)} <span class="explorer-share">({row.share}%)</span>
                </td>
                <td>
                  <Bar bar={row.bar} text={row.text} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {(() => {
              const total = totalRow(explored.answer, seatLabels);
              return (
                <tr>
                  <th scope="row">All</th>
                  <td class="explorer-games">{countText(total.games)}</td>
                  <td>
                    <Bar bar={total.bar} text={total.text} />
                  </td>
                </tr>
              );
            })()}
          </tfoot>
        </table>
      )}
    </section>
  );
}

/** The results as a bar, the first seat's wins, draws and the second's; its words for screen readers. */
function Bar({ bar, text }: { bar: readonly [number, number, number]; text: string }) {
  return (
    <div class="explorer-bar" role="img" aria-label={text} title={text}>
      {(['first', 'draw', 'second'] as const).map((part, i) =>
        (bar[i] as number) > 0 ? (
          <span key={part} class={`explorer-bar-${part}`} style={{ width: `${bar[i]}%` }}>
            {(bar[i] as number) >= 12 ? `${bar[i]}%` : ''}
          </span>
        ) : null,
      )}
    </div>
  );
}
