import { benchDiceWars } from './dicewars.ts';
import { benchFreeForAll } from './free-for-all.ts';
import { benchHex } from './hex.ts';
import { benchHive } from './hive.ts';
import { benchIdentity } from './identity.ts';
import { benchNonaga } from './nonaga.ts';
import { benchPairing } from './pairing.ts';
import { benchRatings } from './ratings.ts';
import { benchServer } from './server.ts';
import { benchTictactoe } from './tictactoe.ts';
import { benchUhp } from './uhp.ts';
import { benchWeb } from './web.ts';

/** `npm run bench [name…]`: every benchmark, or the ones named. Figures only; nothing here fails on time. */
const BENCHES: Record<string, () => Promise<void>> = {
  tictactoe: benchTictactoe,
  hive: benchHive,
  dicewars: benchDiceWars,
  nonaga: benchNonaga,
  hex: benchHex,
  web: benchWeb,
  server: benchServer,
  identity: benchIdentity,
  ratings: benchRatings,
  pairing: benchPairing,
  'free-for-all': benchFreeForAll,
  uhp: benchUhp,
};

// `--db postgres` runs the server benchmark on PostgreSQL as well (one and two instances).
const args = process.argv.slice(2);
const dbAt = args.indexOf('--db');
const db = dbAt >= 0 ? args[dbAt + 1] : undefined;
if (dbAt >= 0 && db !== 'postgres') {
  console.error('bench: --db takes postgres');
  process.exit(2);
}
const wanted = dbAt >= 0 ? args.filter((_, i) => i !== dbAt && i !== dbAt + 1) : args;
if (db) process.env.HEXARENA_BENCH_DB = db;
const unknown = wanted.filter((w) => !Object.hasOwn(BENCHES, w));
if (unknown.length > 0) {
  console.error(`bench: unknown benchmark ${unknown.join(', ')} (known: ${Object.keys(BENCHES).join(', ')})`);
  process.exit(2);
}
console.log(`hexarena benchmarks — node ${process.version}, ${process.platform}/${process.arch}`);
for (const [name, bench] of Object.entries(BENCHES)) if (wanted.length === 0 || wanted.includes(name)) await bench();
