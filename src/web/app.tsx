import { lazy, Suspense } from 'preact/compat';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { AccountPage } from './account/account-page.tsx';
import { LadderPage, ladderOf } from './account/ladder-page.tsx';
import { LeaderboardPage, leaderboardOf } from './account/leaderboard-page.tsx';
import { ProfilePage, profileName } from './account/profile-page.tsx';
import { isAnalysisAddress } from './analysis/address.ts';
import { isEditorAddress } from './editor/address.ts';
import { webGameOf } from './games/index.ts';
import type { WebGame } from './games/web-game.tsx';
import { Home } from './home.tsx';
import { t } from './i18n/index.ts';
import { onlineGameId } from './online/links.ts';
import { OnlinePage } from './online/page.tsx';
import { isPuzzleAddress } from './puzzles/address.ts';
import { checkSetup, parseSetup, setupPart } from './setup.ts';
import { socialPage } from './social/pages.tsx';

// The analysis board, the puzzles and the editor load when asked for, not with the home page.
const AnalysisPage = lazy(() => import('./analysis/page.tsx').then((m) => ({ default: m.AnalysisPage })));
const PuzzlePage = lazy(() => import('./puzzles/page.tsx').then((m) => ({ default: m.PuzzlePage })));
const EditorPage = lazy(() => import('./editor/page.tsx').then((m) => ({ default: m.EditorPage })));
const ModerationPage = lazy(() => import('./moderation/moderation-page.tsx').then((m) => ({ default: m.ModerationPage })));
const loading = <main aria-busy="true" />;

export function App() {
  // A new address typed or followed (the fragment changes) is a new game; the page's own moves
  // rewrite the address with replaceState, which fires no hashchange. The address is the one the
  // event went to, not window.location: the game on the page may rewrite the address between the
  // change and its event (an effect from its last render), and the new game would be lost.
  const [address, setAddress] = useState(() => setupPart(window.location));
  useEffect(() => {
    const follow = (event: HashChangeEvent) => setAddress(setupPart(new URL(event.newURL)));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const analysis = isAnalysisAddress(address);
  const puzzle = isPuzzleAddress(address);
  const editor = isEditorAddress(address);
  const setup = useMemo(() => {
    if (analysis || puzzle || editor) return null;
    const parsed = parseSetup(address);
    return parsed?.ok ? checkSetup(parsed.value, webGameOf(parsed.value.game)) : parsed;
  }, [address, analysis, puzzle, editor]);
  // An online game's page is its path, /g/<id>: the server answers it with this app.
  if (window.location.pathname === '/account') return <AccountPage />;
  if (window.location.pathname === '/mod')
    return (
      <Suspense fallback={loading}>
        <ModerationPage />
      </Suspense>
    );
  const ladder = ladderOf(window.location.pathname);
  if (ladder !== null) return <LadderPage key={ladder} game={ladder} />;
  const leaderboard = leaderboardOf(window.location.pathname);
  if (leaderboard !== null) return <LeaderboardPage key={leaderboard} perf={leaderboard} />;
  const social = socialPage(window.location.pathname);
  if (social) return social;
  const profile = profileName(window.location.pathname);
  if (profile) return <ProfilePage key={profile} name={profile} />;
  const online = onlineGameId(window.location.pathname);
  if (online) return <OnlinePage key={online} id={online} />;
  if (analysis)
    return (
      <Suspense fallback={loading}>
        <AnalysisPage key={address} address={address} />
      </Suspense>
    );
  if (puzzle)
    return (
      <Suspense fallback={loading}>
        <PuzzlePage key={address} address={address} />
      </Suspense>
    );
  if (editor)
    return (
      <Suspense fallback={loading}>
        <EditorPage key={address} address={address} />
      </Suspense>
    );
  if (!setup) return <Home />;
  if (!setup.ok)
    return (
      <main>
        <h1>hexarena</h1>
        <p class="error" role="alert">
          {t('app.cannotStart', { reason: setup.error.message })}
        </p>
        <a href="./">{t('app.home')}</a>
      </main>
    );
  const { LocalView } = webGameOf(setup.value.game) as WebGame;
  return <LocalView key={address} setup={setup.value} />;
}
