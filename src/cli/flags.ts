import { type Command, InvalidArgumentError } from 'commander';

export function positiveInt(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return n;
}

/** A whole number from `min` to `max`, written in decimal digits only ("0x10", "1e3" and "" are mistakes). */
export function wholeNumber(min: number, max: number): (text: string) => number {
  return (text) => {
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return n;
  };
}

/** A probability above 0 and below 0.5, written as a decimal fraction (0.05): a test's α or β. */
export function probability(text: string): number {
  const p = Number(text);
  if (!/^0?\.\d+$/.test(text) || !(p > 0 && p < 0.5))
    throw new InvalidArgumentError('expected a probability above 0 and below 0.5, such as 0.05');
  return p;
}

/** A share from 0 to 1 inclusive, such as 0.5. */
export function share(text: string): number {
  const p = Number(text);
  if (!/^(0|1|0?\.\d+|1\.0*)$/.test(text) || !(p >= 0 && p <= 1))
    throw new InvalidArgumentError('expected a share from 0 to 1, such as 0.5');
  return p;
}

/** A flag one game adds to a command: commander's spelling (`--map <map>`), its help, how its text is read. */
export interface CliFlag {
  readonly flags: string;
  readonly description: string;
  readonly parse?: (text: string) => unknown;
}

/** The flag's name as commander keys it: `--max-moves <n>` → maxMoves, `--no-tournament` → tournament. */
export const flagKey = (flag: CliFlag): string =>
  (flag.flags.split(/[ ,]/)[0] as string).replace(/^--(no-)?/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Whether `flag` was given: a negated one (`--no-tournament`) is true unless given. */
export const flagGiven = (flag: CliFlag, given: Readonly<Record<string, unknown>>): boolean =>
  flag.flags.startsWith('--no-') ? given[flagKey(flag)] === false : given[flagKey(flag)] !== undefined;

/**
 * Refuses flags that belong to other games than `own` (`--no-tournament is for hive`): they would
 * be ignored without a word.
 */
export function refuseOthersFlags(
  own: string,
  byGame: readonly { readonly id: string; readonly flags: readonly CliFlag[] }[],
  given: Readonly<Record<string, unknown>>,
  or: (message: string) => Error,
): void {
  const ours = new Set(byGame.filter((g) => g.id === own).flatMap((g) => g.flags.map((f) => f.flags)));
  for (const { id, flags } of byGame) {
    if (id === own || !flags.some((f) => !ours.has(f.flags) && flagGiven(f, given))) continue;
    throw or(`${spokenFlags(flags)} ${flags.length === 1 ? 'is' : 'are'} for ${id}`);
  }
}

/** `--rules, --players and --map`: a few flags as a sentence names them. */
export function spokenFlags(flags: readonly CliFlag[]): string {
  const names = flags.map((f) => f.flags.split(' ')[0] as string);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Adds each game's flags to a command. A flag two games share (Hive's and Nonaga's --black) is
 * declared once, its help saying what it means for each: `hive, nonaga: …`.
 */
export function addGameFlags(command: Command, byGame: readonly { readonly id: string; readonly flags: readonly CliFlag[] }[]): Command {
  const declared = new Map<string, { flag: CliFlag; uses: Map<string, string[]> }>();
  for (const { id, flags } of byGame)
    for (const flag of flags) {
      const entry = declared.get(flag.flags) ?? { flag, uses: new Map<string, string[]>() };
      entry.uses.set(flag.description, [...(entry.uses.get(flag.description) ?? []), id]);
      declared.set(flag.flags, entry);
    }
  for (const { flag, uses } of declared.values()) {
    const help = [...uses].map(([description, ids]) => `${ids.join(', ')}: ${description}`).join('; ');
    if (flag.parse) command.option(flag.flags, help, flag.parse);
    else command.option(flag.flags, help);
  }
  return command;
}
