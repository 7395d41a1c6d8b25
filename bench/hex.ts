import { Rng } from '@hexarena/engines/engine/rng.ts';
import { hex, hexAi, newHexPosition } from '@hexarena/engines/games/hex/index.ts';

/**
 * Hex on 11×11: random playouts through the search's make/unmake (every game to its win, seen in the
 * move by the union-find), beside the same playouts through the pure contract (a board cloned a move)
 * — the anchor: their ratio holds on a busy machine — and the connection-distance evaluation's rate.
 */
export async function benchHex(): Promise<void> {
  console.log('\n## Hex 11×11: random playouts to the win, and the evaluation');
  const { search } = hexAi;
  if (!search) throw new Error('Hex has no search hooks');
  const rng = Rng.fromSeed('bench/hex');
  const start = newHexPosition(11, false);
  const buffer = new Int32Array(search.maxMoves);
  const run = (seconds: number, playout: () => number) => {
    let moves = 0;
    let games = 0;
    const t = performance.now();
    while (performance.now() - t < seconds * 1000) {
      moves += playout();
      games++;
    }
    const s = (performance.now() - t) / 1000;
    return { gamesPerSecond: games / s, movesPerSecond: moves / s };
  };
  const inPlace = () => {
    const pos = search.open(start);
    let moves = 0;
    for (let n = pos.generate(buffer); n > 0 && pos.terminal() === null; n = pos.generate(buffer)) {
      pos.make(buffer[rng.int(n)] as number);
      moves++;
    }
    for (let i = 0; i < moves; i++) pos.unmake();
    return moves;
  };
  const pure = () => {
    let state = start;
    let moves = 0;
    while (hex.result(state) === null) {
      state = hex.play(state, rng.pick(hex.legalMoves(state)));
      moves++;
    }
    return moves;
  };
  run(0.3, inPlace);
  const fast = run(2, inPlace);
  const slow = run(2, pure);
  console.log(
    `make/unmake: ${fast.gamesPerSecond.toFixed(0)} games/s (${(fast.movesPerSecond / 1e3).toFixed(0)} k moves/s, each undone) · pure contract: ${slow.gamesPerSecond.toFixed(1)} games/s · ×${(fast.gamesPerSecond / slow.gamesPerSecond).toFixed(0)}`,
  );
  // The evaluation of positions twenty moves in.
  const mid = search.open(start);
  for (let i = 0; i < 20; i++) {
    const n = mid.generate(buffer);
    mid.make(buffer[rng.int(n)] as number);
  }
  let evaluations = 0;
  const t = performance.now();
  while (performance.now() - t < 1000) {
    for (let i = 0; i < 100; i++) mid.evaluate();
    evaluations += 100;
  }
  console.log(`evaluation (two connection distances): ${((evaluations / (performance.now() - t)) * 1000).toFixed(0)} a second`);
}
