import { benchDiceWars } from './dicewars.ts';
import { benchExplorer } from './explorer.ts';
import { benchFreeForAll } from './free-for-all.ts';
import { benchHex } from './hex.ts';
import { benchHive } from './hive.ts';
import { benchIdentity } from './identity.ts';
import { benchNonaga } from './nonaga.ts';
import { benchPairing } from './pairing.ts';
import { benchPuzzles } from './puzzles.ts';
import { benchRatings } from './ratings.ts';
import { benchReview } from './review.ts';
import { benchServer, benchServerStartup } from './server.ts';
import { benchSocial } from './social.ts';
import { benchStore } from './store-moves.ts';
import { benchTictactoe } from './tictactoe.ts';
import { benchTournaments } from './tournaments.ts';
import { benchUhp } from './uhp.ts';
import { benchWeb } from './web.ts';

/** What the command line passes to the benchmarks beside their names. */
export interface BenchOptions {
  /** `--vs <command line>`: an outside UHP engine to set hexarena's Hive perft beside. */
  readonly vs?: string;
}

/** `npm run bench [name…]`: every benchmark, or the ones named. Figures only; nothing here fails on time. */
const BENCHES: Record<string, (options: BenchOptions) => Promise<void>> = {
  tictactoe: benchTictactoe,
  hive: benchHive,
  dicewars: benchDiceWars,
  nonaga: benchNonaga,
  hex: benchHex,
  web: benchWeb,
  server: benchServer,
  'server-startup': benchServerStartup,
  store: benchStore,
  identity: benchIdentity,
  ratings: benchRatings,
  pairing: benchPairing,
  'free-for-all': benchFreeForAll,
  puzzles: benchPuzzles,
  review: benchReview,
  explorer: benchExplorer,
  social: benchSocial,
  uhp: benchUhp,
  tournaments: benchTournaments,
};

// `--db postgres` runs the server benchmark on PostgreSQL as well (one and two instances);
// `--vs "<UHP engine command line>"` sets the Hive perft beside that engine's.
const FLAGS = ['--db', '--vs'];
const args = process.argv.slice(2);
const flags = new Map<string, string>();
const wanted: string[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i] as string;
  if (!FLAGS.includes(arg)) {
    wanted.push(arg);
    continue;
  }
  const value = args[++i];
  if (value === undefined) {
    console.error(`bench: ${arg} takes a value`);
    process.exit(2);
  }
  flags.set(arg, value);
}
const db = flags.get('--db');
if (db !== undefined && db !== 'postgres') {
  console.error('bench: --db takes postgres');
  process.exit(2);
}
if (db) process.env.HEXARENA_BENCH_DB = db;
const unknown = wanted.filter((w) => !Object.hasOwn(BENCHES, w));
if (unknown.length > 0) {
  console.error(`bench: unknown benchmark ${unknown.join(', ')} (known: ${Object.keys(BENCHES).join(', ')})`);
  process.exit(2);
}
const vs = flags.get('--vs');
const options: BenchOptions = vs === undefined ? {} : { vs };
console.log(`hexarena benchmarks — node ${process.version}, ${process.platform}/${process.arch}`);
for (const [name, bench] of Object.entries(BENCHES)) if (wanted.length === 0 || wanted.includes(name)) await bench(options);
