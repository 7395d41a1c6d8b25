import { COUNT_OF_BUG, expansionsOf, type GameType, parseGameType } from '@hexarena/engines/games/hive/pieces.ts';
import { DIRECTIONS } from '@hexarena/engines/hex/coords.ts';
import { bugNumber, SEED_COLORS, SEED_TYPES, type SeedGame, type SeedPiece, toAxial } from './board.ts';

/**
 * Whether a game a referee sent can be a game of Hive at all, and if not, why: hexarena's player
 * answers only games it can stand behind, so a referee with a broken board hears what is broken
 * rather than getting a move for some other game.
 */

const PLURALS: Readonly<Record<string, string>> = { mosquito: 'mosquitoes' };
const many = (n: number, type: string) => `${n} ${n === 1 ? type : (PLURALS[type] ?? `${type}s`)}`;
const named = (p: SeedPiece) => `the ${p.color} ${SEED_TYPES[bugNumber(p.type)]} on (${p.x}, ${p.y})`;

/** The game type a game's pieces show (the seed does not say it): the expansions any piece belongs to. */
export function gameTypeOf(game: SeedGame): GameType {
  const bugs = new Set([...game.board.map((p) => bugNumber(p.type)), ...game.remaining_pieces.flatMap((r) => r.pieces.map(bugNumber))]);
  const letters = [bugs.has(5) ? 'M' : '', bugs.has(6) ? 'L' : '', bugs.has(7) ? 'P' : ''].join('');
  const type = parseGameType(letters ? `Base+${letters}` : 'Base');
  return type.ok ? type.value : 'Base';
}

/** Why a game (of a valid shape) cannot be a position of Hive, or null when it can. */
export function whyImpossible(game: SeedGame): string | null {
  return handsMissing(game) ?? countsWrong(game) ?? stacksWrong(game) ?? hiveBroken(game) ?? queenLate(game);
}

function handsMissing(game: SeedGame): string | null {
  for (const color of SEED_COLORS) {
    const n = game.remaining_pieces.filter((r) => r.player === color).length;
    if (n !== 1) return `"remaining_pieces" has ${n === 0 ? 'no entry' : `${n} entries`} for ${color}`;
  }
  return null;
}

/** Each player's pieces on the board and in hand make one Hive set of the game's type. */
function countsWrong(game: SeedGame): string | null {
  const type = gameTypeOf(game);
  const x = expansionsOf(type);
  const inGame = [true, true, true, true, true, x.mosquito, x.ladybug, x.pillbug];
  for (const color of SEED_COLORS) {
    const hand = game.remaining_pieces.find((r) => r.player === color)?.pieces ?? [];
    for (let bug = 0; bug < SEED_TYPES.length; bug++) {
      const board = game.board.filter((p) => p.color === color && bugNumber(p.type) === bug).length;
      const held = hand.filter((t) => bugNumber(t) === bug).length;
      const set = inGame[bug] ? (COUNT_OF_BUG[bug] as number) : 0;
      if (board + held !== set)
        return `${color} has ${many(board + held, SEED_TYPES[bug] as string)} (${board} on the board, ${held} in remaining_pieces), but a player of ${type} has ${set}`;
    }
  }
  return null;
}

/** Stacks rise from the ground one piece at a time, and only beetles and mosquitoes (as beetles) climb. */
function stacksWrong(game: SeedGame): string | null {
  const at = new Map<string, SeedPiece>();
  for (const p of game.board) {
    const key = `${p.x},${p.y},${p.height}`;
    if (at.has(key)) return `two pieces on (${p.x}, ${p.y}) at height ${p.height}`;
    at.set(key, p);
  }
  for (const p of game.board)
    if (p.height > 0 && !at.has(`${p.x},${p.y},${p.height - 1}`)) return `${named(p)} at height ${p.height} has nothing under it`;
  for (const p of game.board)
    if (p.height > 0 && bugNumber(p.type) !== 2 && bugNumber(p.type) !== 5)
      return `${named(p)} at height ${p.height} is on the hive, where only beetles and mosquitoes climb`;
  return null;
}

/** One hive: every stack joined to every other through stacks next to each other. */
function hiveBroken(game: SeedGame): string | null {
  const ground = game.board.filter((p) => p.height === 0);
  const first = ground[0];
  if (!first) return null;
  const key = (q: number, r: number) => `${q},${r}`;
  const cells = new Set(ground.map((p) => toAxial(p.x, p.y)).map((h) => key(h.q, h.r)));
  const start = toAxial(first.x, first.y);
  const reached = new Set([key(start.q, start.r)]);
  const queue = [start];
  for (let h = queue.pop(); h; h = queue.pop())
    for (const d of DIRECTIONS) {
      const k = key(h.q + d.q, h.r + d.r);
      if (cells.has(k) && !reached.has(k)) {
        reached.add(k);
        queue.push({ q: h.q + d.q, r: h.r + d.r });
      }
    }
  const apart = ground.find((p) => {
    const h = toAxial(p.x, p.y);
    return !reached.has(key(h.q, h.r));
  });
  return apart ? `the hive is in more than one part: nothing joins ${named(apart)} to ${named(first)}` : null;
}

/** A player sets its queen by its fourth turn, and moves nothing before: four pieces without a queen cannot be. */
function queenLate(game: SeedGame): string | null {
  for (const color of SEED_COLORS) {
    const mine = game.board.filter((p) => p.color === color);
    if (mine.length >= 4 && !mine.some((p) => bugNumber(p.type) === 0))
      return `${color} has ${mine.length} pieces on the board and no queen: a player sets its queen by its fourth turn`;
  }
  return null;
}
