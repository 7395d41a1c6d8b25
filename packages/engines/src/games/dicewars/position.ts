import { refuse } from '../../engine/refusal.ts';
import type { Result } from '../../engine/result.ts';
import type { Rng } from '../../engine/rng.ts';
import { type DiceWarsBoard, largestGroup, neighboursOf } from './board.ts';

export const RULE_SETS = ['classic', 'strength'] as const;
export type RuleSet = (typeof RULE_SETS)[number];

/** Classic: dice per territory. Strength: strength per cell. */
export const MAX_DICE = 8;
export const MAX_STRENGTH = 48;
export const MAX_STOCK = 64;

export type DiceWarsMove =
  | { readonly type: 'attack'; readonly from: number; readonly to: number }
  | { readonly type: 'expand'; readonly from: number; readonly to: number }
  | { readonly type: 'end' };

/** What the last move did, for battle logs and replays. */
export type Report =
  | {
      readonly type: 'attack';
      readonly seat: number;
      readonly defender: number;
      readonly from: number;
      readonly to: number;
      readonly attack: readonly number[];
      readonly defence: readonly number[];
      readonly won: boolean;
      /** The defender was eliminated by this battle. */
      readonly eliminated: boolean;
    }
  | { readonly type: 'expand'; readonly seat: number; readonly from: number; readonly to: number }
  | { readonly type: 'end'; readonly seat: number; readonly supply: number; readonly placed: number; readonly stock: number };

/**
 * A DiceWars position, mutable for speed (bots try attacks on clones). Seats are players 0..P−1;
 * `order` is the shuffled turn order. Every random draw comes from `rng`, which the position owns,
 * so a game replays exactly from its seed and moves.
 */
export class DiceWarsPosition {
  constructor(
    readonly rules: RuleSet,
    readonly board: DiceWarsBoard,
    /** Owner seat per territory; -1 for an empty cell (strength rule set). */
    readonly owner: Int8Array,
    /** Dice (classic) or strength (strength rule set) per territory. */
    readonly dice: Uint8Array,
    readonly order: readonly number[],
    /** Index into `order` of the player to move. */
    public turn: number,
    /** Dice waiting to be placed, per seat (classic). */
    readonly stock: Int32Array,
    /** Rounds completed: the turn has passed the end of `order` this many times. */
    public round: number,
    /** Seats in the order they were eliminated. */
    readonly out: number[],
    public rng: Rng,
    public last: Report | null,
    /** Infinity for a game without a round cap. */
    readonly maxRounds: number,
    /** Attacks and expansions made in the current turn. */
    public movesThisTurn = 0,
  ) {}

  /** A copy to change freely; `rng` gives the copy other dice than this position's (a determinization). */
  clone(rng: Rng = this.rng.clone()): DiceWarsPosition {
    return new DiceWarsPosition(
      this.rules,
      this.board,
      this.owner.slice(),
      this.dice.slice(),
      this.order,
      this.turn,
      this.stock.slice(),
      this.round,
      [...this.out],
      rng,
      this.last,
      this.maxRounds,
      this.movesThisTurn,
    );
  }

  get players(): number {
    return this.order.length;
  }

  /** The seat to move (also after the game has ended: the last one who moved). */
  get seat(): number {
    return this.order[this.turn] as number;
  }

  territoriesOf(seat: number): number {
    let n = 0;
    for (const o of this.owner) if (o === seat) n++;
    return n;
  }

  alive(seat: number): boolean {
    return !this.out.includes(seat);
  }

  /** How many seats are still in: a game of eight plays as a duel once six are out. */
  seatsLeft(): number {
    return this.players - this.out.length;
  }

  /** The single player left, or -1. */
  winner(): number {
    return this.seatsLeft() === 1 ? (this.order.find((s) => !this.out.includes(s)) as number) : -1;
  }

  isOver(): boolean {
    return this.winner() >= 0 || this.round >= this.maxRounds;
  }

  largestGroup(seat: number): number {
    return largestGroup(this.board, this.owner, seat);
  }

  legalMoves(): DiceWarsMove[] {
    if (this.isOver()) return [];
    const seat = this.seat;
    const moves: DiceWarsMove[] = [];
    for (let t = 0; t < this.board.territories; t++) {
      if (this.owner[t] !== seat || (this.dice[t] as number) < 2) continue;
      for (const u of neighboursOf(this.board, t)) {
        const o = this.owner[u] as number;
        if (o === seat) continue;
        moves.push({ type: o < 0 ? 'expand' : 'attack', from: t, to: u });
      }
    }
    moves.push({ type: 'end' });
    return moves;
  }

