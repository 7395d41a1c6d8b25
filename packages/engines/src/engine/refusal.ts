import { err, type Result } from './result.ts';

/**
 * Why the rules refuse a move, as a code that stays when the words change, with the particulars the
 * words name: `{ code: 'hive.queenByFourth' }`, `{ code: 'hex.taken', values: { cell: 'c3', side: 'red' } }`.
 * Values are notation (pieces, cells, numbers) or codes of their own (a colour, a bug letter): never
 * words of a language, so an app can say the whole refusal in its player's language.
 */
export interface Why {
  /** The game's id, a dot, and the reason's name. */
  readonly code: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

/**
 * A move the rules refuse: the message is English (the CLI, UHP, GTP and the server's API speak
 * it); `why` is the same refusal as data, for an app that speaks other languages. A refusal that
 * wraps another (a replay names the move, its `cause` says why that move was refused) carries it as
 * `cause`, so an app can word both.
 */
export class RulesRefusal extends Error {
  constructor(
    message: string,
    readonly why: Why,
    cause?: Error,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'RulesRefusal';
  }
}

/** A refusal of the rules: its English words and its code (with the values the words name). */
export const refuse = (code: string, message: string, values?: Why['values']): Result<never, Error> =>
  err(new RulesRefusal(message, values === undefined ? { code } : { code, values }));

/** The code of a refusal, when the rules gave one (an error of another kind has none). */
export const whyOf = (error: unknown): Why | null => (error instanceof RulesRefusal ? error.why : null);
