/**
 * A catalog reaches the browser in parts (the build splits each language's one file by its keys'
 * prefixes: scripts/precompiled-catalogs.ts): the common part comes with the first load, and holds
 * what the home page and every page's frame show (the top bar, menus, the lobby, refusals, results,
 * each game's how-to-play); each other part comes beside the code of the pages that show it
 * (app.tsx's PAGES, and the create dialog's loader). A phone's first screen so carries a third of a
 * catalog, not all of it.
 */
export const PARTS = ['common', 'play', 'study', 'people', 'export'] as const;
export type Part = (typeof PARTS)[number];
/** The parts loaded after the first: the pages' own. */
export type PagePart = Exclude<Part, 'common'>;

/**
 * Which part a key is in, by its longest prefix here (a key no prefix names is common): `play` the
 * game pages (board, controls, online panel, create dialog), `study` analysis, reviews, the opening
 * explorer, puzzles and the editors, `people` accounts, profiles, leaderboards, the ladder, the
 * social pages and moderation, `export` the static exports' pages (export-static): the command line
 * writes them from the whole catalog, and no page of the app ever loads that part.
 */
export const PART_OF_PREFIX: Readonly<Record<string, PagePart>> = {
  game: 'play',
  moveBox: 'play',
  online: 'play',
  create: 'play',
  hive: 'play',
  hex: 'play',
  nonaga: 'play',
  dicewars: 'play',
  tictactoe: 'play',
  static: 'export',
  analysis: 'study',
  explorer: 'study',
  review: 'study',
  puzzle: 'study',
  editor: 'study',
  account: 'people',
  tokens: 'people',
  profile: 'people',
  leaderboard: 'people',
  ladder: 'people',
  moderation: 'people',
  social: 'people',
  tournament: 'play',
};

/** What the home page shows of a prefix that is otherwise a page's: kept common. */
const COMMON_PREFIXES: readonly string[] = [
  'hive.howTo',
  'hex.howTo',
  'nonaga.howTo',
  'dicewars.howTo',
  'tictactoe.howTo',
  // The account bar and the social links, on every page.
  'account.nav',
  'account.playingAs',
  'account.signUpOrLogIn',
  'account.leaderboards',
  'account.engineLadder',
  'social.nav',
  'social.news',
  'social.search',
  // The lobby's and the challenges' buttons.
  'game.seat',
  'game.cancel',
  'online.decline',
  // Named in the games' registry (games/*/index.tsx, their options forms), on the first screen's code.
  'hive.option',
  'hex.option',
  'nonaga.option',
  'dicewars.option',
  'create.agent',
  'analysis.paste',
  // The home page's card of tournaments and its notice of a tournament game made.
  'tournament.listTitle',
  'tournament.allTournaments',
  'tournament.homeNone',
  'tournament.players',
  'tournament.state',
  'tournament.playYourGame',
  'tournament.noticeTitle',
  'tournament.noticeStarted',
  'tournament.noticeTournament',
  // The opening explorer's, on the game pages.
  'profile.gamesTitle',
];

/** The part `key` is in. */
export function partOf(key: string): Part {
  if (COMMON_PREFIXES.some((p) => key === p || key.startsWith(`${p}.`))) return 'common';
  let best: Part = 'common';
  let length = 0;
  for (const [prefix, part] of Object.entries(PART_OF_PREFIX))
    if ((key === prefix || key.startsWith(`${prefix}.`)) && prefix.length > length) {
      best = part;
      length = prefix.length;
    }
  return best;
}

/**
 * The parts each page shows beside the common one (app.tsx loads them with the page's code): the game
 * pages their board's, controls' and analysis tools'; the people pages their own, and the challenge
 * and report forms', the seats' agents', a profile's games'. The home page shows the common part alone.
 */
export const PAGE_PARTS = {
  home: [],
  local: ['play', 'study'],
  online: ['play', 'study'],
  analysis: ['play', 'study'],
  puzzle: ['play', 'study'],
  editor: ['play', 'study'],
  account: ['people', 'play', 'study'],
  moderation: ['people', 'play', 'study'],
  ladder: ['people', 'play', 'study'],
  leaderboard: ['people', 'play', 'study'],
  profile: ['people', 'play', 'study'],
  social: ['people', 'play', 'study'],
  tournaments: ['people', 'play', 'study'],
  tournament: ['people', 'play', 'study'],
} as const satisfies Record<string, readonly PagePart[]>;
