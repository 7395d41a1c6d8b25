// A worker thread's entry: the TypeScript sources run through tsx here too (a thread does not
// inherit the main thread's loader), then the agent thread proper starts.
import { register } from 'tsx/esm/api';

register();
await import('./agent-thread.ts');
