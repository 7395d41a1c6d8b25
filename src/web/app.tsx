import type { ComponentType, JSX } from 'preact';
import { lazy, Suspense } from 'preact/compat';
import { useEffect, useState } from 'preact/hooks';
import { loadMessages, type PagePart } from './i18n/index.ts';
import { PAGE_PARTS } from './i18n/parts.ts';
import { readGameEarly } from './online/early-read.ts';
import { type Route, routeOf, setupPart } from './routes.ts';

/** A page's code, and the parts of the catalog it shows (i18n/parts.ts), loaded side by side. */
const withWords = <T,>(parts: readonly PagePart[], code: Promise<T>): Promise<T> =>
  Promise.all([code, loadMessages(parts)]).then(([c]) => c);
/**
 * Each page's code, loaded when the page is shown: a phone's first screen carries its own page, not
 * the others (the home page no profile, a profile no board). main.tsx starts the first one's load.
 */
const PAGES = {
  account: () =>
    withWords(
      PAGE_PARTS.account,
      import('./account/account-page.tsx').then((m) => m.AccountPage),
    ),
  moderation: () =>
    withWords(
      PAGE_PARTS.moderation,
      import('./moderation/moderation-page.tsx').then((m) => m.ModerationPage),
    ),
  ladder: () =>
    withWords(
      PAGE_PARTS.ladder,
      import('./account/ladder-page.tsx').then((m) => m.LadderPage),
    ),
  leaderboard: () =>
    withWords(
      PAGE_PARTS.leaderboard,
      import('./account/leaderboard-page.tsx').then((m) => m.LeaderboardPage),
    ),
  profile: () =>
    withWords(
      PAGE_PARTS.profile,
      import('./account/profile-page.tsx').then((m) => m.ProfilePage),
    ),
  online: () => {
    // Its board's session and shell come next whatever the game: on the way while the game is asked
    // for (only the game's own board module waits to know which game it is).
    void import('./games/sessions.tsx');
    void import('./shell.tsx');
    return withWords(
      PAGE_PARTS.online,
      import('./online/page.tsx').then((m) => m.OnlinePage),
    );
  },
  analysis: () =>
    withWords(
      PAGE_PARTS.analysis,
      import('./analysis/page.tsx').then((m) => m.AnalysisPage),
    ),
  puzzle: () =>
    withWords(
      PAGE_PARTS.puzzle,
      import('./puzzles/page.tsx').then((m) => m.PuzzlePage),
    ),
  editor: () =>
    withWords(
      PAGE_PARTS.editor,
      import('./editor/page.tsx').then((m) => m.EditorPage),
    ),
  local: () =>
    withWords(
      PAGE_PARTS.local,
      import('./local-page.tsx').then((m) => m.LocalPage),
    ),
  social: () =>
    withWords(
      PAGE_PARTS.social,
      import('./social/pages.tsx').then((m) => m.SocialPage),
    ),
  tournaments: () =>
    withWords(
      PAGE_PARTS.tournaments,
      import('./tournaments/list-page.tsx').then((m) => m.TournamentsPage),
    ),
  tournament: () =>
    withWords(
      PAGE_PARTS.tournament,
      import('./tournaments/tournament-page.tsx').then((m) => m.TournamentPage),
    ),
  // The home page's words are the common part's, in with the first load.
  home: () => import('./home.tsx').then((m) => m.Home),
};

/**
 * A page's component: drawn at once when its code is in when it is first shown (the first page:
 * main.tsx waited for it), else after loading it. Drawing at once matters for the home page, whose
 * markup the server sends (prerendered.ts): the app draws over those elements rather than replacing
 * them with an empty page while it suspends. The choice is kept for as long as the page is shown.
 */
function page<P extends object>(load: () => Promise<(props: P) => JSX.Element | null>) {
  let loaded: ComponentType<P> | null = null;
  const fetch = () =>
    load().then((c) => {
      loaded = c;
      return c;
    });
  const Suspended = lazy(() => fetch().then((c) => ({ default: c })));
  const Page = (props: P) => {
    const [Drawn] = useState<ComponentType<P>>(() => loaded ?? Suspended);
    return <Drawn {...props} />;
  };
  return { Page, fetch };
}
const AccountPage = page(PAGES.account);
const ModerationPage = page(PAGES.moderation);
const LadderPage = page(PAGES.ladder);
const LeaderboardPage = page(PAGES.leaderboard);
const ProfilePage = page(PAGES.profile);
const OnlinePage = page(PAGES.online);
const AnalysisPage = page(PAGES.analysis);
const PuzzlePage = page(PAGES.puzzle);
const EditorPage = page(PAGES.editor);
const LocalPage = page(PAGES.local);
const SocialPage = page(PAGES.social);
const TournamentsPage = page(PAGES.tournaments);
const TournamentPage = page(PAGES.tournament);
const Home = page(PAGES.home);
const loading = <main aria-busy="true" />;

const SHOWN = {
  account: AccountPage,
  moderation: ModerationPage,
  ladder: LadderPage,
  leaderboard: LeaderboardPage,
  profile: ProfilePage,
  online: OnlinePage,
  analysis: AnalysisPage,
  puzzle: PuzzlePage,
  editor: EditorPage,
  local: LocalPage,
  social: SocialPage,
  tournaments: TournamentsPage,
  tournament: TournamentPage,
  home: Home,
} satisfies Record<Route['page'], { fetch: () => Promise<unknown> }>;

/** Starts loading a route's page (main.tsx, beside the catalog), so its first render finds it in. */
export const loadPage = (route: Route): Promise<unknown> => {
  if (route.page !== 'online') return SHOWN[route.page].fetch();
  // An online game's state and board are asked for beside the page's code, not after it (early-read.ts),
  // and the page first draws once the state is read too: the game, not a line saying it is loading.
  readGameEarly(route.id);
  const { id } = route;
  return Promise.all([OnlinePage.fetch(), import('./online/api.ts').then((m) => m.readGameFirst(id))]);
};

function RoutePage({ route }: { route: Route }) {
  switch (route.page) {
    case 'account':
      return <AccountPage.Page />;
    case 'moderation':
      return <ModerationPage.Page />;
    case 'ladder':
      return <LadderPage.Page key={route.game} game={route.game} />;
    case 'leaderboard':
      return <LeaderboardPage.Page key={route.perf} perf={route.perf} />;
    case 'profile':
      return <ProfilePage.Page key={route.name} name={route.name} />;
    case 'online':
      return <OnlinePage.Page key={route.id} id={route.id} />;
    case 'analysis':
      return <AnalysisPage.Page key={route.address} address={route.address} />;
    case 'puzzle':
      return <PuzzlePage.Page key={route.address} address={route.address} />;
    case 'editor':
      return <EditorPage.Page key={route.address} address={route.address} />;
    case 'local':
      return <LocalPage.Page key={route.address} address={route.address} />;
    case 'social':
      return <SocialPage.Page key={route.pathname} pathname={route.pathname} />;
    case 'tournaments':
      return <TournamentsPage.Page />;
    case 'tournament':
      return <TournamentPage.Page key={route.id} id={route.id} />;
    case 'home':
      return <Home.Page />;
  }
}

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
  // An online game's page is its path, /g/<id>: the server answers it with this app.
  return (
    <Suspense fallback={loading}>
      <RoutePage route={routeOf(window.location.pathname, address)} />
    </Suspense>
  );
}
