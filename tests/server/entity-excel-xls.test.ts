import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { multipart } from './support/forms';
import { xlsWorkbook } from './support/xls-writer';

const FORMAT_MESSAGE = '文件格式不正确，请上传.xls或.xlsx格式的Excel文件';
const XLS_TYPE = 'application/vnd.ms-excel';

describe.each(backends())('.xls import on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  const upload = (url: string, name: string, content: Buffer) =>
    t.request({
      method: 'POST',
      url: `/api${url}`,
      token: admin,
      ...multipart({ isSingleTableImport: 'true' }, [{ field: 'files[]', name, content, type: XLS_TYPE }]),
    });
  const list = async (url: string) => (await t.request({ method: 'GET', url: `/api${url}`, token: admin })).json().result.records;

  it('saves the good rows of an .xls file and answers code 201 with the bad ones', async () => {
    const file = xlsWorkbook(
      [
        ['职务表报表'],
        ['职务编码', '职务名称', '职级'],
        ['x1', '监理工程师（总监理工程师代表）', '中级'],
        ['x2', { label: '导入二' }, { rk: 2 }],
        ['', '缺编码', '员级'],
        ['x1', '重复', '员级'],
        [{ formula: 'x3' }, '公式编码', { formula: '员级' }],
      ],
      { sstChunk: 40 },
    );
    const res = await upload('/sys/position/importExcel', '职务.xls', file);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 201, result: { totalCount: 5, errorCount: 2, successCount: 3 } });
    const saved = await list('/sys/position/list?code=x1,x2,x3&column=code&order=asc');
    expect(saved.map((r: { code: string; name: string; postRank: string }) => [r.code, r.name, r.postRank])).toEqual([
      ['x1', '监理工程师（总监理工程师代表）', '3'],
      ['x2', '导入二', '2'],
      ['x3', '公式编码', '1'],
    ]);
    const report = await t.request({ method: 'GET', url: `/api${body.result.fileUrl}`, token: admin });
    expect(report.body).toContain('第5行：职务编码不能为空');
    expect(report.body).toContain('第6行：职务编码已存在');
  });

  it('reads dates and numbers into datetime and decimal fields', async () => {
    const file = xlsWorkbook([
      ['订单号', '订单日期', '订单金额', '订单备注'],
      ['XLS-001', { date: 45306.5 }, 12.345, '第一单'],
      ['XLS-002', { date: 45307 }, { rk: 99 }, { formula: 7 }],
    ]);
    const res = await upload('/test/order/importExcel', '订单.xls', file);
    expect(res.json()).toMatchObject({ success: true, message: '共2行数据全部导入成功！' });
    const rows = await list('/test/order/list?orderCode=XLS-*&column=orderCode&order=asc');
    expect(
      rows.map((r: { orderCode: string; orderDate: string; orderMoney: number | string; content: string }) => [
        r.orderCode,
        r.orderDate,
        Number(r.orderMoney),
        r.content,
      ]),
    ).toEqual([
      ['XLS-001', '2024-01-15 12:00:00', 12.345, '第一单'],
      ['XLS-002', '2024-01-16 00:00:00', 99, '7'],
    ]);
  });

  it('serves the administration importers that share the reader', async () => {
    const res = await upload(
      '/sys/role/importExcel',
      '角色.xls',
      xlsWorkbook([
        ['角色名称', '角色编码'],
        ['导入角色', 'xls_role'],
      ]),
    );
    expect(res.json()).toMatchObject({ success: true, message: '共1行数据全部导入成功！' });
    expect(await t.db.selectFrom('sys_role').select('role_name').where('role_code', '=', 'xls_role').executeTakeFirst()).toEqual({
      role_name: '导入角色',
    });
  });

  it('answers garbage, broken, encrypted and old .xls files with plain messages, never a 500', async () => {
    const good = xlsWorkbook([
      ['职务编码', '职务名称', '职级'],
      ['g1', '好', '员级'],
    ]);
    const cases: Array<[Buffer, string]> = [
      [Buffer.from('not a workbook at all'), FORMAT_MESSAGE],
      [Buffer.concat([good.subarray(0, 8), Buffer.alloc(2000, 0x41)]), FORMAT_MESSAGE],
      [good.subarray(0, good.length - 1500), FORMAT_MESSAGE],
      [xlsWorkbook([['职务编码']], { encrypted: true }), '文件已加密，请取消密码后再导入'],
      [xlsWorkbook([['职务编码']], { version: 0x0500 }), '仅支持Excel 97-2003格式的.xls文件，请另存为.xlsx后导入'],
    ];
    for (const [content, message] of cases) {
      const res = await upload('/sys/position/importExcel', 'x.xls', content);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    expect(await list('/sys/position/list?code=g1')).toEqual([]);
  });
});
