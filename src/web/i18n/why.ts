import { whyOf } from '@hexarena/engines/engine/refusal.ts';
import type { MessageKey } from './catalog.ts';
import { t } from './index.ts';

/**
 * The rules' refusals the catalogs say (engine/refusal.ts): each game's codes, by the key that words
 * it. A code the engines give and this list lacks falls back to the engines' English (the catalogs
 * test holds the two lists equal).
 */
export const WHY_KEYS = [
  'game.why.rules.gameOver',
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
] as const satisfies readonly MessageKey[];

const KNOWN: ReadonlySet<string> = new Set(WHY_KEYS);

/**
 * A coded refusal in the catalog's words: the message its code names (`keyOf`), when `known` holds
 * that key, with the refusal's values; null for an error with no code, or one no message words.
 */
export function cataloguedRefusal(error: Error, known: ReadonlySet<string>, keyOf: (code: string) => string | null): string | null {
  const why = whyOf(error);
  const key = why && keyOf(why.code);
  return why && key && known.has(key) ? t(key as MessageKey, why.values) : null;
}

/**
 * Why the rules refused a move, in the player's language: the code's message with its values, or
 * the engines' own English where the refusal has no code this app words.
 */
export const rulesRefusal = (error: Error): string => cataloguedRefusal(error, KNOWN, (code) => `game.why.${code}`) ?? error.message;
