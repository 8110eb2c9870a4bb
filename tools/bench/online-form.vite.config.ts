/** Builds the online-form benchmark fixture (tools/bench/online-form-fixture). */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: dir('./online-form-fixture'),
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
  build: {
    outDir: process.env.ONLINE_FORM_BENCH_OUT ?? '/tmp/online-form-bench',
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
    minify: process.env.ONLINE_FORM_PROFILE ? false : 'esbuild',
  },
});
