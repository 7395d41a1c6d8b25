/**
 * The engine's `info` answer, the first thing a UHP session says: apart from the engine (engine.ts),
 * so that a process a bridge starts per move says it, and is ready, before it loads the engine.
 */
export const uhpInfo = (version: string): string[] => [`id hexarena v${version}`, 'Mosquito;Ladybug;Pillbug', 'ok'];
