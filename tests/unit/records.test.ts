import { describe, expect, it } from 'vitest';
import { compareRows, type DataVersion } from '../../src/views/system/parts/records/compare';
import { escapeHtml, parseTemplateData } from '../../server/modules/records/template-render';
import { failureText, receiverProblem } from '../../server/modules/records/channels';

const version = (n: number, content: object): DataVersion => ({
  id: `v${n}`,
  dataTable: 'sys_position',
  dataId: 'p1',
  dataVersion: n,
  dataContent: JSON.stringify(content),
  fieldLabels: { name: '职务名称' },
});

describe('data log compare', () => {
  it('lists the fields of both versions, labelled, with the changed ones marked', () => {
    const rows = compareRows(version(1, { code: 'a', name: '甲', gone: 1 }), version(2, { code: 'a', name: '乙', added: null }));
    expect(rows).toEqual([
      { field: 'code', label: 'code', before: 'a', after: 'a', changed: false },
      { field: 'name', label: '职务名称（name）', before: '甲', after: '乙', changed: true },
      { field: 'gone', label: 'gone', before: '1', after: '', changed: true },
      { field: 'added', label: 'added', before: '', after: '', changed: false },
    ]);
  });

  it('a damaged version compares as empty instead of failing', () => {
    const rows = compareRows({ ...version(1, {}), dataContent: '{bad' }, version(2, { name: 'x' }));
    expect(rows).toEqual([{ field: 'name', label: '职务名称（name）', before: '', after: 'x', changed: true }]);
  });
});

describe('message helpers', () => {
  it('test data must be a JSON object', () => {
    expect(parseTemplateData('')).toEqual({});
    expect(parseTemplateData('{"a":1}')).toEqual({ a: 1 });
    expect(() => parseTemplateData('[1]')).toThrow('测试数据必须是JSON对象');
    expect(() => parseTemplateData('{x')).toThrow('测试数据不是合法的JSON');
  });

  it('escapes HTML, checks receivers and keeps SMTP credentials out of failure texts', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(receiverProblem('email', 'a@b.cn')).toBeNull();
    expect(receiverProblem('email', 'not-mail')).toBe('接收人不是有效的邮箱地址');
    expect(receiverProblem('sms', '1380000')).toBe('接收人不是有效的手机号');
    expect(failureText(new Error('connect to smtp://u:secret@h:25 failed'), 'smtp://u:secret@h:25')).toBe('connect to SMTP_URL failed');
    expect(failureText(new Error('bad smtp://u:pw@other:25'), undefined)).toBe('bad smtp://***@other:25');
  });
});
