import { maxWeightMatching, type WeightedEdge } from '@hexarena/engines/ratings/matching.ts';

/**
 * Arenas as lichess runs them: a fixed duration, players paired again as soon as they are free,
 * and a score sheet with streaks and berserk.
 *
 * Scoring (lichess's arena sheet): a win 2, a draw 1, a loss 0. After two wins in a row a player is
 * "on fire": each further win counts 4 and a draw 2, until a result other than a win puts the fire
 * out (a draw on fire still scores 2, then ends the streak). A win while berserk adds 1 if the game
 * lasted long enough. A draw in fewer than 20 plies scores nothing; a draw right after another
 * (losses in between do not count, a win does) scores nothing unless the game was long.
 */

export type ArenaOutcome = 'win' | 'draw' | 'loss';

/** One finished game of a player, in the order played. */
export interface ArenaGame {
  readonly outcome: ArenaOutcome;
  /** Half-moves played: how quick a finish was. */
  readonly plies: number;
  /** Whether this player berserked (gave up half their clock). */
  readonly berserk: boolean;
}

export interface ArenaRules {
  /** Streaks on (lichess lets an organiser turn them off). */
  readonly streaks: boolean;
  /** A draw in fewer plies scores nothing and counts as no result for the streak. */
  readonly quickDrawBelow: number;
  /** A berserk win earns its point from this many plies. */
  readonly berserkFrom: number;
  /** A draw of this many plies or more scores even right after another draw. */
  readonly longGameFrom: number;
}

/** lichess's values for standard chess: 20 plies, 14 plies, 60 plies. */
export const LICHESS_ARENA: ArenaRules = { streaks: true, quickDrawBelow: 20, berserkFrom: 14, longGameFrom: 60 };

/**
 * How a game was scored: `double` on fire; `streak` a win that may start a streak (the fire shown
 * once the next game is won); `null` a draw scoring nothing for following another draw.
 */
export type ArenaFlag = 'normal' | 'streak' | 'double' | 'null';

export interface ArenaScore {
  /** `quick-draw` a draw too short to score. */
  readonly result: ArenaOutcome | 'quick-draw';
  readonly flag: ArenaFlag;
  readonly berserk: 'none' | 'valid' | 'invalid';
  readonly points: number;
}

export interface ArenaSheet {
  /** Oldest first. */
  readonly scores: readonly ArenaScore[];
  readonly total: number;
  /** The next win counts double. */
  readonly onFire: boolean;
}

export const EMPTY_SHEET: ArenaSheet = { scores: [], total: 0, onFire: false };

const pointsOf = (result: ArenaScore['result'], flag: ArenaFlag, berserk: ArenaScore['berserk']): number => {
  const base = result === 'win' ? (flag === 'double' ? 4 : 2) : result === 'draw' ? (flag === 'double' ? 2 : flag === 'null' ? 0 : 1) : 0;
  return base + (result === 'win' && berserk === 'valid' ? 1 : 0);
};

/** Whether the last two results are wins. */
const isOnFire = (scores: readonly ArenaScore[]): boolean =>
  scores.length >= 2 && scores.at(-1)?.result === 'win' && scores.at(-2)?.result === 'win';

/** Whether the most recent result other than a loss is a draw (or a quick draw). */
function afterDraw(scores: readonly ArenaScore[]): boolean {
  for (let i = scores.length - 1; i >= 0; i--) {
    const r = (scores[i] as ArenaScore).result;
    if (r === 'win') return false;
    if (r !== 'loss') return true;
  }
  return false;
}

/** The sheet with one more game: pure, so a sheet is rebuilt the same from the games alone. */
export function addGame(sheet: ArenaSheet, game: ArenaGame, rules: ArenaRules = LICHESS_ARENA): ArenaSheet {
  const berserk = !game.berserk ? 'none' : game.plies >= rules.berserkFrom ? 'valid' : 'invalid';
  const fire = rules.streaks && isOnFire(sheet.scores);
  let result: ArenaScore['result'] = game.outcome;
  let flag: ArenaFlag = 'normal';
  if (game.outcome === 'draw') {
    if (game.plies < rules.quickDrawBelow) result = 'quick-draw';
    else if (fire) flag = 'double';
    else if (game.plies < rules.longGameFrom && afterDraw(sheet.scores)) flag = 'null';
  } else if (game.outcome === 'win' && rules.streaks) flag = fire ? 'double' : 'streak';
  const score: ArenaScore = { result, flag, berserk, points: pointsOf(result, flag, berserk) };
  // A win that started nothing (the next game was not won) is shown as a plain win.
  const last = sheet.scores.at(-1);
  const previous =
    last?.flag === 'streak' && game.outcome !== 'win' ? [...sheet.scores.slice(0, -1), { ...last, flag: 'normal' as const }] : sheet.scores;
  const scores = [...previous, score];
  return { scores, total: sheet.total + score.points, onFire: rules.streaks && isOnFire(scores) };
}

/** A player's sheet from their games, oldest first. */
export const arenaSheet = (games: readonly ArenaGame[], rules: ArenaRules = LICHESS_ARENA): ArenaSheet =>
  games.reduce((sheet, game) => addGame(sheet, game, rules), EMPTY_SHEET);

