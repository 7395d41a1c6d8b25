import { t } from '../i18n/index.ts';
import { gamePage } from '../online/links.ts';
import type { TournamentPairing } from './api.ts';

/** Who a pairing seats, in seat order: its first two, then a table's others. */
export const seatedAt = (p: TournamentPairing): (string | null)[] => [p.white, p.black, ...(p.others ?? [])];

/**
 * An arena's wave of tables of more than two (DiceWars): each table's players in seat order and
 * how it ended — its winner, drawn, or still being played.
 */
export function TablesOfRound({
  caption,
  games,
  mine,
}: {
  caption: string;
  games: readonly TournamentPairing[];
  mine: (p: TournamentPairing) => boolean;
}) {
  const ending = (p: TournamentPairing) =>
    p.result === 'table' && p.winner !== undefined
      ? (seatedAt(p)[p.winner] ?? '')
      : p.result === 'draw'
        ? t('tournament.drawn')
        : p.result === 'void'
          ? t('tournament.void')
          : p.result === null && p.game !== null
            ? t('tournament.playing')
            : '';
  return (
    <table class="ranking pairings tables">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tournament.seated')}</th>
          <th scope="col">{t('tournament.winner')}</th>
          <th scope="col">
            <span class="visually-hidden">{t('tournament.gameLink')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {games.map((p) => (
          <tr class={mine(p) ? 'you' : undefined}>
            <td>
              {seatedAt(p)
                .filter((name) => name !== null)
                .join(', ')}
            </td>
            <td class="result">{ending(p)}</td>
            <td>{p.game && <a href={gamePage(p.game)}>{t('tournament.gameLink')}</a>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
