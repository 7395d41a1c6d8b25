/** The prefix of a seed 004 HTTP player's seat: `http:<address>` (`http:127.0.0.1:9001`). */
export const HTTP_SEAT = 'http:';
/** The prefix of an outside UHP engine's seat: `uhp:<command line>`. */
export const UHP_SEAT = 'uhp:';
/** The prefix of an outside GTP engine's seat (Hex): `gtp:<command line>`. */
export const GTP_SEAT = 'gtp:';

/** The game an outside seat's protocol plays (`uhp:` and `http:` Hive, `gtp:` Hex), or undefined for hexarena's own agents. */
export function outsideSeatGame(name: string): string | undefined {
  if (name.startsWith(UHP_SEAT) || name.startsWith(HTTP_SEAT)) return 'hive';
  if (name.startsWith(GTP_SEAT)) return 'hex';
  return undefined;
}
/** How long an outside program (either kind) may take beyond the time it was given, unless told otherwise. */
export const OUTSIDE_GRACE_MS = 10_000;
