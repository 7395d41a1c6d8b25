import { Searcher } from '@hexarena/engines/ai/search.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { hiveSearchPosition, loadGameString } from '@hexarena/engines/games/hive/game.ts';
import { MAX_MOVES } from '@hexarena/engines/games/hive/movegen.ts';
import { MIDGAMES } from './hive.ts';

/**
 * What the evaluation costs: nodes a second of a fixed-depth search from the three midgames, the
 * same tree whatever the machine's load. `tsx bench/hive-eval-speed.ts [depth]`; run it on two
 * revisions of evaluate.ts and compare.
 */
const depth = Number(process.argv[2] ?? 4);
let nodes = 0;
let ms = 0;
for (let round = 0; round < 3; round++) {
  for (const text of MIDGAMES) {
    const state = unwrap(loadGameString(text));
    const searcher = new Searcher(18);
    const t = performance.now();
    const result = searcher.search(hiveSearchPosition(state), MAX_MOVES, { depth });
    ms += performance.now() - t;
    nodes += result.nodes;
  }
}
console.log(`depth ${depth}: ${nodes} nodes in ${(ms / 1000).toFixed(2)} s, ${Math.round((nodes / ms) * 1000)} nodes/s`);
