/**
 * ESLint rule `layers/boundaries`: an import (static, re-export, dynamic `import()` or `require`) may not reach a
 * top-level folder that the importing file's layer must not depend on. The forbidden folders come from the rule's
 * options, set per directory in eslint.config.js. Aliases (`@src/…`) and relative paths (`../../src/…`) are both
 * resolved to the folder they land in, so neither spelling slips through.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The same aliases as vite.config.ts, vitest.config.ts and tsconfig.json. */
const ALIASES = { '@renderer/': 'renderer', '@widgets/': 'widgets', '@schemas/': 'schemas', '@src/': 'src', '@contract/': 'contract' };

/** The folders named in the message's list of what a layer may import. */
const LAYERS = ['contract', 'renderer', 'widgets', 'src', 'schemas'];

/** Top-level folder an import specifier lands in, or undefined for a package. */
function targetFolder(specifier, fromFile) {
  for (const [prefix, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(prefix)) return folder;
  }
  if (!specifier.startsWith('.') && !path.isAbsolute(specifier)) return undefined;
  const resolved = path.resolve(path.dirname(fromFile), specifier);
  const relative = path.relative(PROJECT_ROOT, resolved);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep)[0];
}

/** @type {import('eslint').Rule.RuleModule} */
const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the dependency directions between contract/, renderer/, widgets/, src/ and server/' },
    schema: [
      {
        type: 'object',
        properties: {
          layer: { type: 'string' },
          forbidden: { type: 'array', items: { type: 'string' } },
        },
        required: ['layer', 'forbidden'],
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden: '{{layer}}/ must not import {{target}}/ ("{{specifier}}"): {{layer}} code may depend only on {{allowed}}.',
    },
  },
  create(context) {
    const { layer, forbidden } = context.options[0];
    const allowed = ['libraries', ...LAYERS.filter((f) => f !== layer && !forbidden.includes(f))];
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const target = targetFolder(node.value, context.filename);
      if (target && target !== layer && forbidden.includes(target)) {
        context.report({ node, messageId: 'forbidden', data: { layer, target, specifier: node.value, allowed: allowed.join(', ') } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
    };
  },
};

export default { rules: { boundaries } };
