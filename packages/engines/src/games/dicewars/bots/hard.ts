import type { Agent } from '../../../engine/agent.ts';
import { ATTACK_ODDS, fractionValue, strengthWinProbability } from '../odds.ts';
import { type DiceWarsMove, type DiceWarsPosition, MAX_DICE, MAX_STOCK, MAX_STRENGTH } from '../position.ts';

/**
 * hexarena's DiceWars player. One attack at a time, thinking again after each battle (the dice
 * change everything). Each attack is scored by expectation: P(win) × value after winning +
 * P(lose) × value after losing, where each outcome is worth the best that can follow it this turn
 * (expectimax over the next attacks); it attacks while the best attack beats stopping. The value of a position for a player is what decides DiceWars:
 *  - the largest connected group, which is the reinforcement every turn;
 *  - the dice it will hold after this turn's reinforcement (room and stock permitting);
 *  - the territories it holds;
 *  - minus the exposure of its territories: for each, the best odds an adjacent enemy has
 *    against it, weighted more inside the largest group, where a loss cuts the supply.
 */
export interface HardWeights {
  readonly group: number;
  readonly territories: number;
  readonly dice: number;
  readonly exposure: number;
  readonly groupExposure: number;
  /** An attack must gain at least this much to be worth the risk. */
  readonly margin: number;
  /** How much a smaller enemy stack threatens (cautious players rarely attack uphill). */
  readonly uphill: number;
  /** Holding more than 2/5 of all dice turns every reference bot against you. */
  readonly leader: number;
  /** Weight of the opponents' strength (largest group, dice, territories), shared among those alive. */
  readonly opponents: number;
  /** Attacks looked ahead in a row (1: each attack on its own). */
  readonly depth: number;
  /** How many of the best-looking attacks get the deeper look. */
  readonly breadth: number;
  /**
   * Threats follow chains of conquest (classic rules), not just the first ring. Every enemy's
   * chains count, which is right against one opponent and too gloomy in a crowd.
   */
  readonly chains: boolean;
}

/**
 * Tuned against the reference bot (bench/dicewars.ts, 2,000-game runs): a crowd rewards staying out
 * of fights, patience (a small margin) and never becoming the leader everybody attacks; a duel
 * rewards a big, safe largest group and territory. Looking two attacks ahead (depth 2) raised the
 * 8-player win rate from about 49% to 51%; with that look-ahead, weighing the opponents' strength
 * only hurt (opponents 0.5 → 0: 51% → 56–58%), as the exposure terms already count what they threaten.
 * In a duel, threats that follow chains of conquest raised the win rate from about 60% to 63–65%.
 * Against seven, on maps paired from every seat: margin 0.2 → 0.5 with leader 4 → 2 won 60.2% of
 * 6,000 games instead of 58.6% (+1.6 to +1.9 on each of three seeds; docs/dicewars-duel.md).
 */
export const CROWD_WEIGHTS: HardWeights = {
  group: 2,
  territories: 0,
  dice: 0.9,
  exposure: 3,
  groupExposure: 3,
  margin: 0.5,
  uphill: 0.4,
  leader: 2,
  opponents: 0,
  depth: 2,
  breadth: 6,
  chains: false,
};

export const DUEL_WEIGHTS: HardWeights = {
  group: 5,
  territories: 2,
  dice: 0.7,
  exposure: 1,
  groupExposure: 3,
  margin: 0.2,
  uphill: 0.15,
  leader: 0,
  opponents: 0,
  depth: 2,
  breadth: 6,
  chains: true,
};

/**
 * The strength rules reward relentless action: a defender that holds keeps only its roll minus the
 * attacker's, so even a losing attack costs the enemy half its strength. Keep acting while
 * anything is not clearly bad (a negative margin), and grow the largest group. One attack at a
 * time: a 20×20 game runs thousands of moves, and the deeper look was not measured to help here.
 */
