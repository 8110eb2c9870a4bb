import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCreditCode } from '../../server/modules/xypj/seed';
import { backends, startTestApp, type TestApp } from './support/app';
import { importUpload, multipart, sheetRows, workbook } from './support/forms';
import { caller, seeded, type Caller } from './support/xypj';

const STORED = /^xypj\/\d{8}\/.+\.pdf$/;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe.each(backends())('单位信息 evidence on %s', (backend) => {
  let t: TestApp;
  let staff: Caller;
  let company: Caller;
  let companyToken: string;
  let staffToken: string;
  const own = seeded.company(1);

  beforeAll(async () => {
    t = await startTestApp(backend);
    staffToken = await t.login('staff');
    companyToken = await t.login('company');
    staff = caller(t, staffToken);
    company = caller(t, companyToken);
  });
  afterAll(() => t?.close());

  async function upload(name: string): Promise<string> {
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/common/upload',
      token: companyToken,
      ...multipart({ biz: 'xypj' }, [{ name, content: PDF, type: 'application/pdf' }]),
    });
    const body = res.json();
    expect(body.success, body.message).toBe(true);
    return body.message as string;
  }

  it('the demo company has a stored licence, an area code shown by name and evidence files in its sub-forms', async () => {
    const mine = (await company.get('/xypj/company/mine')).result;
    expect(mine.licenseFile).toMatch(STORED);
    expect(mine.areaCode).toBe('520302');
    expect(mine.engineerList.length).toBeGreaterThan(0);
    for (const row of mine.engineerList) expect(row.certFile).toMatch(STORED);
    for (const row of mine.projectList) expect(row.proofFile).toMatch(STORED);
    const withAward = (await staff.get(`/xypj/company/queryAwardListByMainId?id=${seeded.company(3)}`)).result;
    expect(withAward[0].file).toMatch(STORED);
    const listed = (await staff.get(`/xypj/company/list?creditCode=${demoCreditCode(1)}`)).result.records[0];
    expect(listed.areaCode_dictText).toBe('贵州省/遵义市/红花岗区');
    const file = await t.request({ method: 'GET', url: `/api/sys/common/static/${mine.licenseFile}`, token: staffToken });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('所在地区 takes a division code only, and evidence files only as PDF, JPG or PNG', async () => {
    expect(await company.put('/xypj/company/edit', { id: own, areaCode: '999999' })).toMatchObject({
      success: false,
      message: '所在地区的值不在字典中',
    });
    expect(await company.put('/xypj/company/edit', { id: own, areaCode: '观山湖区金阳南路' })).toMatchObject({
      success: false,
      message: '所在地区的值不在字典中',
    });
    expect(
      await company.put('/xypj/company/edit', { id: own, licenseFile: 'xypj/20260101/licence_1767225600000abcdefabcdefabcdefab.exe' }),
    ).toMatchObject({
      success: false,
      message: '营业执照只能是PDF、JPG或PNG文件',
    });
    const mine = (await company.get('/xypj/company/mine')).result;
    const engineerList = mine.engineerList.map((row: Record<string, unknown>, i: number) =>
      i === 1 ? { ...row, certFile: 'xypj/20260101/cert.docx' } : row,
    );
    expect(await company.put('/xypj/company/edit', { id: own, engineerList })).toMatchObject({
      success: false,
      message: '注册监理工程师第2行：证书文件只能是PDF、JPG或PNG文件',
    });
    expect(await company.put('/xypj/company/edit', { id: own, areaCode: '440305' })).toMatchObject({ success: true });
    expect((await company.get('/xypj/company/mine')).result.areaCode).toBe('440305');
    expect((await staff.get(`/xypj/company/list?creditCode=${demoCreditCode(1)}`)).result.records[0].areaCode_dictText).toBe(
      '广东省/深圳市/南山区',
    );
  });

  it('applying without a business licence is refused; with one, the snapshot carries the area and every evidence file', async () => {
    expect(await company.put('/xypj/company/edit', { id: own, licenseFile: '' })).toMatchObject({ success: true });
    const draft = (await company.get('/xypj/application/list?state=draft')).result.records[0];
    expect(draft.companyId).toBe(own);
    expect(await company.post('/xypj/application/submit', { id: draft.id })).toMatchObject({
      success: false,
      message: '请先在单位信息中上传营业执照',
    });
    expect(await company.post('/xypj/application/add', { batchId: draft.batchId, companyId: own })).toMatchObject({
      success: false,
      message: '请先在单位信息中上传营业执照',
    });

    const licence = await upload('营业执照.pdf');
    const award = await upload('获奖证书.pdf');
    expect(
      await company.put('/xypj/company/edit', {
        id: own,
        licenseFile: licence,
        awardList: [{ name: '省优质工程监理奖', awardLevel: '1', file: award }],
      }),
    ).toMatchObject({ success: true });
    expect(await company.post('/xypj/application/submit', { id: draft.id })).toMatchObject({ success: true, message: '提交成功' });

    const snapshot = JSON.parse((await staff.get(`/xypj/application/queryById?id=${draft.id}`)).result.snapshot);
    expect(snapshot).toMatchObject({ areaCode: '440305', licenseFile: licence, awardList: [{ name: '省优质工程监理奖', file: award }] });
    expect(snapshot.engineerList[0].certFile).toMatch(STORED);
    expect(snapshot.projectList[0].proofFile).toMatch(STORED);
  });

  it('个人资料 and 单位信息 load the own record of the caller: an expert gets theirs with its materials, others are refused', async () => {
    const expert = caller(t, await t.login('expert'));
    const mine = (await expert.get('/xypj/expert/mine')).result;
    expect(mine).toMatchObject({ id: seeded.expert(1), name: '评审专家' });
    expect(mine.materialList.map((m: { title: string }) => m.title)).toEqual(['职称证书', '注册监理工程师证书']);
    expect(await company.get('/xypj/expert/mine')).toMatchObject({ success: false, message: '当前账号未关联专家' });
    expect(await expert.get('/xypj/company/mine')).toMatchObject({ success: false, message: '当前账号未关联企业' });
  });

  it('the exported unit information names the area and lists the licence; an import takes the area by name', async () => {
    const res = await t.request({ method: 'GET', url: `/api/xypj/company/exportXls?creditCode=${demoCreditCode(1)}`, token: staffToken });
    const rows = await sheetRows(res.rawPayload);
    const header = rows[2] as string[];
    const row = rows[3]!;
    expect(row[header.indexOf('所在地区')]).toBe('广东省/深圳市/南山区');
    expect(row[header.indexOf('营业执照')]).toMatch(STORED);
    // each record's sub-form rows follow it, evidence files included
    const both = await t.request({
      method: 'GET',
      url: `/api/xypj/company/exportXls?selections=${seeded.company(1)},${seeded.company(3)}`,
      token: staffToken,
    });
    const sheet = await sheetRows(both.rawPayload);
    const titles = sheet[2] as string[];
    for (const column of ['注册监理工程师-证书文件', '业绩项目-证明材料', '获奖情况-证明文件']) {
      const at = titles.indexOf(column);
      expect(at, column).toBeGreaterThan(-1);
      expect(
        sheet.slice(3).some((r) => STORED.test(String(r[at] ?? ''))),
        column,
      ).toBe(true);
    }
    const single = await sheetRows(
      (
        await t.request({
          method: 'GET',
          url: `/api/xypj/company/exportXls?selections=${seeded.company(1)}&exportSingleOnly=1`,
          token: staffToken,
        })
      ).rawPayload,
    );
    expect((single[2] as string[]).some((title) => title.includes('-'))).toBe(false);
    expect(single).toHaveLength(4);

    const code = demoCreditCode(90);
    const data = await workbook([
      ['企业名称', '统一社会信用代码', '所在地区', '联系人', '联系电话'],
      ['导入监理有限公司', code, '贵州省/贵阳市/观山湖区', '张工', '13900000090'],
    ]);
    const imported = await t.request({
      method: 'POST',
      url: '/api/xypj/company/importExcel',
      token: staffToken,
      ...importUpload('企业.xlsx', data),
    });
    expect(imported.json()).toMatchObject({ success: true, message: '共1行数据全部导入成功！' });
    expect((await staff.get(`/xypj/company/list?creditCode=${code}`)).result.records[0]).toMatchObject({
      areaCode: '520115',
      areaCode_dictText: '贵州省/贵阳市/观山湖区',
    });

    const bad = await workbook([
      ['企业名称', '统一社会信用代码', '所在地区', '联系人', '联系电话'],
      ['错地区监理有限公司', demoCreditCode(91), '贵州省/不存在市', '张工', '13900000091'],
    ]);
    const refused = await t.request({
      method: 'POST',
      url: '/api/xypj/company/importExcel',
      token: staffToken,
      ...importUpload('企业.xlsx', bad),
    });
    expect(refused.json()).toMatchObject({ code: 201, result: { errorCount: 1 } });
  });
});
