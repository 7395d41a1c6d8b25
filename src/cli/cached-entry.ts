import { fileURLToPath } from 'node:url';
import { cacheCommand, cacheFileFor, runCachedBundle } from './bundle-loader.ts';

/**
 * dist/cli/hexarena.js, what bin/hexarena.js imports for every command but the engine ones (those
 * require dist/cli/engine-entry.cjs, src/cli/engine-entry.ts): runs the command line's bundle
 * (cli.cjs, one CommonJS file that scripts/build-cli.mjs makes of src/cli/main.ts; engines.cjs for
 * uhp, gtp and engine, should they come here) through V8's code cache (bundle-loader.ts).
 */
/** The bundle's fingerprint, set by the build (scripts/build-cli.mjs). */
declare const __hexarenaBundle: string;

/** What src/cli/engine-main.ts serves: a process a bridge starts per move. */
const ENGINE_COMMANDS = new Set(['uhp', 'gtp', 'engine']);

const command = cacheCommand(process.argv[2]);
// The engine commands from a bundle of their own, a tenth of the whole command line's (scripts/build-cli.mjs).
const bundle = fileURLToPath(new URL(ENGINE_COMMANDS.has(command) ? './engines.cjs' : './cli.cjs', import.meta.url));
const loaded = runCachedBundle(bundle, cacheFileFor(bundle, command, __hexarenaBundle), (specifier) => import(specifier)) as {
  main: (argv: string[]) => Promise<number>;
};

export const main = loaded.main;
