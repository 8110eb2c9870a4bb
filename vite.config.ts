import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { schemaCheckPlugin } from './tools/vite-schema-check';
import { entityPagesPlugin } from './tools/vite-entity-pages';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The client's API base follows the server's API_BASE (default /api). */
const apiBase = process.env.API_BASE ?? '/api';

export default defineConfig({
  plugins: [react(), schemaCheckPlugin(), entityPagesPlugin()],
  resolve: {
    alias: {
      '@renderer': dir('./renderer'),
      '@widgets': dir('./widgets'),
      '@schemas': dir('./schemas'),
      '@src': dir('./src'),
      '@contract': dir('./contract'),
    },
  },
  define: {
    __API_BASE__: JSON.stringify(apiBase),
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        // What the first page needs comes in two files (libraries, app) instead of some forty small shared chunks.
        codeSplitting: {
          groups: [
            { name: 'first-libs', test: /node_modules/, tags: ['$initial'] },
            { name: 'first-app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      [apiBase]: { target: `http://127.0.0.1:${process.env.API_PORT ?? 8080}`, ws: true },
    },
  },
});