export const STRENGTH_WEIGHTS: HardWeights = { ...CROWD_WEIGHTS, group: 4, margin: -5, leader: 0, opponents: 0.5, depth: 1 };

/** The weights for a position: by rule set, and the duel set once only two classic players are left. */
export const weightsFor = (pos: DiceWarsPosition): HardWeights =>
  pos.rules === 'strength' ? STRENGTH_WEIGHTS : pos.seatsLeft() > 2 ? CROWD_WEIGHTS : DUEL_WEIGHTS;

/** Win odds for an attack from `from` on `to`, in either rule set. */
function odds(pos: DiceWarsPosition, from: number, to: number): number {
  if (pos.rules === 'classic') return ATTACK_ODDS[pos.dice[from] as number]?.[pos.dice[to] as number] as number;
  if (pos.owner[to] === -1) return 1;
  return fractionValue(strengthWinProbability(pos.dice[from] as number, pos.dice[to] as number));
}

function defenceOdds(pos: DiceWarsPosition, attackerDice: number, defenderDice: number): number {
  if (pos.rules === 'classic') return ATTACK_ODDS[attackerDice]?.[defenderDice] as number;
  return fractionValue(strengthWinProbability(attackerDice, defenderDice));
}

// Scratch for the group search: evaluation runs thousands of times a game.
let groupOf = new Int16Array(0);
let stackScratch = new Int16Array(0);
const bestSize = new Int32Array(8);
const playerDice = new Int32Array(8);
const playerTerritories = new Int32Array(8);

export function positionValue(pos: DiceWarsPosition, me: number, w: HardWeights = weightsFor(pos)): number {
  const { board, owner, dice } = pos;
  const n = board.territories;
  if (groupOf.length < n) {
    groupOf = new Int16Array(n);
    stackScratch = new Int16Array(n);
  }
  groupOf.fill(-1, 0, n);
  // One pass labels every player's groups: the size of each player's largest, and which group is ours.
  bestSize.fill(0);
  let bestGroup = -1;
  let territories = 0;
  let held = 0;
  let room = 0;
  const cap = pos.rules === 'classic' ? MAX_DICE : MAX_STRENGTH;
  playerDice.fill(0);
  playerTerritories.fill(0);
  for (let t = 0; t < n; t++) {
    const o = owner[t] as number;
    if (o < 0) continue;
    playerDice[o] = (playerDice[o] as number) + (dice[t] as number);
    playerTerritories[o] = (playerTerritories[o] as number) + 1;
    if (o === me) {
      territories++;
      held += dice[t] as number;
      room += cap - (dice[t] as number);
    }
    if ((groupOf[t] as number) >= 0) continue;
    let size = 0;
    let top = 0;
    stackScratch[top++] = t;
    groupOf[t] = t;
    while (top > 0) {
      const u = stackScratch[--top] as number;
      size++;
      for (let e = board.adjStart[u] as number; e < (board.adjStart[u + 1] as number); e++) {
        const v = board.adjacency[e] as number;
        if (owner[v] === o && groupOf[v] === -1) {
          groupOf[v] = t;
          stackScratch[top++] = v;
        }
      }
    }
    if (size > (bestSize[o] as number)) {
      bestSize[o] = size;
      if (o === me) bestGroup = t;
    }
  }
  const best = bestSize[me] as number;
  if (territories === 0) return -1e6;
  const stock = pos.rules === 'classic' ? Math.min(MAX_STOCK, (pos.stock[me] as number) + best) : best;
  const diceAfter = held + Math.min(stock, room);
  let exposure = 0;
  const chains = w.chains && pos.rules === 'classic';
  if (chains) chainThreats(pos, me, w.uphill);
  for (let t = 0; t < n; t++) {
    if (owner[t] !== me) continue;
    let worst = 0;
    if (chains) worst = threat[t] as number;
    else {
      for (let e = board.adjStart[t] as number; e < (board.adjStart[t + 1] as number); e++) {
        const u = board.adjacency[e] as number;
        const o = owner[u] as number;
        if (o === me || o < 0 || (dice[u] as number) < 2) continue;
        const du = dice[u] as number;
        const dt = dice[t] as number;
        const p = defenceOdds(pos, du, dt) * willingness(du, dt, w.uphill);
        if (p > worst) worst = p;
      }
    }
    exposure += worst * (groupOf[t] === bestGroup ? w.groupExposure : w.exposure);
  }
  let leader = 0;
  if (pos.seatsLeft() > 2) {
    let total = 0;
    for (let t = 0; t < n; t++) if ((owner[t] as number) >= 0) total += dice[t] as number;
    if (held * 5 > total * 2) leader = w.leader;
  }
  let rivals = 0;
  let alive = 0;
  for (let s = 0; s < pos.players; s++) {
    if (s === me || playerTerritories[s] === 0) continue;
    alive++;
    rivals +=
      w.group * (bestSize[s] as number) +
      w.territories * (playerTerritories[s] as number) +
      w.dice * ((playerDice[s] as number) / (cap / 8));
  }
  const own = w.group * best + w.territories * territories + w.dice * (diceAfter / (cap / 8)) - exposure - leader;
  return own - (alive > 0 ? (w.opponents * rivals) / alive : 0);
}

