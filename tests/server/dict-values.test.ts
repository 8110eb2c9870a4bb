import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

const UNKNOWN = '字典不存在或不允许查询';
const DEPARTS = encodeURIComponent('sys_depart,depart_name,id');

interface Item {
  value: string;
  text: string;
}

describe.each(backends())('loadDictOrderByValue and getDictText on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let company: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    staff = await t.login('staff');
    company = await t.login('company');
  });
  afterAll(() => t?.close());

  const get = (url: string, token = staff) => t.request({ method: 'GET', url, token });
  const json = async (url: string, token = staff) => (await get(url, token)).json();

  it('puts the selected values first, then the page, without repeating one already on the page', async () => {
    const page: Item[] = (await json(`/api/sys/dict/loadDict/${DEPARTS}?pageSize=2`)).result;
    expect(page).toHaveLength(2);
    expect(page.map((i) => i.value)).not.toContain('d_a02');

    const body = await json(`/api/sys/dict/loadDictOrderByValue/${DEPARTS}?keyword=d_a02&pageSize=2`);
    expect(body.success).toBe(true);
    expect(body.result).toEqual([{ value: 'd_a02', text: '监理企业', title: '监理企业', label: '监理企业' }, ...page]);

    const onPage = await json(`/api/sys/dict/loadDictOrderByValue/${DEPARTS}?keyword=${page[1]!.value}&pageSize=2`);
    expect(onPage.result).toEqual(page);

    const plain = await json('/api/sys/dict/loadDictOrderByValue/sex?keyword=2&pageSize=1');
    expect(plain.result.map((i: Item) => i.text)).toEqual(['女', '男']);
  });

  it('requires the keyword parameter', async () => {
    expect(await json(`/api/sys/dict/loadDictOrderByValue/${DEPARTS}?pageSize=2`)).toMatchObject({ success: false });
  });

  it('answers the text of one value of a plain or registered table dictionary, null when unknown', async () => {
    expect(await json('/api/sys/dict/getDictText/sex/2')).toMatchObject({ success: true, result: '女' });
    expect(await json('/api/sys/dict/getDictText/sex/9')).toMatchObject({ success: true, result: null });
    expect(await json(`/api/sys/dict/getDictText/${DEPARTS}/d_a02`)).toMatchObject({ success: true, result: '监理企业' });
    expect(await json('/api/sys/dict/getDictText/messageType/email')).toMatchObject({ success: true, result: '邮件消息' });
    const key = await json(`/api/sys/dict/getDictText/sex/${encodeURIComponent("1' or '1'='1")}`);
    expect(key).toMatchObject({ success: true, result: null });
  });

  it('needs a signed-in user and the dictionary permission', async () => {
    const anonymous = (url: string) => t.request({ method: 'GET', url });
    expect((await anonymous('/api/sys/dict/getDictText/sex/1')).statusCode).toBe(401);
    expect((await anonymous('/api/sys/dict/loadDictOrderByValue/sex?keyword=1')).statusCode).toBe(401);
    const users = encodeURIComponent('sys_user,realname,username');
    expect((await get(`/api/sys/dict/getDictText/${users}/admin`, company)).statusCode).toBe(403);
    expect((await get(`/api/sys/dict/loadDictOrderByValue/${users}?keyword=admin`, company)).statusCode).toBe(403);
  });

  it('refuses injection-shaped, unregistered and sensitive dictionary codes with plain messages', async () => {
    const hostile = [
      'sys_depart,depart_name,id,1=1',
      "sys_depart where 1=1 or '1'='1',depart_name,id",
      'sys_depart,depart_name,(select realname from sys_user limit 1)',
      'sys_depart,depart_name;drop table sys_user,id',
      'pg_catalog.pg_user,usename,passwd',
      "sex' or '1'='1",
      'sex;select 1',
      'sex union select password from sys_user',
    ];
    for (const code of hostile) {
      const ordered = await json(`/api/sys/dict/loadDictOrderByValue/${encodeURIComponent(code)}?keyword=a`);
      expect(ordered, code).toMatchObject({ success: false, message: UNKNOWN });
      const textOf = await json(`/api/sys/dict/getDictText/${encodeURIComponent(code)}/a`);
      expect(textOf, code).toMatchObject({ success: false, message: UNKNOWN });
    }
    const sensitive = encodeURIComponent('sys_user,password,username');
    expect(await json(`/api/sys/dict/getDictText/${sensitive}/admin`)).toMatchObject({
      success: false,
      message: '系统设置了安全规则，敏感表和敏感字段禁止查询，联系管理员授权!',
    });
  });
});
