import { ensureBuilt } from '../src/cli/commands/serve.ts';
import { captureIo } from '../src/cli/testing.ts';

/** Before any test file runs: the browser app built once, from the sources under test, for every browser test. */
export default async function buildWeb(): Promise<void> {
  await ensureBuilt(captureIo().io, true);
}
