import { Rng } from '@hexarena/engines/engine/rng.ts';
import { DEFAULT_NONAGA_OPTIONS, legalTurns } from '@hexarena/engines/games/nonaga/game.ts';
import { discMoves, MAX_PLY_MOVES, slides } from '@hexarena/engines/games/nonaga/moves.ts';
import { NonagaPosition, PLAYING } from '@hexarena/engines/games/nonaga/position.ts';

/** Random midgame positions: 6 to 30 random turns from the start, games still going. */
function midgames(count: number): NonagaPosition[] {
  const rng = Rng.fromSeed('bench/nonaga');
  const out: NonagaPosition[] = [];
  while (out.length < count) {
    const pos = NonagaPosition.start(DEFAULT_NONAGA_OPTIONS, 0);
    const turns = rng.between(6, 30);
    for (let i = 0; i < turns && pos.result === PLAYING; i++) {
      const options = legalTurns(pos).filter((t) => t.disc !== null);
      if (options.length === 0) break;
      const t = rng.pick(options);
      pos.make(t.slide);
      pos.make(t.disc as number);
    }
    if (pos.result === PLAYING) out.push(pos);
  }
  return out;
}

/** Full turns (slide × disc move) generated per second: every slide made, every disc move listed. */
export async function benchNonaga(): Promise<void> {
  console.log('\n## Nonaga: full turns generated per second over random midgames (floor 1 million/s)');
  const positions = midgames(200);
  const slideBuf = new Int32Array(MAX_PLY_MOVES);
  const discBuf = new Int32Array(MAX_PLY_MOVES);
  const countTurns = (pos: NonagaPosition): number => {
    let turns = 0;
    const ns = slides(pos, slideBuf);
    for (let i = 0; i < ns; i++) {
      pos.make(slideBuf[i] as number);
      turns += pos.result === PLAYING ? discMoves(pos, discBuf) : 1;
      pos.unmake();
    }
    return turns;
  };
  for (const pos of positions) countTurns(pos); // warm-up
  let turns = 0;
  const t = performance.now();
  let rounds = 0;
  while (performance.now() - t < 2000) {
    for (const pos of positions) turns += countTurns(pos);
    rounds++;
  }
  const s = (performance.now() - t) / 1000;
  console.log(
    `${(turns / s / 1e6).toFixed(2)} million turns/s (${positions.length} positions × ${rounds} rounds, ${(turns / rounds / positions.length).toFixed(0)} turns a position)`,
  );
}
