import { whyOf } from '@hexarena/engines/engine/refusal.ts';
import type { MessageKey } from './catalog.ts';
import { t } from './index.ts';
import { seatWord } from './outcome.ts';

/**
 * The rules' refusals the catalogs say (engine/refusal.ts): each game's codes, by the key that words
 * it. A code the engines give and this list lacks falls back to the engines' English (the catalogs
 * test holds the two lists equal).
 */
export const WHY_KEYS = [
  'game.why.rules.gameOver',
  'game.why.rules.replay',
  'game.why.rules.unknownGame',
  'game.why.hive.passOnlyStuck',
  'game.why.hive.notAMove',
  'game.why.hive.notAPiece',
  'game.why.hive.sayWhere',
  'game.why.hive.oneMark',
  'game.why.hive.referenceOff',
  'game.why.hive.notInGame',
  'game.why.hive.notYours',
  'game.why.hive.inOrder',
  'game.why.hive.queenNotFirst',
  'game.why.hive.queenByFourth',
  'game.why.hive.placeOnTop',
  'game.why.hive.blackTouches',
  'game.why.hive.placeByOpponent',
  'game.why.hive.placeTouchOwn',
  'game.why.hive.cannotPlace',
  'game.why.hive.queenFirst',
  'game.why.hive.movedLast',
  'game.why.hive.covered',
  'game.why.hive.opponentsPiece',
  'game.why.hive.breaksHive',
  'game.why.hive.breaksHiveMayThrow',
  'game.why.hive.alreadyThere',
  'game.why.hive.noMove',
  'game.why.hive.cannotGo',
  'game.why.hex.noPie',
  'game.why.hex.swapLate',
  'game.why.hex.taken',
  'game.why.hex.notACell',
  'game.why.hex.offBoard',
  'game.why.tictactoe.notACell',
  'game.why.tictactoe.taken',
  'game.why.nonaga.notAStep',
  'game.why.nonaga.farCell',
  'game.why.nonaga.notATurn',
  'game.why.nonaga.passSlide',
  'game.why.nonaga.noToken',
  'game.why.nonaga.notYourToken',
  'game.why.nonaga.slideStops',
  'game.why.nonaga.slideWins',
  'game.why.nonaga.sayDisc',
  'game.why.nonaga.passDisc',
  'game.why.nonaga.noDisc',
  'game.why.nonaga.discCarries',
  'game.why.nonaga.discJustMoved',
  'game.why.nonaga.discHemmed',
  'game.why.nonaga.placeHeld',
  'game.why.nonaga.touchesOne',
  'game.why.nonaga.touchesNone',
  'game.why.nonaga.touchesFive',
  'game.why.nonaga.splits',
  'game.why.dicewars.numbered',
  'game.why.dicewars.notYours',
  'game.why.dicewars.tooFew',
  'game.why.dicewars.notBordering',
  'game.why.dicewars.alreadyYours',
  'game.why.dicewars.held',
  'game.why.dicewars.empty',
  'game.why.dicewars.notAMove',
  'game.why.hex.position.words',
  'game.why.hex.position.size',
  'game.why.hex.position.sizeRange',
  'game.why.hex.position.side',
  'game.why.hex.position.option',
  'game.why.hex.position.rows',
  'game.why.hex.position.cell',
  'game.why.hex.position.rowLength',
  'game.why.hex.position.blueToMove',
  'game.why.hex.position.empty',
  'game.why.hex.position.noPie',
  'game.why.hex.position.swapCounts',
  'game.why.hex.position.counts',
  'game.why.hex.position.wonToMove',
  'game.why.hex.position.wonBefore',
  'game.why.nonaga.position.words',
  'game.why.nonaga.position.side',
  'game.why.nonaga.position.turnZero',
  'game.why.nonaga.position.option',
  'game.why.nonaga.position.corner',
  'game.why.nonaga.position.cornerFar',
  'game.why.nonaga.position.discs',
  'game.why.nonaga.position.tokens',
  'game.why.nonaga.position.marks',
  'game.why.nonaga.position.cutOff',
  'game.why.nonaga.position.bothJoined',
  'game.why.nonaga.position.pastEnd',
  'game.why.nonaga.position.wonAfterDraw',
  'game.why.nonaga.position.tokenOnMoved',
  'game.why.nonaga.position.rows',
  'game.why.nonaga.position.cell',
  'game.why.nonaga.position.rowLength',
  'game.why.hive.position.empty',
  'game.why.hive.position.tooLong',
  'game.why.hive.position.gameType',
  'game.why.hive.position.sayTurn',
  'game.why.hive.position.side',
  'game.why.hive.position.turnZero',
  'game.why.hive.position.twoLast',
  'game.why.hive.position.notAPlacedPiece',
  'game.why.hive.position.notABug',
  'game.why.hive.position.farCell',
  'game.why.hive.position.onlyOne',
  'game.why.hive.position.numbered',
  'game.why.hive.position.tooMany',
  'game.why.hive.position.lastName',
  'game.why.hive.position.notInGame',
  'game.why.hive.position.twice',
  'game.why.hive.position.tooHigh',
  'game.why.hive.position.climbs',
  'game.why.hive.position.order',
  'game.why.hive.position.cutOff',
  'game.why.hive.position.piecesAhead',
  'game.why.hive.position.noPiece',
  'game.why.hive.position.queenLate',
  'game.why.hive.position.queenOnly',
  'game.why.hive.position.climbedNoQueen',
  'game.why.hive.position.lastOff',
  'game.why.hive.position.lastCovered',
  'game.why.hive.position.thrownNoPillbug',
  'game.why.hive.position.thrownFromTop',
  'game.why.hive.gameString.shape',
  'game.why.hive.gameString.state',
  'game.why.hive.gameString.turn',
  'game.why.options.object',
  'game.why.options.unknown',
  'game.why.options.none',
  'game.why.options.oneOf',
  'game.why.options.flag',
  'game.why.options.atLeast',
  'game.why.options.atLeastOrNone',
  'game.why.options.range',
  'game.why.hive.options.type',
  'game.why.dicewars.options.players',
  'game.why.record.object',
  'game.why.record.game',
  'game.why.record.seed',
  'game.why.record.moves',
  'game.why.record.termination',
  'game.why.record.players',
  'game.why.record.rulesVersion',
  'game.why.record.result',
  'game.why.record.ranking',
  'game.why.record.otherGame',
  'game.why.record.version',
  'game.why.record.options',
  'game.why.record.winnerSeat',
  'game.why.record.rankingSeat',
  'game.why.record.rankingTwice',
  'game.why.record.rankingWinner',
  'game.why.record.resultDiffers',
  'game.why.record.terminationDiffers',
  'game.why.record.needsResult',
] as const satisfies readonly MessageKey[];

