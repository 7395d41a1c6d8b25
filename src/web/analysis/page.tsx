import { useEffect, useMemo, useState } from 'preact/hooks';
import { WEB_GAMES, webGameOf } from '../games/index.ts';
import type { GameView, WebGame } from '../games/web-game.tsx';
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

/** The game's board module, once loaded (its arrows need its drawing before the analysis starts). */
function AnalysisBoard({ web, opened }: { web: WebGame; opened: OpenedAnalysis }) {
  const [view, setView] = useState<GameView<unknown, unknown, unknown> | null>(null);
  useEffect(() => {
    let current = true;
    void web.loadView().then((v) => current && setView(v));
    return () => {
      current = false;
    };
  }, [web]);
  if (!view) return <main aria-busy="true" />;
  return <AnalysedBoard web={web} view={view} opened={opened} />;
}

/** The game's own board over the analysis: moves are explored, not committed, so none waits for a Confirm. */
function AnalysedBoard({ web, view, opened }: { web: WebGame; view: GameView<unknown, unknown, unknown>; opened: OpenedAnalysis }) {
  return <view.Board session={useAnalysis(opened, web.game, view.movePoints)} />;
}
