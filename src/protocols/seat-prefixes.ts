/** The prefix of a seed 004 HTTP player's seat: `http:<address>` (`http:127.0.0.1:9001`). */
export const HTTP_SEAT = 'http:';
/** The prefix of an outside UHP engine's seat: `uhp:<command line>`. */
export const UHP_SEAT = 'uhp:';
/** The game outside programs play: UHP and seed 004's HTTP protocol are Hive's. */
export const OUTSIDE_PROGRAMS_PLAY = 'hive';
/** How long an outside program (either kind) may take beyond the time it was given, unless told otherwise. */
export const OUTSIDE_GRACE_MS = 10_000;
