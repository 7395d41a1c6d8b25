import { useMemo } from 'preact/hooks';
import { WEB_GAMES, webGameOf } from '../games/index.ts';
import type { WebGame } from '../games/web-game.tsx';
import { t } from '../i18n/index.ts';
import { type OpenedAnalysis, parseAnalysis } from './address.ts';
import { AnalysisGames } from './open.tsx';
import { useAnalysis } from './use-analysis.ts';

/** The analysis board of the address: a game, its move tree and the move shown, or why it cannot open. */
export function AnalysisPage({ address }: { address: string }) {
  const opened = useMemo(() => parseAnalysis(address), [address]);
  const web = opened.ok ? webGameOf(opened.value.analysis.game.id) : undefined;
  if (!opened.ok || !web)
    return (
      <main>
        <h1>hexarena</h1>
        <p class="error" role="alert">
          {t('analysis.cannotOpen', { problem: opened.ok ? t('analysis.noBoard') : opened.error.message })}
        </p>
        <a href="./">{t('app.home')}</a>
      </main>
    );
  return (
    <AnalysisGames.Provider value={WEB_GAMES}>
      <AnalysisBoard web={web} opened={opened.value} />
    </AnalysisGames.Provider>
  );
}

/** The game's own board over the analysis: moves are explored, not committed, so none waits for a Confirm. */
function AnalysisBoard({ web, opened }: { web: WebGame; opened: OpenedAnalysis }) {
  return <web.Board session={useAnalysis(opened, web.game, web.movePoints)} />;
}
