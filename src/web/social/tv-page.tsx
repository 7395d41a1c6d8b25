import { Tv } from 'lucide-preact';
import { PageTop } from '../account/page-parts.tsx';
import { webGameOf } from '../games/index.ts';
import { t } from '../i18n/index.ts';
import { OnlinePage } from '../online/page.tsx';
import { UnderTopBar } from '../under-top-bar.ts';
import { BEST_CHANNEL, tvPage } from './api.ts';
import { CURRENT_GAMES_PAGE } from './current-games-page.tsx';
import { GameLine, PlayersLine } from './game-lines.tsx';
import { MiniBoard } from './mini-board.tsx';
import { useTvChannels } from './tv-channels.ts';

/**
 * /tv and /tv/<game>: lichess's TV — the best game being played (of every game, or of one), shown
 * live; when it ends the channel moves on to the next best by itself. The channels are listed above
 * it, under the top bar.
 */
export function TvPage({ channel }: { channel: string }) {
  const { channels, problem } = useTvChannels();
  const shown = channels?.[channel] ?? null;
  const title = (id: string) => (id === BEST_CHANNEL ? t('tv.bestChannel') : (webGameOf(id)?.game.title ?? id));
  const list = channels ? [BEST_CHANNEL, ...Object.keys(channels).filter((c) => c !== BEST_CHANNEL)] : [];
  if (!list.includes(channel)) list.push(channel);
  const header = (
    <header class="tv-header">
      <nav class="tv-bar" aria-label={t('tv.channels')}>
        <strong>
          <Tv class="icon" aria-hidden="true" /> {t('tv.title')}
        </strong>
        {list.map((c) => (
          <a href={tvPage(c)} aria-current={c === channel ? 'page' : undefined}>
            {/* The other channels' games, drawn small: what switching to one would show. */}
            {c !== channel && channels?.[c] && <MiniBoard game={channels[c].game} position={channels[c].position} />}
            {title(c)}
          </a>
        ))}
        <a href={CURRENT_GAMES_PAGE}>{t('tv.currentTitle')}</a>
      </nav>
      {problem && (
        <p class="error" role="alert">
          {t('tv.cannotShow', { problem })}
        </p>
      )}
      {shown && (
        <p class="tv-now" data-testid="tv-game" data-game-id={shown.id}>
          <PlayersLine game={shown} /> <GameLine game={shown} /> ·{' '}
          <span class="muted" data-testid="tv-watching">
            {t('tv.watching', { count: shown.watching })}
          </span>
        </p>
      )}
    </header>
  );
  // A game shown: its page draws the channels under its top bar (UnderTopBar); none, the site's top
  // bar, the channels, and the word why (without the bar, a channel with nothing on was a dead end:
  // no way home, to the account or to the settings but the browser's back).
  return shown ? (
    <UnderTopBar.Provider value={header}>
      <OnlinePage key={shown.id} id={shown.id} />
    </UnderTopBar.Provider>
  ) : (
    <main>
      <PageTop />
      {header}
      {channels !== null && <p class="tv-nothing">{t('tv.nothing', { channel: title(channel) })}</p>}
    </main>
  );
}
