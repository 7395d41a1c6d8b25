import type { GameDefinition, Json, Player } from '@hexarena/engines/engine/game.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import type { Puzzle } from './puzzle.ts';

/** A file of puzzles as `hexarena puzzles mine` writes it: the game, the turns it proved, the puzzles. */
export interface PuzzleSet {
  readonly game: string;
  readonly turns: number;
  readonly puzzles: readonly Puzzle[];
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isTexts = (v: unknown): v is string[] => Array.isArray(v) && v.every(isText);
const isCount = (v: unknown, least: number): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= least;

/** What is wrong with one puzzle's fields, or null; the moves themselves are checked against the rules later. */
function puzzleProblem(p: Record<string, unknown>, game: string, turns: number): string | null {
  if (!isText(p.id) || !/^[\w-]+$/.test(p.id)) return 'id: expected letters, digits and dashes';
  if (p.game !== game) return `game: expected "${game}", as the set says`;
  if (typeof p.options !== 'object' || p.options === null) return 'options: expected an object';
  if (!isText(p.seed)) return 'seed: expected text';
  if (!isTexts(p.moves)) return 'moves: expected a list of move texts';
  if (!isCount(p.solver, 0)) return 'solver: expected a seat number';
  if (!isCount(p.turns, 1) || p.turns > turns) return `turns: expected a whole number from 1 to ${turns}`;
  // The main line alternates the solver's turns and the defence's, and ends on the solver's win.
  if (!isTexts(p.solution) || p.solution.length !== 2 * p.turns - 1) return `solution: expected ${2 * Number(p.turns) - 1} move texts`;
  if (!isTexts(p.themes)) return 'themes: expected a list of texts';
  if (!isText(p.source)) return 'source: expected text';
  return null;
}

/** Reads a puzzle file (untrusted: any JSON) into a set, or says where it is malformed. */
export function parsePuzzleSet(json: unknown): Result<PuzzleSet> {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return fail('expected an object { game, turns, puzzles }, as hexarena puzzles mine writes');
  const set = json as Record<string, unknown>;
  if (!isText(set.game)) return fail('game: expected the name of a game');
  if (!isCount(set.turns, 1)) return fail('turns: expected a whole number of at least 1');
  if (!Array.isArray(set.puzzles)) return fail('puzzles: expected a list');
  const ids = new Set<string>();
  for (const [i, p] of set.puzzles.entries()) {
    if (typeof p !== 'object' || p === null || Array.isArray(p)) return fail(`puzzles[${i}]: expected an object`);
    const problem = puzzleProblem(p as Record<string, unknown>, set.game, set.turns);
    if (problem) return fail(`puzzles[${i}].${problem}`);
    const { id } = p as Puzzle;
    if (ids.has(id)) return fail(`puzzles[${i}].id: ${id} is in the set twice`);
    ids.add(id);
  }
  return ok({ game: set.game, turns: set.turns, puzzles: set.puzzles as Puzzle[] });
}

/** A puzzle set up on the board: its position, and the positions along its main line (the last one won). */
export interface PuzzleLine<S, O> {
  readonly options: O;
  readonly position: S;
  /** The move that led to the position, as the game writes it, and who played it; null at the game's start. */
  readonly last: { readonly move: string; readonly by: Player } | null;
  /** The main line's moves as the game writes them (a file may spell a move otherwise), and the position after each. */
  readonly solution: readonly string[];
  readonly line: readonly S[];
}

/**
 * Plays a puzzle's moves and its main line by the rules, each move text read as untrusted: a move
 * the rules refuse, or a line that does not end in the solver's win, is named.
 */
export function setUpPuzzle<S, M, O>(game: GameDefinition<S, M, O>, puzzle: Puzzle): Result<PuzzleLine<S, O>> {
  const options = game.parseOptions(puzzle.options as Json);
  if (!options.ok) return fail(`options: ${options.error.message}`);
  let state = game.newGame(options.value, puzzle.seed);
  /** Plays one move text; the move as the game writes it, with who played it. */
  const play = (text: string, where: string): Result<{ move: string; by: Player }> => {
    if (game.result(state) !== null) return fail(`${where} "${text}": the game is already over`);
    const move = game.parseMove(state, text);
    if (!move.ok) return fail(`${where} "${text}": ${move.error.message}`);
    const played = { move: game.formatMove(state, move.value), by: game.toMove(state) ?? 0 };
    state = game.play(state, move.value);
    return ok(played);
  };
  let last: PuzzleLine<S, O>['last'] = null;
  for (const [i, text] of puzzle.moves.entries()) {
    const played = play(text, `move ${i + 1}`);
    if (!played.ok) return played;
    last = played.value;
  }
  const position = state;
  if (game.toMove(position) !== puzzle.solver) return fail(`solver: seat ${puzzle.solver} is not to move in the position`);
  const solution: string[] = [];
  const line: S[] = [];
  for (const [i, text] of puzzle.solution.entries()) {
    const played = play(text, `solution move ${i + 1}`);
    if (!played.ok) return played;
    solution.push(played.value.move);
    line.push(state);
  }
  const outcome = game.result(state);
  if (outcome?.kind !== 'win' || outcome.winner !== puzzle.solver) return fail('solution: the main line does not end in the solver’s win');
  return ok({ options: options.value, position, last, solution, line });
}
