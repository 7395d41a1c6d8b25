/** What `hexarena uhp` takes from its command line (src/cli/engine-commands.ts declares the flags). */
export interface UhpFlags {
  /** `--threads <n>`, `--num-threads <n>`: accepted from bridges (the search runs on one thread). */
  readonly threads?: number;
  readonly numThreads?: number;
  /** `--seed <text>`: the search's tie-breaks repeat. */
  readonly seed?: string;
  /** Words passed over with a warning, as nokamute passes over flags it does not know. */
  readonly ignored: readonly string[];
}

const THREADS = /^\d+$/;
const HELP_OR_VERSION = new Set(['-h', '--help', '-V', '--version', '--']);

/**
 * `hexarena uhp`'s flags read without commander, the way commander reads them for the command
 * (checked against it in uhp-flags.test.ts): a bridge starts an engine per move, and loading and
 * setting up commander was a tenth of such a start. Null for anything it leaves to commander —
 * help, the version, a short flag, a thread count that is no whole number from 1 to 1024, a flag
 * with no value — so that those get commander's own answers and errors.
 *
 * As commander does: a value follows its flag (`--seed x`) or is joined to it (`--seed=x`); the last
 * of a repeated flag counts; a flag it does not know is passed over, and so is a word that is no
 * flag's value (`--hash 64` passes over both), in the order given.
 */
export function readUhpFlags(args: readonly string[]): UhpFlags | null {
  if (args.some((arg) => HELP_OR_VERSION.has(arg) || /^-[^-]/.test(arg))) return null;
  let threads: number | undefined;
  let numThreads: number | undefined;
  let seed: string | undefined;
  const ignored: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith('--')) {
      ignored.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg : arg.slice(0, eq);
    if (name !== '--threads' && name !== '--num-threads' && name !== '--seed') {
      ignored.push(arg);
      continue;
    }
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else value = args[++i];
    if (value === undefined) return null;
    if (name === '--seed') {
      seed = value;
      continue;
    }
    const n = Number(value);
    if (!THREADS.test(value) || n < 1 || n > 1024) return null;
    if (name === '--threads') threads = n;
    else numThreads = n;
  }
  return {
    ignored,
    ...(threads === undefined ? {} : { threads }),
    ...(numThreads === undefined ? {} : { numThreads }),
    ...(seed === undefined ? {} : { seed }),
  };
}

/** The warning on stderr for a word of the command line passed over. */
export const ignoredWarning = (word: string): string => `hexarena uhp: ignoring ${JSON.stringify(word)}\n`;