/** How often an enemy stack attacks one of `defender` dice: always downhill, nine times in ten on an equal stack, `uphill` else. */
const willingness = (attacker: number, defender: number, uphill: number): number =>
  attacker > defender ? 1 : attacker === defender ? 0.9 : uphill;

// Scratch for chain threats: reach[t * 9 + s] is the best chance that an enemy stack of s dice stands on t.
let reach = new Float64Array(0);
let threat = new Float64Array(0);

/**
 * Classic rules: for each of `me`'s territories, the best chance that some enemy stack takes it on
 * the enemy's next turn, following chains: a stack that wins moves in with one die less and may win
 * again, so a big stack threatens territories several steps away (each step weighed by
 * `willingness`). Fills `threat`.
 */
function chainThreats(pos: DiceWarsPosition, me: number, uphill: number): void {
  const { board, owner, dice } = pos;
  const n = board.territories;
  if (reach.length < n * 9) {
    reach = new Float64Array(n * 9);
    threat = new Float64Array(n);
  }
  reach.fill(0, 0, n * 9);
  threat.fill(0, 0, n);
  for (let t = 0; t < n; t++) {
    const o = owner[t] as number;
    if (o !== me && o >= 0) reach[t * 9 + (dice[t] as number)] = 1;
  }
  // Stacks only shrink along a chain, so one sweep from the largest down settles every chance.
  for (let s = MAX_DICE; s >= 2; s--) {
    const row = ATTACK_ODDS[s] as Float64Array;
    for (let t = 0; t < n; t++) {
      const here = reach[t * 9 + s] as number;
      if (here === 0) continue;
      for (let e = board.adjStart[t] as number; e < (board.adjStart[t + 1] as number); e++) {
        const v = board.adjacency[e] as number;
        if (owner[v] !== me) continue;
        const dv = dice[v] as number;
        const q = here * (row[dv] as number) * willingness(s, dv, uphill);
        if (q > (threat[v] as number)) threat[v] = q;
        if (q > (reach[v * 9 + s - 1] as number)) reach[v * 9 + s - 1] = q;
      }
    }
  }
}

/** Strength rules: the defender's expected strength after it holds against F = a (rounded). */
function defenderAfterHolding(a: number, d: number): number {
  let total = 0;
  let count = 0;
  for (let x = 1; x < a; x++) {
    for (let y = x; y <= d; y++) {
      total += Math.max(1, y - x);
      count++;
    }
  }
  return count === 0 ? d : Math.max(1, Math.round(total / count));
}

