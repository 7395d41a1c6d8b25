import type { Json } from '@hexarena/engines/engine/game.ts';
import { useEffect, useState } from 'preact/hooks';
import { countText, type Explored, emptyMessage, explore, explorerPath, explorerRows, totalRow } from './model.ts';
import './explorer.css';
import { formatNumber, t } from '../i18n/index.ts';
import { positionSearchPage } from '../social/addresses.ts';

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
  const [first, second] = [seatLabels[0] ?? t('explorer.first'), seatLabels[1] ?? t('explorer.second')];
  return (
    <section class="opening-explorer panel" aria-label={t('explorer.title')} aria-busy={explored.kind === 'loading'}>
      <h2>{t('explorer.title')}</h2>
      {explored.kind === 'loading' && <p class="explorer-note">{t('explorer.counting')}</p>}
      {message !== null && <p class="explorer-note">{message}</p>}
      {explored.kind === 'answer' && message === null && (
        <table class="explorer-table">
          <caption>{t('explorer.reached', { count: explored.answer.games })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analysis.move')}</th>
              <th scope="col">{t('profile.gamesTitle')}</th>
              <th scope="col">{t('explorer.resultsHead', { first, second })}</th>
            </tr>
          </thead>
          <tbody>
            {explorerRows(explored.answer, seatLabels).map((row) => (
              <tr key={row.move}>
                <th scope="row">
                  <button
                    type="button"
                    class="explorer-move"
                    onClick={() => onPlay(row.move)}
                    title={t('explorer.play', { move: row.move })}
                  >
                    {row.move}
                  </button>
                </th>
                <td class="explorer-games">
                  {countText(row.games)} <span class="explorer-share">({formatNumber(row.share / 100, { style: 'percent' })})</span>
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
                  <th scope="row">{t('explorer.all')}</th>
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
      {explored.kind === 'answer' && explored.answer.position !== null && (
        // The games database keeps every finished game that reached a position (the explorer counts some only): each to replay.
        <p class="explorer-games-link">
          <a
            href={positionSearchPage({
              game: explored.answer.game,
              key: explored.answer.position,
              variant: explored.answer.variant,
              line: moves,
              ...(options !== undefined && options !== null ? { options: JSON.stringify(options) } : {}),
            })}
          >
            {t('explorer.gamesHere')}
          </a>
        </p>
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
            {(bar[i] as number) >= 12 ? formatNumber((bar[i] as number) / 100, { style: 'percent' }) : ''}
          </span>
        ) : null,
      )}
    </div>
  );
}