/** A player free to be paired. */
export interface ArenaPlayer {
  readonly id: string;
  readonly score: number;
  readonly rating: number;
  /** Whom they played last, if anyone: they do not meet again at once. */
  readonly lastOpponent?: string;
  /** A game of more than two: whom they sat with at their last table; the same table is not made again at once. */
  readonly lastTable?: ReadonlySet<string>;
  /**
   * Whom they never meet here: a player either of the two blocks, an account of the same owner (a
   * player and their bot). An arena can always keep two apart, so it does: they wait for others.
   */
  readonly avoids?: ReadonlySet<string>;
}

/** Cost of a pair: places apart in the standings weigh this much more than rating points apart. */
export const RANK_WEIGHT = 1000;
/** Players matched exactly at once (lichess matches groups of 100): the matching is cubic, so a wave is cut into runs of neighbours. */
export const ARENA_RUN = 100;
/** Edges from each player to this many next in the standings: a good pair is near in them. */
export const ARENA_NEIGHBOURS = 10;

const byStanding = (a: ArenaPlayer, b: ArenaPlayer): number =>
  b.score - a.score || b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const rematch = (a: ArenaPlayer, b: ArenaPlayer): boolean => a.lastOpponent === b.id || b.lastOpponent === a.id;
const keptApart = (a: ArenaPlayer, b: ArenaPlayer): boolean => a.avoids?.has(b.id) === true || b.avoids?.has(a.id) === true;

/**
 * A wave: the free players paired by score then rating — the most pairs, then the least cost (places
 * apart × RANK_WEIGHT + rating apart) — never two who just met, unless they are the only two free
 * and `rematchIfAlone` (a small arena where nobody else will come free); never two kept apart (a
 * block, one owner), whatever the wave. Pairs in standings order;
 * whoever is left waits for the next wave. Colours are the caller's (each player's history).
 */
export function pairArenaWave(
  free: readonly ArenaPlayer[],
  options: { readonly rematchIfAlone?: boolean } = {},
): [ArenaPlayer, ArenaPlayer][] {
  const ranked = [...free].sort(byStanding);
  const [first, second] = ranked;
  if (first && second && ranked.length === 2 && options.rematchIfAlone) return keptApart(first, second) ? [] : [[first, second]];
  const pairs: [ArenaPlayer, ArenaPlayer][] = [];
  let left = ranked;
  // Two passes: the second pairs, among those left, neighbours a cut between runs kept apart.
  for (let pass = 0; pass < 2 && left.length >= 2; pass++) {
    const unmatched: ArenaPlayer[] = [];
    for (let from = 0; from < left.length; from += ARENA_RUN) {
      const run = left.slice(from, from + ARENA_RUN);
      const mate = matchRun(run);
      for (const [i, p] of run.entries()) {
        const j = mate[i] as number;
        if (j === -1) unmatched.push(p);
        else if (i < j) pairs.push([p, run[j] as ArenaPlayer]);
      }
    }
    left = unmatched;
  }
  return pairs.sort((x, y) => byStanding(x[0], y[0]));
}

function matchRun(run: readonly ArenaPlayer[]): Int32Array {
  const edges: WeightedEdge[] = [];
  const worst = ARENA_NEIGHBOURS * RANK_WEIGHT + 10_000;
  for (let i = 0; i < run.length; i++) {
    const a = run[i] as ArenaPlayer;
    for (let j = i + 1; j < run.length && j <= i + ARENA_NEIGHBOURS; j++) {
      const b = run[j] as ArenaPlayer;
      if (rematch(a, b) || keptApart(a, b)) continue;
      const cost = (j - i) * RANK_WEIGHT + Math.min(Math.abs(a.rating - b.rating), 9_999);
      edges.push({ a: i, b: j, weight: worst - cost });
    }
  }
  return maxWeightMatching(run.length, edges, true);
}

/** Whether `table` seats exactly the players one of them sat with last: the same game again. */
function repeatsLastTable(table: readonly ArenaPlayer[]): boolean {
  return table.some((p) => p.lastTable?.size === table.length - 1 && table.every((q) => q === p || p.lastTable?.has(q.id) === true));
}

/**
 * A wave of tables of `size` players, for a game of more than two (DiceWars): the free players in
 * standings order, each seated at the first table being laid where nobody is kept apart from them
 * and which their seat would not complete as the very table its players just left (unless
 * `rematchIfAlone`: the arena has no one else). Neighbours in the standings sit together, as an
 * arena pairs them; whoever is at a table left short waits for the next wave. Tables in standings
 * order, each in standings order (seats are the caller's, by each one's history).
 */
export function pairArenaTables(
  free: readonly ArenaPlayer[],
  size: number,
  options: { readonly rematchIfAlone?: boolean } = {},
): ArenaPlayer[][] {
  const laid: ArenaPlayer[][] = [];
  const full: ArenaPlayer[][] = [];
  for (const p of [...free].sort(byStanding)) {
    const fits = (table: ArenaPlayer[]) =>
      table.every((q) => !keptApart(p, q)) &&
      (table.length < size - 1 || options.rematchIfAlone === true || !repeatsLastTable([...table, p]));
    const at = laid.findIndex(fits);
    if (at === -1) {
      laid.push([p]);
      continue;
    }
    const table = laid[at] as ArenaPlayer[];
    table.push(p);
    if (table.length === size) {
      full.push(table);
      laid.splice(at, 1);
    }
  }
  return full.sort((x, y) => byStanding(x[0] as ArenaPlayer, y[0] as ArenaPlayer));
}
