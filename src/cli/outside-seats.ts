import { outsideSeatGame } from '../protocols/seat-prefixes.ts';
import { UsageError } from './io.ts';

/**
 * The outside programs the operator lists in HEXARENA_OUTSIDE_SEATS: a JSON list of
 * "uhp:<command line>" and "http:<address>" names for Hive, "gtp:<command line>" for Hex (read by
 * `serve`, which seats them in their game, and by `ladder`).
 */
export function outsideSeatsFromEnv(text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') return [];
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    list = null;
  }
  if (!Array.isArray(list) || !list.every((s) => typeof s === 'string' && outsideSeatGame(s) !== undefined && /^[a-z]+:./.test(s)))
    throw new UsageError(
      'HEXARENA_OUTSIDE_SEATS must be a JSON list of "uhp:<command line>", "http:<address>" (Hive) and "gtp:<command line>" (Hex) names',
    );
  return list;
}
