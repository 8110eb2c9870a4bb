/** `npm run new-screen` writes what docs/add-a-screen.md says it writes, and nothing over an existing file. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScreenArgs, writeScreen } from '../../tools/new-screen';
import { parseField } from '../../tools/new-screen-files';
import { validateSchemaDocument } from '../../renderer/schema/validate';
import { deriveFromEntityFiles } from '../../tools/entity-pages';
import { guideCommand, guideFiles } from './support/guide';

const out = mkdtempSync(path.join(tmpdir(), 'new-screen-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** A file's text without its $schema line (relative to where it was written). */
const body = (text: string) => text.replace(/^\s*"\$schema": .*\n/m, '');

describe('npm run new-screen', () => {
  const options = parseScreenArgs([...guideCommand(), '--out', out]);
  const written = writeScreen(options).map((f) => path.relative(out, f));

  it("writes the guide's entity, page, menu and dictionary files, word for word", () => {
    expect(written).toEqual([
      'entities/xypj_expert_training.json',
      'pages/xypj/ExpertTrainingList.json',
      'menus/xypj_expert_training.json',
      'dicts/xypj_training_type.json',
    ]);
    const shown = guideFiles();
    const expected: Record<string, string> = {
      'entities/xypj_expert_training.json': 'schemas/entities/xypj_expert_training.json',
      'pages/xypj/ExpertTrainingList.json': 'schemas/xypj/ExpertTrainingList.json',
      'menus/xypj_expert_training.json': 'schemas/menus/xypj_expert_training.json',
      'dicts/xypj_training_type.json': 'schemas/dicts/xypj_training_type.json',
    };
    for (const [file, inGuide] of Object.entries(expected)) {
      expect(body(readFileSync(path.join(out, file), 'utf8')), file).toBe(body(shown.get(inGuide)![0]));
    }
  });

  it('writes a page that derives into a valid list page from the entity it wrote', () => {
    const page = JSON.parse(readFileSync(path.join(out, 'pages/xypj/ExpertTrainingList.json'), 'utf8'));
    const derived = deriveFromEntityFiles(page, path.join(out, 'entities'));
    expect(derived.problem).toBeUndefined();
    expect(validateSchemaDocument(derived.page, 'page')).toEqual([]);
  });

  it('refuses to overwrite, and names what is wrong in an argument', () => {
    expect(() => writeScreen(options)).toThrow(/already there, nothing written: .*xypj_expert_training\.json/);
    expect(() => parseScreenArgs(['xypj/XList'])).toThrow('--label is required');
    expect(() => writeScreen(parseScreenArgs(['xypj/XList', '--label', 'X', '--field', 'Bad:名称', '--out', out]))).toThrow(
      '--field Bad:名称: the name must be camelCase',
    );
    expect(() => writeScreen(parseScreenArgs(['xypj/XList', '--label', 'X', '--field', 'a:A:string:big', '--out', out]))).toThrow(
      'unknown rule "big"',
    );
    expect(parseField('hours:学时:decimal:min=0,max=99.5')).toEqual({ name: 'hours', type: 'decimal', min: 0, max: 99.5, label: '学时' });
    expect(parseField('idNo:证件号:string:maxLength=18,exact')).toEqual({
      name: 'idNo',
      type: 'string',
      length: 100,
      maxLength: 18,
      queryMatch: 'exact',
      label: '证件号',
    });
    expect(parseField('active:启用:string:length=1,yesNo')).toMatchObject({ length: 1, yesNo: true });
  });
});
