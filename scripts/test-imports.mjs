// What vitest's workers load first (its execArgv): tsx for the TypeScript, and the web app's style
// sheets (which Vite bundles) as empty modules, so its modules import in Node as they are.
import { register } from 'node:module';
import { register as registerTypeScript } from 'tsx/esm/api';

registerTypeScript();
register(
  `data:text/javascript,${encodeURIComponent(
    "export async function load(url, context, next) { return url.endsWith('.css') ? { format: 'module', source: '', shortCircuit: true } : next(url, context); }",
  )}`,
);
