// ESLint (flat config): recommended JavaScript and TypeScript rules, the two hooks rules, and the layer boundaries:
// renderer -> libraries only; widgets -> renderer; src -> renderer, widgets; server -> schemas and libraries.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './tools/lint/layer-boundaries.mjs';

const CLIENT = ['src', 'renderer', 'widgets'];

/** One config block per layer: files under `layer/` may not import the folders in `forbidden`. */
const boundary = (layer, forbidden) => ({
  files: [`${layer}/**/*.{ts,tsx,js,mjs}`],
  rules: { 'layers/boundaries': ['error', { layer, forbidden }] },
});

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'data/', '.cache/', '.data-*/', 'test-results/', 'tests/.artifacts/', '.scratch/', '**/*.gen.ts'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, layers },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests read envelopes of every shape the server sends; typing each `result` would only restate the assertions.
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  boundary('renderer', ['src', 'widgets', 'server']),
  boundary('widgets', ['src', 'server']),
  boundary('src', ['server']),
  boundary('server', CLIENT),
);