type Attack = Exclude<DiceWarsMove, { type: 'end' }>;

/** An attack's chance, and its value when won and when lost, each position made in place and undone. */
function tryAttack(
  pos: DiceWarsPosition,
  from: number,
  to: number,
  value: () => number,
  now: number,
): { p: number; win: number; lose: number } {
  const { owner, dice } = pos;
  const me = owner[from] as number;
  const a = dice[from] as number;
  const o = owner[to] as number;
  const d = dice[to] as number;
  const p = odds(pos, from, to);
  let win = now;
  if (p > 0) {
    owner[to] = me;
    dice[to] = pos.rules === 'classic' || o === -1 ? a - 1 : Math.max(1, Math.ceil((a - d) / 2));
    dice[from] = 1;
    win = value();
    owner[to] = o;
    dice[to] = d;
  }
  let lose = now;
  if (p < 1) {
    dice[from] = 1;
    // Strength rules: even a defender that holds keeps only its roll minus the attacker's.
    if (pos.rules === 'strength' && o >= 0) dice[to] = defenderAfterHolding(a, d);
    lose = value();
    dice[to] = d;
  }
  dice[from] = a;
  return { p, win, lose };
}

/**
 * Expectimax over this turn's attacks: an attack is worth its chance times the best continuation
 * after winning plus the rest times the best after losing; stopping is worth the position plus
 * `margin` (a sure thing over a gamble). Every attack gets the one-attack look; the `breadth`
 * best of those get `depth` − 1 more, which is what lets hard see chains (a win that opens the
 * way to a second, or joins two groups in two steps).
 */
function expectimax(pos: DiceWarsPosition, me: number, w: HardWeights, depth: number): { value: number; move: Attack | null } {
  const now = positionValue(pos, me, w);
  const stop = now + w.margin;
  const { board, owner, dice } = pos;
  const candidates: { move: Attack; value: number }[] = [];
  const shallow = () => positionValue(pos, me, w);
  for (let from = 0; from < board.territories; from++) {
    if (owner[from] !== me || (dice[from] as number) < 2) continue;
    for (let e = board.adjStart[from] as number; e < (board.adjStart[from + 1] as number); e++) {
      const to = board.adjacency[e] as number;
      const o = owner[to] as number;
      if (o === me) continue;
      const { p, win, lose } = tryAttack(pos, from, to, shallow, now);
      candidates.push({ move: { type: o === -1 ? 'expand' : 'attack', from, to }, value: p * win + (1 - p) * lose });
    }
  }
  let chosen = candidates;
  if (depth > 1) {
    // The rest are not worth a deeper look (and their one-attack values would not compare).
    chosen = candidates.sort((x, y) => y.value - x.value).slice(0, w.breadth);
    const deeper = () => expectimax(pos, me, w, depth - 1).value;
    for (const c of chosen) {
      const { p, win, lose } = tryAttack(pos, c.move.from, c.move.to, deeper, now);
      c.value = p * win + (1 - p) * lose;
    }
  }
  let best: Attack | null = null;
  let bestValue = stop;
  for (const c of chosen) {
    if (c.value > bestValue) {
      bestValue = c.value;
      best = c.move;
    }
  }
  return { value: Math.max(bestValue, now), move: best };
}

/** The best attack by expected value, or null when stopping is at least as good. */
export function bestAttack(pos: DiceWarsPosition, w: HardWeights = weightsFor(pos)): Attack | null {
  return expectimax(pos, pos.seat, w, w.depth).move;
}

/** `weights` fixes one set (for tuning); by default the set follows the number of players alive. */
export function hardAgent(name = 'hard', weights?: HardWeights): Agent<DiceWarsPosition, DiceWarsMove> {
  return {
    name,
    async choose(_game, pos) {
      return bestAttack(pos, weights ?? weightsFor(pos)) ?? { type: 'end' };
    },
  };
}