  /** Why a move is not legal, or null when it is. */
  refusal(move: DiceWarsMove): Result<never, Error> | null {
    if (this.isOver()) return refuse('rules.gameOver', 'the game is over');
    if (move.type === 'end') return null;
    const { from, to } = move;
    const t = this.board.territories;
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < 0 || from >= t || to >= t)
      return refuse('dicewars.numbered', `territories are numbered 0 to ${t - 1}`, { last: t - 1 });
    if (this.owner[from] !== this.seat) return refuse('dicewars.notYours', `${from} is not yours`, { from });
    if ((this.dice[from] as number) < 2)
      return refuse('dicewars.tooFew', `${from} needs at least 2 ${this.rules === 'classic' ? 'dice' : 'strength'} to ${move.type}`, {
        from,
        rules: this.rules,
        verb: move.type,
      });
    if (!neighboursOf(this.board, from).includes(to)) return refuse('dicewars.notBordering', `${to} does not border ${from}`, { from, to });
    const o = this.owner[to] as number;
    if (o === this.seat) return refuse('dicewars.alreadyYours', `${to} is already yours`, { to });
    if (move.type === 'expand' && o >= 0) return refuse('dicewars.held', `${to} is held by a player: attack it`, { to });
    if (move.type === 'attack' && o < 0) return refuse('dicewars.empty', `${to} is empty: expand into it`, { to });
    return null;
  }

  /** Plays a legal move. */
  play(move: DiceWarsMove): Report {
    const report =
      move.type === 'end' ? this.endTurn() : move.type === 'expand' ? this.expand(move.from, move.to) : this.attack(move.from, move.to);
    this.movesThisTurn = move.type === 'end' ? 0 : this.movesThisTurn + 1;
    this.last = report;
    return report;
  }

  private attack(from: number, to: number): Report {
    const seat = this.seat;
    const defender = this.owner[to] as number;
    const a = this.dice[from] as number;
    const d = this.dice[to] as number;
    const classic = this.rules === 'classic';
    const attack = classic ? this.roll(a) : [this.rng.between(1, a - 1)];
    const defence = classic ? this.roll(d) : [this.rng.between(1, d)];
    const battle = classic ? classicBattle(a, attack, defence) : strengthBattle(attack[0] as number, defence[0] as number);
    const won = battle.won;
    this.dice[to] = battle.defenderAfter;
    this.dice[from] = 1;
    let eliminated = false;
    if (won) {
      this.owner[to] = seat;
      if (!this.owner.includes(defender)) {
        this.out.push(defender);
        eliminated = true;
      }
    }
    return { type: 'attack', seat, defender, from, to, attack, defence, won, eliminated };
  }

  /** `n` dice rolled (a loop, not Array.from: battles are the hottest path of a bot's game). */
  private roll(n: number): number[] {
    const faces: number[] = [];
    for (let i = 0; i < n; i++) faces.push(this.rng.between(1, 6));
    return faces;
  }

  private expand(from: number, to: number): Report {
    this.owner[to] = this.seat;
    this.dice[to] = (this.dice[from] as number) - 1;
    this.dice[from] = 1;
    return { type: 'expand', seat: this.seat, from, to };
  }

  /**
   * Reinforcement, then the next living player. Classic: the largest group goes into the stock
   * (capped at 64) and the stock is placed a die at a time on random territories with room; what
   * does not fit waits. Strength: the largest group is placed a point at a time, and the rest is lost.
   */
  private endTurn(): Report {
    const seat = this.seat;
    const supply = this.largestGroup(seat);
    const cap = this.rules === 'classic' ? MAX_DICE : MAX_STRENGTH;
    let stock = this.rules === 'classic' ? Math.min(MAX_STOCK, (this.stock[seat] as number) + supply) : supply;
    const own: number[] = [];
    for (let t = 0; t < this.board.territories; t++) if (this.owner[t] === seat && (this.dice[t] as number) < cap) own.push(t);
    let placed = 0;
    while (stock > 0 && own.length > 0) {
      const i = this.rng.int(own.length);
      const t = own[i] as number;
      this.dice[t] = (this.dice[t] as number) + 1;
      stock--;
      placed++;
      if (this.dice[t] === cap) {
        own[i] = own[own.length - 1] as number;
        own.pop();
      }
    }
    this.stock[seat] = this.rules === 'classic' ? stock : 0;
    do {
      this.turn++;
      if (this.turn === this.order.length) {
        this.turn = 0;
        this.round++;
      }
    } while (!this.alive(this.seat));
    return { type: 'end', seat, supply, placed, stock: this.stock[seat] as number };
  }
}

function sum(xs: readonly number[]): number {
  let total = 0;
  for (const x of xs) total += x;
  return total;
}

/** What a battle leaves on the target territory, and whether the attacker took it. The source always keeps 1. */
export interface BattleOutcome {
  readonly won: boolean;
  /** Dice (or strength) on the target afterwards, whoever holds it. */
  readonly defenderAfter: number;
}

/** Classic: a strictly greater sum wins; the winner moves in with all dice but one; a loser's target is untouched. */
export function classicBattle(attackDice: number, attack: readonly number[], defence: readonly number[]): BattleOutcome {
  const won = sum(attack) > sum(defence);
  return { won, defenderAfter: won ? attackDice - 1 : defence.length };
}

/**
 * Strength: attack roll against defence roll. A win takes the cell with attack − 1 (at least 1);
 * a loss leaves the defender max(1, defence − attack).
 */
export function strengthBattle(attackRoll: number, defenceRoll: number): BattleOutcome {
  const won = attackRoll > defenceRoll;
  return { won, defenderAfter: won ? Math.max(1, attackRoll - 1) : Math.max(1, defenceRoll - attackRoll) };
}
