import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

const UNKNOWN = '字典不存在或不允许查询';

describe.each(backends())('dictionary and user lookups on %s', (backend) => {
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
  const dict = (code: string) => encodeURIComponent(code);

  it('searches a registered table dictionary by keyword with a page size', async () => {
    const body = await json(
      `/api/sys/dict/loadDict/${dict('sys_depart,depart_name,id')}?keyword=${encodeURIComponent('办公')}&pageSize=10`,
    );
    expect(body.success).toBe(true);
    expect(body.result).toEqual([{ value: 'd_a01a01', text: '信用评价办公室', title: '信用评价办公室', label: '信用评价办公室' }]);
    const all = await json(`/api/sys/dict/loadDict/${dict('sys_depart , depart_name , id')}?pageSize=2`);
    expect(all.result).toHaveLength(2);
    const byList = await json(`/api/sys/dict/loadDict/${dict('sys_depart,depart_name,id')}?keyword=d_a01,d_a02`);
    expect(byList.result.map((r: { value: string }) => r.value).sort()).toEqual(['d_a01', 'd_a02']);
  });

  it('treats LIKE wildcards in a keyword as plain characters', async () => {
    expect((await json(`/api/sys/dict/loadDict/${dict('sys_depart,depart_name,id')}?keyword=%25`)).result).toEqual([]);
    expect((await json(`/api/sys/dict/loadDict/${dict('sys_depart,depart_name,id')}?keyword=${encodeURIComponent('监_')}`)).result).toEqual(
      [],
    );
    expect(
      (await json(`/api/sys/dict/loadDict/${dict('sys_depart,depart_name,id')}?keyword=${encodeURIComponent('监理')}`)).result,
    ).toHaveLength(2);
  });

  it('searches a plain dictionary code and answers labels in key order', async () => {
    expect((await json('/api/sys/dict/loadDict/sex?keyword=女')).result).toEqual([{ value: '2', text: '女', title: '女', label: '女' }]);
    expect((await json('/api/sys/dict/loadDictItem/sex?key=2,1,9')).result).toEqual(['女', '男']);
    expect((await json('/api/sys/dict/loadDictItem/sex?key=2,9&delNotExist=false')).result).toEqual(['女', '9']);
    const labels = await json(`/api/sys/dict/loadDictItem/${dict('sys_depart,depart_name,id')}?key=d_a02,d_a01,nope`);
    expect(labels.result).toEqual(['监理企业', '省工程建设监理协会']);
  });

  it('accepts a registered alias with its fixed filter and keeps the user dictionary for pickers', async () => {
    const users = await json(`/api/sys/dict/loadDict/${dict('sys_user where del_flag=0,realname,username')}?keyword=admin`);
    expect(users.result).toEqual([{ value: 'admin', text: '管理员', title: '管理员', label: '管理员' }]);
    const denied = await get(`/api/sys/dict/loadDict/${dict('sys_user,realname,username')}`, company);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('没有权限，请联系管理员授权');
  });

  it('refuses unregistered tables, columns, conditions and sensitive fields with plain messages', async () => {
    const hostile = [
      'sys_depart,depart_name,id,1=1',
      "sys_depart where 1=1 or '1'='1',depart_name,id",
      'sys_depart,depart_name,(select realname from sys_user limit 1)',
      'sys_depart,depart_name;drop table sys_user,id',
      'pg_catalog.pg_user,usename,passwd',
      'information_schema.tables,table_name,table_name',
      'sys_depart,depart_name,id--',
      "sex' or '1'='1",
      'sex;select 1',
    ];
    for (const code of hostile) {
      const body = await json(`/api/sys/dict/loadDict/${dict(code)}?keyword=a`);
      expect(body, code).toMatchObject({ success: false, message: UNKNOWN });
      const items = await json(`/api/sys/dict/loadDictItem/${dict(code)}?key=a`);
      expect(items, code).toMatchObject({ success: false, message: UNKNOWN });
    }
    for (const code of ['sys_user,password,username', 'sys_user,username,salt', 'sys_user_token,token_hash,id']) {
      const body = await json(`/api/sys/dict/loadDict/${dict(code)}`);
      expect(body).toMatchObject({ success: false, message: '系统设置了安全规则，敏感表和敏感字段禁止查询，联系管理员授权!' });
    }
  });

  it('loads tree children with leaf flags and registered conditions', async () => {
    const q = (extra: string) =>
      json(`/api/sys/dict/loadTreeData?tableName=sys_depart&text=depart_name&code=id&pidField=parent_id${extra}`);
    const roots = await q('&pid=');
    expect(roots.result.map((n: { key: string; leaf: boolean }) => [n.key, n.leaf])).toEqual([
      ['d_a01', false],
      ['d_a02', true],
    ]);
    expect(roots.result[0]).toMatchObject({ key: 'd_a01', title: '省工程建设监理协会', value: 'd_a01' });
    const children = await q('&pid=d_a01');
    expect(children.result.map((n: { key: string }) => n.key)).toEqual(['d_a01a01', 'd_a01a02', 'd_a01a03']);
    const filtered = await q(`&pid=d_a01&condition=${encodeURIComponent(JSON.stringify({ org_code: 'A01A02' }))}`);
    expect(filtered.result.map((n: { key: string }) => n.key)).toEqual(['d_a01a02']);
  });

  it('refuses hostile tree tables, columns and conditions', async () => {
    const base = '/api/sys/dict/loadTreeData?pid=';
    const cases: Array<[string, string]> = [
      ['&tableName=sys_user&text=username&code=password&pidField=id', UNKNOWN],
      ['&tableName=sys_depart;drop table x&text=depart_name&code=id&pidField=parent_id', UNKNOWN],
      ['&tableName=sys_depart&text=depart_name||password&code=id&pidField=parent_id', UNKNOWN],
      ['&tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&hasChildField=del_flag', UNKNOWN],
      [
        `&tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&condition=${encodeURIComponent('{"1=1) or (1":"1"}')}`,
        '查询条件格式不正确',
      ],
      [
        `&tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&condition=${encodeURIComponent('{"del_flag":"1"}')}`,
        '查询条件格式不正确',
      ],
      [
        `&tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&condition=${encodeURIComponent('{"org_code":{"$gt":""}}')}`,
        '查询条件格式不正确',
      ],
      [
        `&tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&condition=${encodeURIComponent("org_code='A01'")}`,
        '查询条件格式不正确',
      ],
    ];
    for (const [query, message] of cases) {
      const body = await json(base + query);
      expect(body, query).toMatchObject({ success: false, message });
    }
    const valueInjection = await json(
      `${base}&tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&condition=${encodeURIComponent(JSON.stringify({ org_code: "A01' or '1'='1" }))}`,
    );
    expect(valueInjection).toMatchObject({ success: true, result: [] });
  });

  it('pages users for the picker by department, name and an allow-listed sort', async () => {
    const page = await json('/api/sys/user/queryUserComponentData?departId=d_a01&pageNo=1&pageSize=10&column=username&order=asc');
    expect(page.success).toBe(true);
    expect(page.result.records.map((r: { username: string }) => r.username)).toEqual([
      'admin',
      'expert',
      'reviewer2',
      'reviewer3',
      'staff',
    ]);
    expect(page.result.total).toBe(5);
    const staffRow = page.result.records.find((r: { username: string }) => r.username === 'staff');
    expect(staffRow).toMatchObject({ realname: '评价办工作人员', orgCodeTxt: '信用评价办公室,综合部' });
    expect(staffRow).not.toHaveProperty('password');
    const second = await json('/api/sys/user/queryUserComponentData?pageNo=2&pageSize=2&column=createTime_dictText&order=desc');
    expect(second.result).toMatchObject({ total: 6, current: 2, size: 2 }); // admin, staff, expert, reviewer2, reviewer3, company
    const byName = await json(`/api/sys/user/queryUserComponentData?realname=${encodeURIComponent('专家')}`);
    expect(byName.result.records.map((r: { username: string }) => r.username)).toEqual(['expert']);
  });

  it('refuses a hostile sort column and keeps the picker from companies', async () => {
    for (const column of ['password', 'username;drop table sys_user', '(select 1)', 'create_time desc,(select 1)']) {
      const body = await json(`/api/sys/user/queryUserComponentData?column=${encodeURIComponent(column)}&order=asc`);
      expect(body, column).toMatchObject({ success: false, message: '排序字段不存在' });
    }
    const injected = await json(`/api/sys/user/queryUserComponentData?username=${encodeURIComponent("' or '1'='1")}`);
    expect(injected.result.total).toBe(0);
    expect((await get('/api/sys/user/queryUserComponentData', company)).statusCode).toBe(403);
  });

  it('resolves several users by id or username (trailing comma allowed)', async () => {
    const byName = await json('/api/sys/user/getMultiUser?username=staff,expert,', company);
    expect(byName.result.map((u: { realname: string }) => u.realname)).toEqual(['评审专家', '评价办工作人员']);
    expect(byName.result[0]).not.toHaveProperty('phone');
    const byId = await json('/api/sys/user/getMultiUser?id=u_demo_staff');
    expect(byId.result).toEqual([expect.objectContaining({ id: 'u_demo_staff', username: 'staff' })]);
    expect((await json('/api/sys/user/getMultiUser')).result).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/sys/user/getMultiUser?username=staff' })).statusCode).toBe(401);
  });
});
