/** Builds the list-page benchmark fixture (tools/bench/list-render-fixture). */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: dir('./list-render-fixture'),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  resolve: {
    alias: {
      '@renderer': dir('../../renderer'),
      '@schemas': dir('../../schemas'),
      '@src': dir('../../src'),
      '@contract': dir('../../contract'),
    },
  },
  define: { __API_BASE__: JSON.stringify('/api'), 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { outDir: process.env.LIST_BENCH_OUT ?? '/tmp/list-render-bench', emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});
