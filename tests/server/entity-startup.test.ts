import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startupMessage } from '../../server/core/authoring-error';
import { ENTITY_DIR, loadEntityDefinitions } from '../../server/modules/entity/definitions';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What start-up prints when the entity folder holds `entity` as bad_thing.json. */
function startupLine(entity: Record<string, unknown>): { file: string; printed: string } {
  dir = mkdtempSync(path.join(tmpdir(), 'entity-startup-'));
  const file = path.join(dir, 'bad_thing.json');
  writeFileSync(
    file,
    JSON.stringify({
      $schema: '../_meta/entity.schema.json',
      table: 'bad_thing',
      label: '坏',
      apiBase: '/bad/thing',
      permissionPrefix: 'bad:thing',
      ...entity,
    }),
  );
  try {
    loadEntityDefinitions([ENTITY_DIR, dir]);
  } catch (error) {
    return { file, printed: startupMessage(error) };
  }
  throw new Error('the entity was accepted');
}

describe('start-up with a bad entity file', () => {
  it('prints one line naming the file and the property, without a stack trace', () => {
    const { file, printed } = startupLine({
      columns: [
        { name: 'title', type: 'string', label: '标题' },
        { name: 'qty', type: 'int', label: '数量', maxValue: 3 },
      ],
    });
    expect(printed).toBe(`实体定义 ${file}：/columns/1/maxValue 不是允许的属性`);
  });

  it('names a missing property and a rule that does not fit the column', () => {
    expect(startupLine({ columns: [{ name: 'title', type: 'string' }] }).printed).toMatch(
      /^实体定义 \S+bad_thing\.json：\/columns\/0\/label 缺少必填属性$/,
    );
    expect(startupLine({ columns: [{ name: 'title', type: 'string', label: '标题', min: 1 }] }).printed).toMatch(
      /：\/columns\/0\/min 列 title 的 min 只能用于数值列$/,
    );
    expect(startupLine({ columns: [{ name: 'code', type: 'string', label: '编码', pattern: '([' }] }).printed).toMatch(
      /：\/columns\/0\/pattern 列 code 的 pattern 不可用：请输入正确的正则表达式$/,
    );
  });

  it('keeps the stack of an unexpected error', () => {
    expect(startupMessage(new TypeError('boom'))).toMatch(/^TypeError: boom\n\s+at /);
  });
});
