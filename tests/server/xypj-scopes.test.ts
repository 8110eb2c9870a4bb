import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { creditCodeProblem, idCardProblem } from '@contract/id-numbers';
import { seedXypjDemoData } from '../../server/modules/xypj/seed';
import { multipart, sheetRows, workbook } from './support/forms';
import { caller, seeded, type Caller } from './support/xypj';

describe.each(backends())('credit evaluation row scopes on %s', (backend) => {
  let t: TestApp;
  let staff: Caller;
  let company: Caller;
  let expert: Caller;
  const own = seeded.company(1);
  const other = seeded.company(2);

  beforeAll(async () => {
    t = await startTestApp(backend);
    staff = caller(t, await t.login('staff'));
    company = caller(t, await t.login('company'));
    expert = caller(t, await t.login('expert'));
  });
  afterAll(() => t?.close());

  it('seeds 30 companies, 8 experts, two batches and applications in every state of the open one', async () => {
    expect((await staff.get('/xypj/company/list?pageSize=100')).result.total).toBe(30);
    expect((await staff.get('/xypj/expert/list')).result.total).toBe(8);
    const current = (await staff.get('/xypj/batch/current')).result;
    expect(current).toMatchObject({ state: 'open', accepting: true });
    const apps = (await staff.get(`/xypj/application/list?pageSize=100&batchId=${current.id}`)).result.records;
    expect(new Set(apps.map((a: { state: string }) => a.state))).toEqual(
      new Set(['draft', 'submitted', 'returned', 'accepted', 'assigned', 'scored', 'reviewed']),
    );
    const companies = (await staff.get('/xypj/company/list?pageSize=100')).result.records as Array<{ creditCode: string }>;
    expect(companies.filter((c) => creditCodeProblem(c.creditCode) !== null)).toEqual([]);
    const engineers = (await staff.get('/xypj/engineer/list?pageSize=100')).result.records as Array<{ idCard: string }>;
    expect(engineers.length).toBe(60);
    expect(engineers.filter((e) => idCardProblem(e.idCard) !== null)).toEqual([]);
    const items = (await staff.get('/xypj/criteria/queryItemListByMainId?id=xypj_criteria_001')).result;
    expect(items.reduce((sum: number, i: { maxScore: number }) => sum + Number(i.maxScore), 0)).toBe(100);
  });

  it('the demo data is applied once', async () => {
    expect(await seedXypjDemoData(t.db)).toBe(false);
    expect((await staff.get('/xypj/company/list?pageSize=1')).result.total).toBe(30);
  });

  it('the demo company and expert users see their menus', async () => {
    const titles = async (c: Caller) => {
      const menu = (await c.get('/sys/permission/getUserPermissionByToken')).result.menu as Array<{
        meta: { title: string };
        children?: Array<{ meta: { title: string } }>;
      }>;
      return menu.flatMap((m) => [m.meta.title, ...(m.children ?? []).map((c) => c.meta.title)]);
    };
    expect(await titles(company)).toEqual(expect.arrayContaining(['信用评价', '单位信息', '我的申报']));
    expect(await titles(company)).not.toContain('企业管理');
    expect(await titles(expert)).toEqual(expect.arrayContaining(['个人资料', '专家材料']));
    expect(await titles(staff)).toEqual(expect.arrayContaining(['企业管理', '专家管理', '专家材料', '评价批次', '评价标准', '形式审查']));
  });

  it('a company lists and reads only its own company', async () => {
    const list = (await company.get('/xypj/company/list?pageSize=100')).result;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ id: own, name: '演示监理企业有限公司' });
    expect(await company.get(`/xypj/company/queryById?id=${other}`)).toMatchObject({
      success: false,
      message: '只能查看和修改本单位的信息',
      result: null,
    });
    const mine = (await company.get('/xypj/company/mine')).result;
    expect(mine).toMatchObject({ id: own });
    expect(mine.engineerList).toHaveLength(2);
    expect(await company.get(`/xypj/company/queryEngineerListByMainId?id=${other}`)).toMatchObject({
      success: false,
      message: '只能查看和修改本单位的信息',
    });
  });

  it('a company’s export holds only its own company', async () => {
    const token = await t.login('company');
    const res = await t.request({ method: 'GET', url: '/api/xypj/company/exportXls?field=name,creditCode', token });
    const rows = await sheetRows(res.rawPayload);
    // a record's sub-form rows follow it under its merged name
    expect([...new Set(rows.slice(3).map((r) => r[0]))]).toEqual(['演示监理企业有限公司']);
  });

  it('a company editing another company is refused and nothing changes; on its own it cannot set the status or credit code', async () => {
    expect(await company.put('/xypj/company/edit', { id: other, name: '被改名' })).toMatchObject({
      success: false,
      message: '只能查看和修改本单位的信息',
    });
    expect((await staff.get(`/xypj/company/queryById?id=${other}`)).result.name).not.toBe('被改名');
    expect(
      await company.put('/xypj/company/edit', {
        id: own,
        contact: '新联系人',
        status: 'frozen',
        creditCode: '91350100M000100Y43',
        userId: 'u_demo_staff',
      }),
    ).toMatchObject({ success: true });
    expect((await staff.get(`/xypj/company/queryById?id=${own}`)).result).toMatchObject({
      contact: '新联系人',
      status: 'approved',
      userId: 'u_demo_company',
    });
    expect((await staff.get(`/xypj/company/queryById?id=${own}`)).result.creditCode).not.toBe('91350100M000100Y43');
  });

  it('a company cannot add or delete companies (no such permission)', async () => {
    expect(await company.status('POST', '/xypj/company/add', { name: 'x' })).toBe(403);
    expect(await company.status('POST', '/xypj/company/approve', { id: own })).toBe(403);
  });

  it('sub-form rows: a company sees its own, cannot touch another company’s, and adds rows only to its own company', async () => {
    const list = (await company.get('/xypj/engineer/list?pageSize=100')).result;
    expect(list.total).toBe(2);
    expect(list.records.every((r: { companyId: string }) => r.companyId === own)).toBe(true);
    const foreign = seeded.engineer(2, 1);
    expect(await company.get(`/xypj/engineer/queryById?id=${foreign}`)).toMatchObject({
      success: false,
      message: '只能查看和修改本单位的信息',
    });
    expect(await company.put('/xypj/engineer/edit', { id: foreign, name: '改' })).toMatchObject({
      success: false,
      message: '只能查看和修改本单位的信息',
    });
    expect(await company.del(`/xypj/engineer/delete?id=${foreign}`)).toMatchObject({
      success: false,
      message: '只能查看和修改本单位的信息',
    });
    expect(await company.del(`/xypj/engineer/deleteBatch?ids=${seeded.engineer(1, 1)},${foreign}`)).toMatchObject({
      success: false,
      message: '只能查看和修改本单位的信息',
    });
    expect((await staff.get(`/xypj/engineer/queryById?id=${foreign}`)).success).toBe(true);
    expect((await staff.get(`/xypj/engineer/queryById?id=${seeded.engineer(1, 1)}`)).success).toBe(true);
    expect(await company.post('/xypj/engineer/add', { companyId: other, name: '新工程师', idCard: '11010519491231002X' })).toMatchObject({
      success: true,
    });
    const added = (await staff.get('/xypj/engineer/list?name=新工程师')).result.records;
    expect(added).toHaveLength(1);
    expect(added[0].companyId).toBe(own);
  });

  it('a bad ID card and a bad credit code are refused with the message, in a form and in a sub-form row', async () => {
    expect(await company.post('/xypj/engineer/add', { name: '甲', idCard: '110105194912310021' })).toMatchObject({
      success: false,
      message: '身份证号校验位不正确',
    });
    expect(await company.put('/xypj/company/edit', { id: own, engineerList: [{ name: '乙', idCard: '11010519491231' }] })).toMatchObject({
      success: false,
      message: '注册监理工程师第1行：身份证号应为18位身份证号码（末位可为X）',
    });
    expect(
      await staff.post('/xypj/company/add', { name: '新企业', creditCode: '91350100M000100Y44', contact: '张三', mobile: '13912345678' }),
    ).toMatchObject({
      success: false,
      message: '统一社会信用代码校验位不正确',
    });
    expect(
      await staff.post('/xypj/company/add', { name: '新企业', creditCode: '91350100M000100Y43', contact: '张三', mobile: '13912345678' }),
    ).toMatchObject({ success: true });
  });

  it('a project ending before it starts and a deduction over 20 are refused', async () => {
    expect(await company.post('/xypj/project/add', { name: '项目', startDate: '2024-05-01', endDate: '2024-04-30' })).toMatchObject({
      success: false,
      message: '竣工日期不能早于开工日期',
    });
    expect(await company.post('/xypj/badRecord/add', { description: '迟到', recordDate: '2024-05-01', deduction: 21 })).toMatchObject({
      success: false,
      message: '扣分不能大于20',
    });
  });

  it('applications: a company lists only its own and cannot read another company’s', async () => {
    const list = (await company.get('/xypj/application/list?pageSize=100')).result.records;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r: { companyId: string }) => r.companyId === own)).toBe(true);
    expect(list[0].batchId_dictText).toMatch(/^\d{4}年度监理企业信用评价$/);
    const year = (await staff.get('/xypj/batch/current')).result.year;
    expect(await company.get(`/xypj/application/queryById?id=${seeded.application(year, 5)}`)).toMatchObject({
      success: false,
      message: '只能查看和修改本单位的申报',
    });
    expect(await company.post('/xypj/application/submit', { id: seeded.application(year, 5) })).toMatchObject({
      success: false,
      message: '只能查看和修改本单位的申报',
    });
  });

  it('an expert reads and edits only their own profile and materials, and cannot set a check state', async () => {
    expect((await expert.get('/xypj/expert/list')).result.records.map((r: { id: string }) => r.id)).toEqual([seeded.expert(1)]);
    expect(await expert.get(`/xypj/expert/queryById?id=${seeded.expert(2)}`)).toMatchObject({
      success: false,
      message: '只能查看和修改本人的专家信息',
    });
    const materials = (await expert.get('/xypj/expertMaterial/list')).result.records;
    expect(materials).toHaveLength(2);
    expect(materials[0].expertId_dictText).toBe('评审专家');
    expect((await expert.get('/sys/dict/getDictItems/xypj_expert,name,id')).success).not.toBe(true);
    expect(await expert.get(`/xypj/expertMaterial/queryById?id=${seeded.material(2, 1)}`)).toMatchObject({
      success: false,
      message: '只能查看和修改本人的专家材料',
    });
    expect(await expert.put('/xypj/expertMaterial/edit', { id: seeded.material(2, 1), title: '改' })).toMatchObject({
      success: false,
      message: '只能查看和修改本人的专家材料',
    });
    expect(await expert.put('/xypj/expertMaterial/edit', { id: seeded.material(1, 2), title: '新证书', checkState: '1' })).toMatchObject({
      success: true,
    });
    expect(
      await expert.post('/xypj/expertMaterial/add', {
        expertId: seeded.expert(2),
        materialType: '3',
        title: '其他',
        fileUrl: 'a.pdf',
        checkState: '1',
      }),
    ).toMatchObject({ success: true });
    const mine = (await staff.get(`/xypj/expertMaterial/list?title=其他`)).result.records[0];
    expect(mine).toMatchObject({ expertId: seeded.expert(1), checkState: '0' });
    expect(await expert.put('/xypj/expert/edit', { id: seeded.expert(1), workYears: 20, status: '0' })).toMatchObject({ success: true });
    expect((await staff.get(`/xypj/expert/queryById?id=${seeded.expert(1)}`)).result).toMatchObject({ workYears: 20, status: '1' });
    expect(await expert.status('GET', '/xypj/company/list')).toBe(403);
    expect(await expert.status('POST', '/xypj/expertMaterial/check', { id: seeded.material(1, 1), checkState: '1' })).toBe(403);
  });

  it('an expert importing materials gets them as their own, unchecked', async () => {
    const otherName = (await staff.get(`/xypj/expert/queryById?id=${seeded.expert(2)}`)).result.name;
    const data = await workbook([
      ['专家', '材料类型', '材料名称', '文件', '审核状态'],
      [otherName, '其他材料', '导入的材料', 'x.pdf', '已通过'],
    ]);
    const token = await t.login('expert');
    const res = await t.request({
      method: 'POST',
      url: '/api/xypj/expertMaterial/importExcel',
      token,
      ...multipart({}, [{ field: 'file', name: 'm.xlsx', content: data }]),
    });
    expect(res.json()).toMatchObject({ success: true, message: '共1行数据全部导入成功！' });
    expect((await staff.get('/xypj/expertMaterial/list?title=导入的材料')).result.records[0]).toMatchObject({
      expertId: seeded.expert(1),
      checkState: '0',
    });
  });

  it('staff set a material’s check state; 未通过 needs a remark', async () => {
    expect(await staff.post('/xypj/expertMaterial/check', { id: seeded.material(3, 1), checkState: '2' })).toMatchObject({
      success: false,
      message: '请填写审核意见',
    });
    expect(
      await staff.post('/xypj/expertMaterial/check', { id: seeded.material(3, 1), checkState: '2', checkRemark: '模糊' }),
    ).toMatchObject({ success: true });
    expect((await staff.get(`/xypj/expertMaterial/queryById?id=${seeded.material(3, 1)}`)).result).toMatchObject({
      checkState: '2',
      checkRemark: '模糊',
    });
  });

  it('the dashboard summary counts companies by status and the current batch’s applications by state, for staff only', async () => {
    const summary = (await staff.get('/xypj/dashboard/summary')).result;
    expect(summary.companies).toMatchObject({ registered: 31, approved: 27, pending: 2, rejected: 1, frozen: 1 }); // 30 seeded, one added by staff above
    expect(summary.batch.state).toBe('open');
    expect(Object.values(summary.applications as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(20);
    expect(summary.applications).toMatchObject({ submitted: 6, returned: 2, accepted: 2, assigned: 2, scored: 2, reviewed: 2 });
    expect(await company.status('GET', '/xypj/dashboard/summary')).toBe(403);
  });

  it('staff see every company’s rows', async () => {
    expect((await staff.get('/xypj/engineer/list?pageSize=1')).result.total).toBeGreaterThanOrEqual(60);
    expect((await staff.get(`/xypj/company/queryById?id=${other}`)).result.id).toBe(other);
  });
});
