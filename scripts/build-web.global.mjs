// Before any test file runs: the browser app built once, from the sources under test, for every
// browser test. Plain JavaScript: vitest loads its global set-up with Node's own import, before any
// TypeScript loader, so this file registers tsx to reach the sources.
import { register } from 'tsx/esm/api';

register();
const { ensureBuilt } = await import('../src/cli/commands/serve.ts');
const { captureIo } = await import('../src/cli/testing.ts');

export default async function buildWeb() {
  await ensureBuilt(captureIo().io, true);
}
