import { Tv } from 'lucide-preact';
import { t } from '../i18n/index.ts';
import { gamePage } from '../online/links.ts';
import { BEST_CHANNEL, tvPage } from './addresses.ts';
import { GameLine, PlayersLine } from './game-lines.tsx';
import { MiniBoard } from './mini-board.tsx';
import { useTvChannels } from './tv-channels.ts';

/**
 * The home page's TV, as lichess's home shows its own: the game TV's channel of every game shows,
 * drawn small and moving on with its moves; when it ends, the next game the server features, without
 * a reload. Tuned in as the TV page is (tv-channels.ts); loaded after the home page's first paint, so
 * the first screen's code carries none of it. Nothing while no game is being played.
 */
export function HomeTv() {
  const shown = useTvChannels().channels?.[BEST_CHANNEL] ?? null;
  if (!shown) return null;
  return (
    <section class="live-game" aria-labelledby="live-game-title" data-testid="home-tv" data-game-id={shown.id}>
      <h2 id="live-game-title">
        <Tv class="icon" aria-hidden="true" /> {t('home.liveNow')}
      </h2>
      <div class="live-board">
        <MiniBoard game={shown.game} position={shown.position} />
      </div>
      <p class="live-players">
        <PlayersLine game={shown} />
      </p>
      <p>
        <GameLine game={shown} /> · <span class="muted">{t('tv.watching', { count: shown.watching })}</span>
      </p>
      <a class="button-link" href={gamePage(shown.id)}>
        {t('home.watch')}
      </a>{' '}
      <a href={tvPage(BEST_CHANNEL)}>{t('tv.moreOnTv')}</a>
    </section>
  );
}
