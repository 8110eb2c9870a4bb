/** Builds the editable-grid benchmark fixture (tools/bench/grid-fixture) into /tmp/grid-bench. */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: dir('./grid-fixture'),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  resolve: {
    alias: {
      '@renderer': dir('../../renderer'),
      '@widgets': dir('../../widgets'),
      '@schemas': dir('../../schemas'),
      '@src': dir('../../src'),
      '@contract': dir('../../contract'),
    },
  },
  define: { __API_BASE__: JSON.stringify('/api'), 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { outDir: process.env.GRID_BENCH_OUT ?? '/tmp/grid-bench', emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});
