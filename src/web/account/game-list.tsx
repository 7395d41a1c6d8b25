import { webGameOf } from '../games/index.ts';
import { formatDay, t } from '../i18n/index.ts';
import type { GameSummary } from '../online/api.ts';
import { gamePage } from '../online/links.ts';

const RESULT_WORDS = { win: 'yourGames.won', draw: 'yourGames.drawn', loss: 'yourGames.lost' } as const;

/** Games as links: the game, who played, and how it stands or ended for the player the list is about. */
export function GameList({ games, label }: { games: readonly GameSummary[]; label: string }) {
  return (
    <ul class="game-list" aria-label={label}>
      {games.map((g) => (
        <li data-game={g.id} class={g.yourMove ? 'your-move' : undefined}>
          <a href={gamePage(g.id)}>
            {webGameOf(g.game)?.game.title ?? g.game}: {g.players.map((p) => p ?? t('yourGames.open')).join(' – ')}
          </a>{' '}
          {g.yourMove && <strong class="badge">{t('yourGames.yourMove')}</strong>}
          {g.result && <span class={`result ${g.result}`}>{t(RESULT_WORDS[g.result])}</span>}
          {/* An aborted game has no result: it says so, and is never called a draw. */}
          {g.ending?.termination === 'aborted' && <span class="result aborted">{t('yourGames.aborted')}</span>}{' '}
          <time dateTime={new Date(g.createdAt).toISOString()}>{formatDay(g.createdAt)}</time>
        </li>
      ))}
    </ul>
  );
}
