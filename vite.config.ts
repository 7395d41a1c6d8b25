import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

/** The browser app: sources in src/web, built into dist/web (served by `hexarena serve`). */
export default defineConfig({
  root: 'src/web',
  plugins: [preact()],
  build: { outDir: '../../dist/web', emptyOutDir: true },
  worker: { format: 'es' },
});
