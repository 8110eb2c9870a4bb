import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { multipart, sheetRows, workbook } from './support/forms';

describe.each(backends())('entity export and import on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    for (const [code, name, postRank] of [
      ['e1', '导出一', '1'],
      ['e2', '导出二', '3'],
      ['e3', '其他', '5'],
    ]) {
      await t.request({ method: 'POST', url: '/api/sys/position/add', payload: { code, name, postRank }, token: admin });
    }
  });
  afterAll(() => t?.close());

  const ids = async (query: string) =>
    (await t.request({ method: 'GET', url: `/api/sys/position/list?${query}`, token: admin })).json().result.records as Array<{
      id: string;
      code: string;
    }>;

  it('exports the filtered rows as an xlsx attachment named after the export title, with dictionary texts', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/sys/position/exportXls?name=${encodeURIComponent('导出*')}&column=code&order=asc`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sys_position.xlsx"; filename*=UTF-8''${encodeURIComponent('职务表.xlsx')}`,
    );
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['职务表报表']);
    expect(rows[1]).toEqual(['导出人:管理员']);
    expect(rows[2]).toEqual(['职务编码', '职务名称', '职级', '公司id']);
    expect(rows.slice(3)).toEqual([
      ['e1', '导出一', '员级'],
      ['e2', '导出二', '中级'],
    ]);
  });

  it('exports only the selected rows and the chosen columns', async () => {
    const [e3] = await ids('code=e3');
    const res = await t.request({
      method: 'GET',
      url: `/api/sys/position/exportXls?selections=${e3!.id},&field=id,,name,postRank`,
      token: admin,
    });
    const rows = await sheetRows(res.rawPayload);
    expect(rows[2]).toEqual(['职务名称', '职级']);
    expect(rows.slice(3)).toEqual([['其他', '正高级']]);
  });

  it('answers a bad export request with a JSON message instead of a file', async () => {
    const res = await t.request({ method: 'GET', url: '/api/sys/position/exportXls?column=nope&order=asc', token: admin });
    expect(res.json()).toMatchObject({ success: false, message: '请注意，将要排序的列字段不存在：nope' });
  });

  it('imports an exported file back when every row is valid', async () => {
    const data = await workbook([
      ['职务表报表'],
      ['导出人:管理员'],
      ['职务编码', '职务名称', '职级'],
      ['i1', '导入一', '中级'],
      ['i2', '导入二', '2'],
      [],
    ]);
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/position/importExcel',
      token: admin,
      ...multipart({ isSingleTableImport: 'true' }, [{ field: 'file', name: '职务.xlsx', content: data }]),
    });
    expect(res.json()).toMatchObject({ success: true, code: 200, message: '共2行数据全部导入成功！' });
    const rows = await ids('code=i1,i2&column=code&order=asc');
    expect(rows.map((r) => r.code)).toEqual(['i1', 'i2']);
    expect((await ids('code=i1'))[0]).toMatchObject({ postRank: '3', postRank_dictText: '中级' });
  });

  it('saves the good rows and answers code 201 with a downloadable error report', async () => {
    const data = await workbook([
      ['职务编码', '职务名称', '职级'],
      ['j1', '好的', '员级'],
      ['', '缺编码', '员级'],
      ['j1', '重复', '员级'],
      ['j3', '坏职级', '特级'],
      ['e1', '已存在', '员级'],
    ]);
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/position/importExcel',
      token: admin,
      ...multipart({ isSingleTableImport: 'true' }, [{ field: 'files[]', name: 'bad.xlsx', content: data }]),
    });
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
      result: { totalCount: 5, errorCount: 4, successCount: 1, msg: '总上传行数：5，已导入行数：1，错误行数：4' },
    });
    expect(body.result.fileName).toMatch(/^职务导入错误信息\d{14}\.txt$/);
    expect(body.result.fileUrl).toMatch(/^\/sys\/entity\/importError\/[a-f0-9]{32}$/);
    expect((await ids('code=j1')).length).toBe(1);

    const download = await t.request({ method: 'GET', url: `/api${body.result.fileUrl}`, token: admin });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(download.headers['content-disposition']).toContain('attachment;');
    expect(download.body).toContain('第3行：职务编码不能为空');
    expect(download.body).toContain('第4行：职务编码已存在');
    expect(download.body).toContain('第5行：职级的值不在字典中');
    expect(download.body).toContain('第6行：职务编码已存在');

    const anonymous = await t.request({ method: 'GET', url: `/api${body.result.fileUrl}` });
    expect(anonymous.statusCode).toBe(401);
    const other = await t.request({ method: 'GET', url: `/api${body.result.fileUrl}`, token: await t.login('staff') });
    expect(other.json()).toMatchObject({ success: false, message: '文件不存在或已过期' });
  });

  it('refuses files that are not Excel workbooks with a plain message', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/position/importExcel',
      token: admin,
      ...multipart({ isSingleTableImport: 'true' }, [{ field: 'file', name: 'x.xlsx', content: Buffer.from('not a workbook') }]),
    });
    expect(res.json()).toMatchObject({ success: false, message: '文件格式不正确，请上传.xls或.xlsx格式的Excel文件' });
    const none = await t.request({ method: 'POST', url: '/api/sys/position/importExcel', token: admin, payload: {} });
    expect(none.json()).toMatchObject({ success: false, message: '请上传Excel文件' });
  });
});