const KNOWN: ReadonlySet<string> = new Set(WHY_KEYS);

/**
 * A coded refusal in the catalog's words: the message its code names (`keyOf`), when `known` holds
 * that key, with the refusal's values; null for an error with no code, or one no message words. A
 * refusal that wraps another (a replay's move, refused: engine/replay.ts) gives the wrapped one's
 * words as `{reason}`, in the catalog's words where it has them.
 */
export function cataloguedRefusal(error: Error, known: ReadonlySet<string>, keyOf: (code: string) => string | null): string | null {
  const why = whyOf(error);
  const key = why && keyOf(why.code);
  if (!why || !key || !known.has(key)) return null;
  const cause = error.cause instanceof Error ? error.cause : null;
  const reason = cause && (cataloguedRefusal(cause, known, keyOf) ?? cause.message);
  // A value named `…Seat` is a seat as the game names it (White, X): a word the language says.
  const values = Object.fromEntries(
    Object.entries(why.values ?? {}).map(([name, value]) => [
      name,
      name.endsWith('Seat') && typeof value === 'string' ? seatWord(value) : value,
    ]),
  );
  return t(key as MessageKey, reason === null ? values : { ...values, reason });
}

/**
 * Why the rules refused a move, in the player's language: the code's message with its values, or
 * the engines' own English where the refusal has no code this app words.
 */
export const rulesRefusal = (error: Error): string => cataloguedRefusal(error, KNOWN, (code) => `game.why.${code}`) ?? error.message;
