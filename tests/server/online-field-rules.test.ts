import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/modules/online/design';
import { backends, startTestApp, type TestApp } from './support/app';
import { grantMenu } from './support/online-forms';

const STAFF_ROLE = 'r_xypj_staff';

/** A form designed and synced through the designer, whose 唯一, 校验规则 and range are the entity engine's rules. */
describe.each(backends())('online form field rules on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let expert: string;
  let formId = '';

  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
    const res = await t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; result: any } };
  };
  const design = (fields: object[]) =>
    call('POST', '/online/cgform/api/addAll', admin, {
      head: { tableName: 'demo_rules', tableTxt: '规则表', tableType: 1 },
      fields,
      indexs: [],
    });
  const duplicate = (field: string, value: string, token: string, dataId?: string) =>
    call(
      'GET',
      `/sys/duplicate/check?tableName=demo_rules&fieldName=${field}&fieldVal=${encodeURIComponent(value)}${dataId ? `&dataId=${dataId}` : ''}`,
      token,
    );

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    staff = await t.login('staff');
    expert = await t.login('expert');
    const added = await design([
      { dbFieldName: 'code', dbFieldTxt: '编号', dbLength: 20, fieldValidType: 'only' },
      { dbFieldName: 'phone', dbFieldTxt: '手机', dbLength: 20, fieldValidType: 'm' },
      { dbFieldName: 'score', dbFieldTxt: '分数', dbType: 'int', fieldExtendJson: '{"min":0,"max":100}' },
    ]);
    expect(added.body).toMatchObject({ success: true });
    formId = added.body.result as string;
    expect((await call('POST', `/online/cgform/api/doDbSynch/${formId}/normal`, admin)).body).toMatchObject({ success: true });
    await grantMenu(t.db, 'm_demo_rules', '规则表', `/online/cgformList/${formId}`, STAFF_ROLE);
  });
  afterAll(() => t?.close());

  it('gives the form the rules the server checks: duplicate check, pattern, range', async () => {
    const page = (await call('GET', `/online/cgform/api/page/${formId}`, staff)).body.result;
    const { code, phone, score } = page.form.schema.properties;
    expect(code['x-validator']).toContainEqual({ duplicateCheck: { tableName: 'demo_rules', fieldName: 'code' } });
    expect(phone['x-validator']).toContainEqual({ pattern: '^1[3-9]\\d{9}$', message: '手机：请输入正确的手机号码' });
    expect(score['x-validator']).toEqual([
      { min: 0, message: '分数不能小于0' },
      { max: 100, message: '分数不能大于100' },
    ]);
    const add = (body: object) => call('POST', `/online/cgform/api/form/${formId}`, staff, body);
    expect((await add({ code: 'A1', phone: '13800000000', score: 90 })).body).toMatchObject({ success: true });
    expect((await add({ code: 'A2', score: 101 })).body).toMatchObject({ success: false, message: '分数不能大于100' });
    expect((await add({ code: 'A2', phone: '123' })).body).toMatchObject({ success: false, message: '手机：请输入正确的手机号码' });
    expect((await add({ code: 'A1' })).body).toMatchObject({ success: false, message: '编号已存在' });
  });

  it('answers the 唯一 field’s duplicate check as the user types, to callers who reach the form', async () => {
    expect((await duplicate('code', 'A1', staff)).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await duplicate('code', 'B9', staff)).body).toMatchObject({ success: true, message: '该值可用！' });
    const row = (await call('GET', `/online/cgform/api/getData/${formId}?code=A1`, staff)).body.result.records[0];
    expect((await duplicate('code', 'A1', staff, row.id)).body).toMatchObject({ success: true });
    expect((await duplicate('phone', '13800000000', staff)).body).toMatchObject({ success: false, message: '该字段不支持重复校验' });
    expect((await duplicate('code', 'A1', expert)).status).toBe(403);
  });

  it('refuses in the designer a pattern on a number field and a range on a text field, as an entity file is refused', async () => {
    const refused = async (field: object) => (await design([field])).body.message;
    expect(await refused({ dbFieldName: 'n1', dbType: 'int', fieldValidType: 'n' })).toBe(
      '字段“n1”的校验规则只能用于文本字段（数值字段的范围写在扩展参数的 min、max 中）',
    );
    expect(await refused({ dbFieldName: 'n1', fieldExtendJson: '{"max":5}' })).toBe('字段“n1”的扩展参数 min、max 只能用于数值字段');
    expect(await refused({ dbFieldName: 'n1', dbType: 'int', fieldExtendJson: '{"min":5,"max":1}' })).toBe(
      '字段“n1”的扩展参数 min 大于 max',
    );
    expect(await refused({ dbFieldName: 'n1', dbType: 'int', fieldExtendJson: '{"min":"a"}' })).toBe(
      '字段“n1”的扩展参数 min、max 必须是数字',
    );
  });
});
