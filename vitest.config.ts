import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { entityPagesPlugin } from './tools/vite-entity-pages';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = {
  '@renderer': dir('./renderer'),
  '@widgets': dir('./widgets'),
  '@schemas': dir('./schemas'),
  '@src': dir('./src'),
  '@contract': dir('./contract'),
};

export default defineConfig({
  resolve: { alias },
  define: { __API_BASE__: JSON.stringify('/api') },
  test: {
    reporters: ['default', './tools/test-summary-reporter.ts'],
    projects: [
      {
        resolve: { alias },
        define: { __API_BASE__: JSON.stringify('/api') },
        // Page schemas naming an entity are imported derived from it, as the client build bundles them.
        plugins: [entityPagesPlugin()],
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // Vitest's default on two cores is one worker; these files wait on PostgreSQL much of the time, so two
          // at a time halve the wall time (measured 526 s against about 950 s).
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          // One file at a time: two at once halved the wall time on two cores (about 480 s against 900 s) but made
          // steps that mutate data miss their moment under load (three failures in two full runs).
          fileParallelism: false,
          // A failed browser test runs once more: on the shared two-core machine a toast or dialog now and
          // then misses its moment (seen twice in five full runs, never alone); a real break fails both tries.
          retry: 1,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
