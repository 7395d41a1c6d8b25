// The pairing thread's entry from the TypeScript sources: tsx registered first (a thread does not
// inherit the main thread's loader), then the thread proper.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../../tsconfig.json', import.meta.url)) });
await import('./pairing-thread.ts');
