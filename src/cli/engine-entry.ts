import { fileURLToPath } from 'node:url';
import { uhpInfo } from '../protocols/uhp/info.ts';
import type * as EngineMain from './engine-main.ts';
import { ignoredWarning, readUhpFlags } from './uhp-flags.ts';
import { VERSION } from './version.ts';

/**
 * dist/cli/engine-entry.cjs, what bin/hexarena.js requires for the engine commands (uhp, gtp,
 * engine): a bridge starts one such process per move and sends its commands on the first `ok`.
 * So `hexarena uhp` with the flags bridges give says its warnings and its `info` answer from this
 * small file, before it reads and compiles the engines' bundle (engines.cjs, src/cli/engine-main.ts,
 * through V8's code cache: bundle-loader.ts), which then answers the lines that waited in the pipe.
 * Everything else (gtp, engine, help, a flag for commander to refuse) goes to the bundle as it is.
 * Nothing heavier may come in here: engine-bundle.test.ts holds this file's size and imports.
 */
/** The bundles' fingerprint, set by the build (scripts/build-cli.mjs). */
declare const __hexarenaBundle: string;

async function engines(word: string | undefined): Promise<typeof EngineMain> {
  // Loaded here, after the first ok: node:vm and node:module are no part of it.
  const { cacheCommand, cacheFileFor, runCachedBundle } = await import('./bundle-loader.ts');
  const command = cacheCommand(word);
  const bundle = fileURLToPath(new URL('./engines.cjs', import.meta.url));
  return runCachedBundle(bundle, cacheFileFor(bundle, command, __hexarenaBundle), (specifier) => import(specifier)) as typeof EngineMain;
}

export async function main(argv: string[]): Promise<number> {
  const uhp = argv[0] === 'uhp' ? readUhpFlags(argv.slice(1)) : null;
  if (uhp === null) return (await engines(argv[0])).main(argv);
  for (const extra of uhp.ignored) process.stderr.write(ignoredWarning(extra));
  process.stdout.write(`${uhpInfo(VERSION).join('\n')}\n`);
  return (await engines('uhp')).answerUhp(uhp);
}
