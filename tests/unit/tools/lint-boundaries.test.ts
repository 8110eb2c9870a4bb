import { ESLint } from 'eslint';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = `${path.resolve(__dirname, '../../..')}/`;

/** Messages of the layer rule for `code` linted as if it were the file at `filePath` (relative to the repository). */
async function boundaryMessages(eslint: ESLint, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return result.messages.filter((m) => m.ruleId === 'layers/boundaries').map((m) => m.message);
}

describe('ESLint layer boundaries (npm run lint)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  it('fails a renderer file that imports src through the alias', async () => {
    const messages = await boundaryMessages(
      eslint,
      'renderer/list/Sample.tsx',
      "import { tokenAtom } from '@src/state/session';\nexport const t = tokenAtom;\n",
    );
    expect(messages).toEqual([
      'renderer/ must not import src/ ("@src/state/session"): renderer code may depend only on libraries, contract, schemas.',
    ]);
  });

  it('fails a renderer file that imports src or widgets through a relative path or import()', async () => {
    const code = [
      "import { tokenAtom } from '../../src/state/session';",
      "export { widgetParts } from '../../widgets/shared/fieldParts';",
      "export const later = () => import('@widgets/dict/register');",
      'export const t = tokenAtom;',
    ].join('\n');
    const messages = await boundaryMessages(eslint, 'renderer/list/Sample.tsx', code);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toContain('renderer/ must not import src/ ("../../src/state/session")');
    expect(messages[1]).toContain('renderer/ must not import widgets/ ("../../widgets/shared/fieldParts")');
    expect(messages[2]).toContain('renderer/ must not import widgets/ ("@widgets/dict/register")');
  });

  it('lets a renderer file import inside renderer and libraries', async () => {
    const code =
      "import { useState } from 'react';\nimport { registerField } from '../registry';\nimport { x } from '@renderer/schema/load';\nexport const all = [useState, registerField, x];\n";
    expect(await boundaryMessages(eslint, 'renderer/list/Sample.tsx', code)).toEqual([]);
  });

  it('fails widgets importing src, and lets them import renderer', async () => {
    const code =
      "import { registerField } from '@renderer/registry';\nimport { http } from '../../src/api/http';\nexport const all = [registerField, http];\n";
    const messages = await boundaryMessages(eslint, 'widgets/dict/Sample.tsx', code);
    expect(messages).toEqual([
      'widgets/ must not import src/ ("../../src/api/http"): widgets code may depend only on libraries, contract, renderer, schemas.',
    ]);
  });

  it('fails client code importing server/ and server code importing client code', async () => {
    const client = await boundaryMessages(
      eslint,
      'src/api/Sample.ts',
      "import { ok } from '../../server/core/envelope';\nexport const o = ok;\n",
    );
    expect(client).toEqual([
      'src/ must not import server/ ("../../server/core/envelope"): src code may depend only on libraries, contract, renderer, widgets, schemas.',
    ]);
    const server = await boundaryMessages(
      eslint,
      'server/modules/Sample.ts',
      "import { a } from '../../renderer/registry';\nimport { b } from '@widgets/dict/register';\nimport { c } from '../../src/main';\nexport const all = [a, b, c];\n",
    );
    expect(server).toHaveLength(3);
    expect(server.every((m) => m.startsWith('server/ must not import '))).toBe(true);
  });

  it('fails a contract file that imports server, renderer, widgets, src or tools', async () => {
    const code = [
      "import { ok } from '../../server/core/envelope';",
      "import { registerField } from '@renderer/registry';",
      "export { widgetParts } from '../../widgets/shared/fieldParts';",
      "export const later = () => import('@src/main');",
      "import { deriveFromEntityFiles } from '../../tools/entity-pages';",
      'export const all = [ok, registerField, deriveFromEntityFiles];',
    ].join('\n');
    const messages = await boundaryMessages(eslint, 'contract/pages/Sample.ts', code);
    expect(messages).toHaveLength(5);
    expect(messages[0]).toBe(
      'contract/ must not import server/ ("../../server/core/envelope"): contract code may depend only on libraries.',
    );
    expect(messages.slice(1).map((m) => m.slice(0, m.indexOf(' (')))).toEqual([
      'contract/ must not import renderer/',
      'contract/ must not import widgets/',
      'contract/ must not import src/',
      'contract/ must not import tools/',
    ]);
  });

  it('fails a contract file that imports a Node module or React, and lets it import libraries', async () => {
    const code =
      "import { basename } from 'node:path';\nimport { useState } from 'react';\nimport dayjs from 'dayjs';\nexport const all = [basename, useState, dayjs];\n";
    const [result] = await eslint.lintText(code, { filePath: `${ROOT}contract/Sample.ts` });
    expect(result.messages.map((m) => m.ruleId)).toEqual(['no-restricted-imports', 'no-restricted-imports']);
  });

  it('lets every layer import contract', async () => {
    const code = "import { PAGE_SIZE } from '@contract/list';\nexport const size = PAGE_SIZE;\n";
    for (const file of ['renderer/list/Sample.ts', 'widgets/dict/Sample.ts', 'src/api/Sample.ts', 'server/modules/Sample.ts']) {
      expect(await boundaryMessages(eslint, file, code)).toEqual([]);
    }
    const relative = "import { derivePage } from '../../contract/pages/derive';\nexport const d = derivePage;\n";
    expect(await boundaryMessages(eslint, 'server/modules/Sample.ts', relative)).toEqual([]);
  });

  it('reports the boundary as an error, so npm run lint fails', async () => {
    const [result] = await eslint.lintText("import '@src/main';\n", { filePath: `${ROOT}renderer/Sample.ts` });
    expect(result.errorCount).toBe(1);
  });
});
