import { webGameOf } from '../games/index.ts';
import { livePlayerName } from '../i18n/agents.ts';
import { formatRating, t } from '../i18n/index.ts';
import { timeControl } from '../online/clock-text.ts';
import type { CurrentGame } from './api.ts';

/** The players of a game as a line: "Ann (1700) – Bob (1800)". */
export function PlayersLine({ game }: { game: CurrentGame }) {
  return (
    <span class="current-players">
      {game.players.map((p, i) => (
        <span>
          {i > 0 && <span class="muted"> – </span>}
          <strong>{livePlayerName(p)}</strong>
          {p.rating !== undefined && <span class="muted"> ({formatRating(p.rating)})</span>}
        </span>
      ))}
    </span>
  );
}

/** What a game is: its game, clock, rated or not, and how far it is. */
export function GameLine({ game }: { game: CurrentGame }) {
  return (
    <span class="muted">
      {t('tv.gameLine', {
        game: webGameOf(game.game)?.game.title ?? game.game,
        clock: timeControl(game.clock),
        rated: String(game.rated === true),
        plies: game.plies,
      })}
    </span>
  );
}
