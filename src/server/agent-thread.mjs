// A worker thread's entry: the TypeScript sources run through tsx here too (a thread does not
// inherit the main thread's loader), then the agent thread proper starts.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// The tsconfig by path: it maps @hexarena/engines to the package's sources whatever the working folder.
register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });
await import('./agent-thread.ts');
