import { refuse } from '@hexarena/engines/engine/refusal.ts';
import { ok, type Result } from '@hexarena/engines/engine/result.ts';
import { type GameType, parseGameType } from '@hexarena/engines/games/hive/index.ts';

/**
 * The words of boardspace.net's Hive records that are not steps: the setup line (`SU`), cells and
 * pieces. What each rule rests on is said in words in docs/hive-records.md.
 */

/**
 * boardspace's Hive board wrapped around at 26 columns and 26 rows (A–Z, 1–26) until its revision 101;
 * from 101 on its board has no edge and writes columns past Z and before A as `1Z`, `2Z`… and `1A`,
 * `2A`… (the count of columns beyond the letter).
 */
export const WRAP = 26;
export const FIRST_UNWRAPPED_REVISION = 101;

export interface Setup {
  readonly type: GameType;
  /** The revision the file states, if it states one. */
  readonly revision: number | null;
  /** Whether the file's coordinates are on the wrapping 26 × 26 board. */
  readonly wraps: boolean;
}

/**
 * `SU[hive-plm]`, or `SU[hive-plm 2 0 101]` with the number of players, the random key and the
 * revision after the variant (as boardspace's boards read their setup line: each number optional).
 * The variant is `hive` and the expansions' letters in any order (`hive-m`, `hive-pl`, `hive-plm`…);
 * Hive Ultimate (`hive-ultimate`, any mix of bugs) is not hexarena's game.
 */
export function parseSetup(su: string): Result<Setup> {
  const words = su.trim().split(/\s+/);
  const variant = words[0] ?? '';
  const m = /^hive(?:-([a-z]+))?$/i.exec(variant);
  const letters = (m?.[1] ?? '').toUpperCase();
  if (!m || !/^[LMP]*$/.test(letters) || new Set(letters).size !== letters.length)
    return refuse(
      'import.boardspace.variant',
      `"${su.slice(0, 40)}" is not a Hive variant hexarena plays (hive, hive-m, hive-l, hive-p, hive-lm, hive-pm, hive-pl, hive-plm)`,
      { text: su.slice(0, 40) },
    );
  const numbers = words.slice(1);
  if (numbers.some((w) => !/^-?\d{1,19}$/.test(w)))
    return refuse(
      'import.boardspace.numbers',
      `"${su.slice(0, 40)}": after the variant boardspace writes numbers only (players, random key, revision)`,
      { text: su.slice(0, 40) },
    );
  if (numbers.length > 3)
    return refuse('import.boardspace.tooManyNumbers', `"${su.slice(0, 40)}": more numbers than players, random key and revision`, {
      text: su.slice(0, 40),
    });
  if (numbers[0] !== undefined && Number(numbers[0]) !== 2)
    return refuse('import.boardspace.players', `"${su.slice(0, 40)}": a Hive game has 2 players, not ${numbers[0]}`, {
      text: su.slice(0, 40),
      players: (numbers[0] as string).slice(0, 20),
    });
  const type = parseGameType(letters === '' ? 'Base' : `Base+${letters}`);
  if (!type.ok) return type;
  const revision = numbers[2] === undefined ? null : Number(numbers[2]);
  return ok({ type: type.value, revision, wraps: revision === null || revision < FIRST_UNWRAPPED_REVISION });
}

/**
 * A column: a letter (`A` is 0, `Z` is 25), or past `Z` / before `A` the count and the letter — `1Z`
 * is 26, `3A` is −3. A lowercase letter is read as its capital.
 */
export function parseColumn(token: string | undefined): number | null {
  if (token === undefined) return null;
  if (/^[A-Za-z]$/.test(token)) return token.toUpperCase().charCodeAt(0) - 65;
  const m = /^(\d{1,3})([AZaz])$/.exec(token);
  if (!m) return null;
  const beyond = Number(m[1]);
  if (beyond === 0) return null;
  return (m[2] as string).toUpperCase() === 'Z' ? 25 + beyond : -beyond;
}

/** A row number; on the board without an edge it may be 0 or negative. */
export function parseRow(token: string | undefined): number | null {
  return token !== undefined && /^-?\d{1,3}$/.test(token) ? Number(token) : null;
}

export interface Cell {
  readonly col: number;
  readonly row: number;
}

export function parseCell(col: string | undefined, row: string | undefined): Cell | null {
  const c = parseColumn(col);
  const r = parseRow(row);
  return c === null || r === null ? null : { col: c, row: r };
}

export const sameCell = (a: Cell | undefined, b: Cell | undefined): boolean =>
  a !== undefined && b !== undefined && a.col === b.col && a.row === b.row;

/** `wQ`, `bS1`, `wM1`, or without a colour (`S1`, `Q`) in older files. */
export const PIECE = /^([wb])?([qsbgamlp])([1-9])?$/i;

/**
 * A piece as boardspace writes it, as a UHP name in the file's colours; `color` is used when the token
 * has none ('?' for "the mover's own", settled once the colours are). The Mosquito, Ladybug and
 * Pillbug are `M1`, `L1`, `P1` or `M`, `L`, `P` (UHP's `wM`, `wL`, `wP`); the Queen is `Q`.
 */
export function pieceName(token: string, color: string): Result<string> {
  if (/^[wb]?op1?$/i.test(token))
    return refuse(
      'import.boardspace.oldPillbug',
      `"${token}": the original Pillbug of boardspace's first Pillbug rules is not hexarena's`,
      {
        text: token.slice(0, 20),
      },
    );
  const m = PIECE.exec(token);
  if (!m) return refuse('import.boardspace.notAPiece', `"${token}" is not a Hive piece`, { text: token.slice(0, 20) });
  const bug = (m[2] as string).toUpperCase();
  const number = m[3] ?? '';
  const single = 'QMLP'.includes(bug);
  if (single && number !== '' && number !== '1')
    return refuse('import.boardspace.onlyOne', `"${token}": there is one ${bug} a side`, { text: token.slice(0, 20), bug });
  if (!single && number === '')
    return refuse('import.boardspace.whichOne', `"${token}": say which one (${bug}1, ${bug}2…)`, { text: token.slice(0, 20), bug });
  return ok(`${(m[1] ?? color).toLowerCase()}${bug}${single ? '' : number}`);
}
