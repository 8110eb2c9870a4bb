import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFormAction } from '../../server/modules/online/actions';
import '../../server/modules/online/design';
import { backends, startTestApp, type TestApp } from './support/app';

const ENHANCE = '出于安全考虑，不支持在线JS/Java/SQL增强；请用表单按钮绑定服务器端注册的动作';

interface Field {
  dbFieldName: string;
  dbFieldTxt?: string;
  dbType?: string;
  dbLength?: number;
  dbPointLength?: number;
  dbIsNull?: number;
  dbIsKey?: number;
  dbDefaultVal?: string;
  fieldShowType?: string;
  dictField?: string;
  dictTable?: string;
  dictText?: string;
  fieldValidType?: string;
  id?: string;
}

describe.each(backends())('online form designer on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    staff = await t.login('staff');
  });
  afterAll(() => t?.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => {
    const res = await t.request({
      method,
      url: `/api/online/cgform/${url}`,
      token,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; code: number; result: any } };
  };
  const addForm = (tableName: string, fields: Field[], head: Record<string, unknown> = {}, indexs: unknown[] = []) =>
    call('POST', 'api/addAll', { head: { tableName, tableTxt: `表 ${tableName}`, tableType: 1, ...head }, fields, indexs });
  const sync = (id: string, method = 'normal') => call('POST', `api/doDbSynch/${id}/${method}`);
  const columns = async (table: string) =>
    (
      await sql<{
        column_name: string;
        data_type: string;
        character_maximum_length: number | null;
      }>`select column_name, data_type, character_maximum_length
      from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(
        t.db,
      )
    ).rows;
  const fieldsOf = async (id: string) =>
    (await call('GET', `field/listByHeadId?headId=${id}`)).body.result as Array<Field & { id: string }>;

  it('creates a table for every type, and a row written there reads back', async () => {
    const add = await addForm(
      'demo_types',
      [
        { dbFieldName: 'name', dbFieldTxt: '名称', dbType: 'string', dbLength: 20, dbIsNull: 0 },
        { dbFieldName: 'age', dbType: 'int', dbDefaultVal: '18' },
        { dbFieldName: 'score', dbType: 'double' },
        { dbFieldName: 'amount', dbType: 'BigDecimal', dbLength: 12, dbPointLength: 2 },
        { dbFieldName: 'birthday', dbType: 'Date', fieldShowType: 'date' },
        { dbFieldName: 'visited', dbType: 'Datetime', fieldShowType: 'datetime' },
        { dbFieldName: 'remark', dbType: 'Text', fieldShowType: 'textarea' },
        { dbFieldName: 'sex', dbType: 'string', dbLength: 2, fieldShowType: 'list', dictField: 'sex' },
      ],
      {},
      [{ indexName: 'idx_demo_types_name', indexField: 'name', indexType: 'unique' }],
    );
    expect(add.body).toMatchObject({ success: true });
    const id = add.body.result as string;
    const fields = await fieldsOf(id);
    expect(fields.map((f) => f.dbFieldName)).toEqual([
      'id',
      'name',
      'age',
      'score',
      'amount',
      'birthday',
      'visited',
      'remark',
      'sex',
      'create_by',
      'create_time',
      'update_by',
      'update_time',
      'sys_org_code',
    ]);
    const list = await call('GET', 'head/list?pageNo=1&pageSize=10&table_name=demo_types');
    expect(list.body.result.records[0]).toMatchObject({ tableName: 'demo_types', isDbSynch: 'N', tableVersion: 1 });

    expect((await sync(id)).body).toMatchObject({ success: true, message: '同步数据库成功!' });
    const cols = Object.fromEntries((await columns('demo_types')).map((c) => [c.column_name, c.data_type]));
    expect(cols).toMatchObject({
      id: 'character varying',
      name: 'character varying',
      age: 'integer',
      score: 'double precision',
      amount: 'numeric',
      birthday: 'date',
      visited: 'timestamp without time zone',
      remark: 'text',
      create_time: 'timestamp without time zone',
      sys_org_code: 'character varying',
    });
    await sql`insert into demo_types (id, name, score, amount, birthday, visited, remark) values ('r1', '张三', 1.5, 1234.56, '2024-02-03', '2024-02-03 04:05:06', 'long text')`.execute(
      t.db,
    );
    const row = (await sql<Record<string, unknown>>`select * from demo_types`.execute(t.db)).rows[0]!;
    expect(row).toMatchObject({ id: 'r1', name: '张三', age: 18, score: 1.5, remark: 'long text' });
    expect(String(row.amount)).toBe('1234.56');
    const idx = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'idx_demo_types_name'`.execute(t.db);
    expect(idx.rows[0]!.indexdef).toMatch(/UNIQUE INDEX/);
    const head = await t.db
      .selectFrom('onl_cgform_head')
      .select(['is_db_synch', 'synced_json'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(head.is_db_synch).toBe('Y');
    expect(JSON.parse(head.synced_json!).fields).toHaveLength(14);
  });

  it('normal sync keeps data when a column is added, widens safely, refuses narrowing with data and keeps removed columns that hold data', async () => {
    const id = (
      await addForm('demo_sync', [
        { dbFieldName: 'title', dbType: 'string', dbLength: 20 },
        { dbFieldName: 'note', dbType: 'string', dbLength: 10 },
        { dbFieldName: 'spare', dbType: 'string', dbLength: 10 },
      ])
    ).body.result as string;
    await sync(id);
    await sql`insert into demo_sync (id, title, note) values ('a', 'hello world', 'n')`.execute(t.db);

    const fields = await fieldsOf(id);
    const head = { id, tableName: 'demo_sync', tableTxt: '同步', tableType: 1 };
    const wider = fields
      .filter((f) => f.dbFieldName !== 'spare' && f.dbFieldName !== 'note')
      .map((f) => (f.dbFieldName === 'title' ? { ...f, dbLength: 100 } : f));
    const edit = await call('PUT', 'api/editAll', {
      head,
      fields: [...wider, { dbFieldName: 'added', dbType: 'int' }, { ...fields.find((f) => f.dbFieldName === 'note')!, id: undefined }],
      indexs: [],
    });
    expect(edit.body.success).toBe(true);
    const after = await t.db
      .selectFrom('onl_cgform_head')
      .select(['is_db_synch', 'table_version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ is_db_synch: 'N', table_version: 2 });

    const res = await sync(id);
    expect(res.body.success).toBe(true);
    const cols = await columns('demo_sync');
    expect(cols.map((c) => c.column_name)).toContain('added');
    expect(cols.map((c) => c.column_name)).not.toContain('spare');
    expect(cols.find((c) => c.column_name === 'title')!.character_maximum_length).toBe(100);
    expect((await sql<{ title: string }>`select title from demo_sync where id = 'a'`.execute(t.db)).rows[0]!.title).toBe('hello world');

    const narrow = (await fieldsOf(id)).map((f) => (f.dbFieldName === 'title' ? { ...f, dbLength: 5 } : f));
    await call('PUT', 'api/editAll', { head, fields: narrow, indexs: [] });
    const refused = await sync(id);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toContain('字段“title”已有数据');
    expect((await columns('demo_sync')).find((c) => c.column_name === 'title')!.character_maximum_length).toBe(100);

    const incompatible = (await fieldsOf(id)).map((f) => (f.dbFieldName === 'title' ? { ...f, dbType: 'int' } : f));
    await call('PUT', 'api/editAll', { head, fields: incompatible, indexs: [] });
    expect((await sync(id)).body.message).toContain('字段“title”已有数据');

    const withoutNote = (await fieldsOf(id))
      .filter((f) => f.dbFieldName !== 'note')
      .map((f) => (f.dbFieldName === 'title' ? { ...f, dbType: 'string', dbLength: 100 } : f));
    await call('PUT', 'api/editAll', { head, fields: withoutNote, indexs: [] });
    const kept = await sync(id);
    expect(kept.body).toMatchObject({ success: true });
    expect(kept.body.message).toContain('note');
    expect((await columns('demo_sync')).map((c) => c.column_name)).toContain('note');
  });

  it('force sync drops and recreates the table', async () => {
    const id = (await addForm('demo_force', [{ dbFieldName: 'title', dbType: 'string', dbLength: 50 }])).body.result as string;
    await sync(id);
    await sql`insert into demo_force (id, title) values ('x', 'long title')`.execute(t.db);
    const head = { id, tableName: 'demo_force', tableTxt: '强制', tableType: 1 };
    await call('PUT', 'api/editAll', {
      head,
      fields: (await fieldsOf(id)).map((f) => (f.dbFieldName === 'title' ? { ...f, dbLength: 5 } : f)),
      indexs: [],
    });
    expect((await sync(id)).body.success).toBe(false);
    expect((await call('POST', `api/doDbSynch/${id}`, { synMethod: 'force' })).body).toMatchObject({
      success: true,
      message: '同步数据库成功!',
    });
    expect((await sql<{ n: number }>`select count(*)::int as n from demo_force`.execute(t.db)).rows[0]!.n).toBe(0);
    expect((await columns('demo_force')).find((c) => c.column_name === 'title')!.character_maximum_length).toBe(5);
  });

  it('refuses identifiers that try injection, system tables and keywords with a clear message', async () => {
    const cases: Array<[string, Field[], string]> = [
      ['a; drop table x', [], '表名“a; drop table x”不合法'],
      ['a--', [], '表名“a--”不合法'],
      ['"a"', [], '不合法'],
      ['sys_user', [], '是系统表名'],
      ['onl_cgform_head', [], '是系统表名'],
      ['xypj_company', [], '是系统表名'],
      ['jeecg_order_main', [], '已被系统功能使用'],
      ['select', [], '数据库保留字'],
      ['Demo', [], '不合法'],
      ['demo_ok', [{ dbFieldName: 'x; drop table sys_user' }], '字段名“x; drop table sys_user”不合法'],
      ['demo_ok', [{ dbFieldName: 'name"--' }], '不合法'],
      ['demo_ok', [{ dbFieldName: 'order' }], '数据库保留字'],
      ['demo_ok', [{ dbFieldName: 'dup' }, { dbFieldName: 'dup' }], '字段名“dup”重复'],
      ['demo_ok', [{ dbFieldName: 'n1', dbType: 'varchar(10); drop table x' }], '数据库类型'],
      ['demo_ok', [{ dbFieldName: 'n1', dbType: 'Blob' }], '不支持 Blob'],
      ['demo_ok', [{ dbFieldName: 'n1', dbLength: 99999 }], '长度必须是1到4000'],
      ['demo_ok', [{ dbFieldName: 'n1', dbDefaultVal: "x'); drop table sys_user; --" }], '默认值不合法'],
      ['demo_ok', [{ dbFieldName: 'n1', dbIsKey: 1 }], '必须有且只有一个主键'],
      ['demo_ok', [{ dbFieldName: 'n1', fieldShowType: 'list', dictField: 'no_such_dict' }], '字典“no_such_dict”不存在'],
      [
        'demo_ok',
        [{ dbFieldName: 'n1', fieldShowType: 'list', dictTable: 'sys_user', dictText: 'password', dictField: 'username' }],
        '未登记',
      ],
      [
        'demo_ok',
        [{ dbFieldName: 'n1', fieldValidType: '(\\d)\\1' }],
        '字段“n1”的校验规则不可用：正则表达式不能使用反向引用（线性时间引擎不支持）',
      ],
      [
        'demo_ok',
        [
          {
            dbFieldName: 'n1',
            fieldShowType: 'link_down',
            dictTable: JSON.stringify({ table: 'sys_category', txt: 'name', condition: '1=1) or (1=1' }),
          },
        ],
        "联动配置的condition只支持“pid = '值'”的形式",
      ],
      [
        'demo_ok',
        [
          {
            dbFieldName: 'n1',
            fieldShowType: 'link_down',
            dictTable: JSON.stringify({ table: 'sys_category', txt: 'name', linkField: 'n2' }),
          },
        ],
        '字段“n1”的联动字段“n2”不是本表的其他字段',
      ],
    ];
    for (const [table, fields, message] of cases) {
      const res = await addForm(table, fields);
      expect(res.body.success, `${table} ${JSON.stringify(fields)}`).toBe(false);
      expect(res.body.message).toContain(message);
    }
    const badIndex = await addForm('demo_ok', [{ dbFieldName: 'n1' }], {}, [{ indexName: 'i1; drop table x', indexField: 'n1' }]);
    expect(badIndex.body.message).toContain('索引名');
    const subWithoutMain = await addForm('demo_sub', [{ dbFieldName: 'main_id', mainTable: 'no_main', mainField: 'id' } as Field], {
      tableType: 3,
    });
    expect(subWithoutMain.body.message).toContain('不是已有的主表表单');
    expect((await call('GET', 'api/checkOnlyTable?tbname=demo_types&id=')).body).toMatchObject({ success: false, message: '表名已存在' });
    expect((await call('GET', 'api/checkOnlyTable?tbname=demo_free&id=')).body.success).toBe(true);
    expect((await t.db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', 'demo_ok').execute()).length).toBe(0);
  });

  it('imports only allowlisted tables, copies and removes forms', async () => {
    await sql`create table legacy_things (id varchar(32) primary key, label varchar(40) unique, qty smallint, rate real, flag char(1))`.execute(
      t.db,
    );
    const tables = (await call('GET', 'head/queryTables')).body.result.map((r: { id: string }) => r.id) as string[];
    expect(tables).toContain('legacy_things');
    expect(tables.some((n) => n.startsWith('sys_') || n.startsWith('onl_') || n === 'xypj_company' || n === 'demo_types')).toBe(false);
    expect((await call('POST', 'head/transTables/sys_user')).body.success).toBe(false);
    expect((await call('POST', 'head/transTables/legacy_things')).body.success).toBe(true);
    const imported = await t.db
      .selectFrom('onl_cgform_head')
      .select(['id', 'is_db_synch'])
      .where('table_name', '=', 'legacy_things')
      .executeTakeFirstOrThrow();
    expect(imported.is_db_synch).toBe('Y');
    expect((await fieldsOf(imported.id)).map((f) => [f.dbFieldName, f.dbType])).toEqual([
      ['id', 'string'],
      ['label', 'string'],
      ['qty', 'int'],
      ['rate', 'double'],
      ['flag', 'string'],
    ]);
    expect((await sync(imported.id)).body).toMatchObject({ success: true, message: '同步数据库成功!' });
    await sql`create table legacy_ref (id varchar(32) primary key, thing_id varchar(32) references legacy_things (id))`.execute(t.db);
    const blocked = await sync(imported.id, 'force');
    expect(blocked.body).toMatchObject({ success: false });
    expect(blocked.body.message).toContain('同步数据库失败');
    await sql`drop table legacy_ref`.execute(t.db);

    const copy = await call('GET', `head/copyOnline?code=${imported.id}`);
    expect(copy.body.success).toBe(true);
    const copied = await t.db
      .selectFrom('onl_cgform_head')
      .select(['table_name', 'is_db_synch'])
      .where('id', '=', copy.body.result)
      .executeTakeFirstOrThrow();
    expect(copied).toEqual({ table_name: 'legacy_things_copy1', is_db_synch: 'N' });

    expect((await call('DELETE', `head/removeRecord?id=${imported.id}`)).body.success).toBe(true);
    expect((await columns('legacy_things')).length).toBe(5);
    const demo = await t.db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', 'demo_force').executeTakeFirstOrThrow();
    expect((await call('DELETE', `head/delete?id=${demo.id}`)).body.success).toBe(true);
    expect((await columns('demo_force')).length).toBe(0);
  });

  it('keeps buttons to registered actions, and authorises columns, buttons and data rules per role', async () => {
    const form = await t.db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', 'demo_types').executeTakeFirstOrThrow();
    const actions = (await call('GET', 'button/actions')).body.result as Array<{ name: string }>;
    expect(actions.map((a) => a.name)).toContain('copyRecord');
    expect(
      (
        await call('POST', 'button/add', {
          cgformHeadId: form.id,
          buttonCode: 'dup',
          buttonName: '复制',
          optType: 'action',
          actionName: 'rmRf',
        })
      ).body.message,
    ).toContain('未在服务器注册');
    expect(
      (await call('POST', 'button/add', { cgformHeadId: form.id, buttonCode: 'dup', buttonName: '复制', optType: 'js' })).body.success,
    ).toBe(false);
    expect(
      (
        await call('POST', 'button/add', {
          cgformHeadId: form.id,
          buttonCode: 'dup',
          buttonName: '复制',
          optType: 'action',
          actionName: 'copyRecord',
        })
      ).body.success,
    ).toBe(true);
    expect((await call('GET', `button/list/${form.id}`)).body.result.records[0]).toMatchObject({
      buttonCode: 'dup',
      actionName: 'copyRecord',
    });

    const columnsAuth = (await call('GET', `api/authPage/${form.id}/1`)).body.result as Array<{ id: string; code: string; status: number }>;
    expect(columnsAuth.map((c) => c.code)).toContain('name');
    expect(columnsAuth.every((c) => c.status === 0)).toBe(true);
    const buttonsAuth = (await call('GET', `api/authPage/${form.id}/2`)).body.result as Array<{ id: string; code: string }>;
    expect(buttonsAuth.map((b) => b.code)).toEqual(['add', 'update', 'delete', 'batch_delete', 'import', 'export', 'detail', 'dup']);
    const nameAuth = columnsAuth.find((c) => c.code === 'name')!;
    expect((await call('PUT', 'api/authColumn', { id: nameAuth.id, status: 1 })).body.success).toBe(true);
    const role = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow();
    expect((await call('POST', `api/roleColumnAuth/${role.id}/${form.id}`, { authId: nameAuth.id })).body.success).toBe(true);
    expect((await call('POST', `api/roleButtonAuth/${role.id}/${form.id}`, { authId: nameAuth.id })).body.success).toBe(false);
    const related = (await call('GET', `api/roleAuth?roleId=${role.id}&cgformId=${form.id}&type=1`)).body.result as Array<{
      authId: string;
    }>;
    expect(related.map((r) => r.authId)).toEqual([nameAuth.id]);

    expect(
      (
        await call('POST', 'api/authData', {
          cgformId: form.id,
          ruleName: '本人',
          ruleColumn: 'create_by',
          ruleOperator: 'eq',
          ruleValue: '#{sys_user_code}',
        })
      ).body.success,
    ).toBe(true);
    expect(
      (await call('POST', 'api/authData', { cgformId: form.id, ruleName: 'x', ruleColumn: 'password', ruleOperator: 'eq', ruleValue: '1' }))
        .body.message,
    ).toContain('不是本表单的字段');
    expect(
      (
        await call('POST', 'api/authData', {
          cgformId: form.id,
          ruleName: 'x',
          ruleColumn: 'name',
          ruleOperator: 'USE_SQL_RULES',
          ruleValue: '1=1',
        })
      ).body.success,
    ).toBe(false);
    expect(
      (
        await call('POST', 'api/authData', {
          cgformId: form.id,
          ruleName: 'x',
          ruleColumn: 'name',
          ruleOperator: 'eq',
          ruleValue: '#{no_such}',
        })
      ).body.success,
    ).toBe(false);
    const rules = (await call('GET', `api/authData/${form.id}`)).body.result as Array<{ id: string }>;
    expect((await call('POST', `api/roleDataAuth/${role.id}/${form.id}`, { authId: rules[0]!.id })).body.success).toBe(true);
  });

  it('links a sub table to its main form and runs the registered copyRecord action', async () => {
    const main = await addForm('demo_main', [{ dbFieldName: 'code', dbLength: 20 }], { tableType: 2 });
    expect(main.body.success).toBe(true);
    const sub = await addForm(
      'demo_line',
      [{ dbFieldName: 'main_id', mainTable: 'demo_main', mainField: 'id' } as Field, { dbFieldName: 'qty', dbType: 'int' }],
      { tableType: 3 },
    );
    expect(sub.body.success).toBe(true);
    expect(
      (await t.db.selectFrom('onl_cgform_head').select('sub_table_str').where('id', '=', main.body.result).executeTakeFirstOrThrow())
        .sub_table_str,
    ).toBe('demo_line');
    expect(
      (await addForm('demo_line2', [{ dbFieldName: 'main_id', mainTable: 'demo_main', mainField: 'nope' } as Field], { tableType: 3 })).body
        .message,
    ).toContain('在主表中不存在');

    await sync(main.body.result);
    await sql`insert into demo_main (id, code, create_by) values ('m1', 'A-1', 'someone')`.execute(t.db);
    const action = findFormAction('copyRecord')!;
    const request = {
      session: { tokenId: 't', user: { id: 'u', username: 'admin', realname: null, orgCode: null, status: 1, relTenantIds: [] } },
    } as never;
    const message = await action({ db: t.db, request, formId: main.body.result, tableName: 'demo_main', dataIds: ['m1'] });
    expect(message).toBe('已复制1条记录');
    const rows = (
      await sql<{ id: string; code: string; create_by: string }>`select id, code, create_by from demo_main order by id`.execute(t.db)
    ).rows;
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id !== 'm1')).toMatchObject({ code: 'A-1', create_by: 'admin' });
  });

  it('refuses every script enhancement and code generation', async () => {
    for (const [method, url] of [
      ['GET', 'head/enhanceJs/abc'],
      ['POST', 'head/enhanceJs/abc'],
      ['PUT', 'head/enhanceJava/abc'],
      ['POST', 'head/enhanceJava'],
      ['GET', 'head/enhanceJavaByButtonCode/abc'],
      ['POST', 'head/enhanceSql/abc'],
      ['DELETE', 'head/deleteBatchEnhanceJava'],
      ['DELETE', 'head/deletebatchEnhanceSql'],
      ['GET', 'api/getEnhanceJs/abc'],
    ] as const) {
      const res = await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : { cgJs: 'alert(1)' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: false, code: 500, message: ENHANCE });
    }
    expect((await call('POST', 'api/codeGenerate', {})).body.success).toBe(false);
  });

  it('answers 403 to a user without online:form:design', async () => {
    for (const [method, url] of [
      ['GET', 'head/list'],
      ['POST', 'api/addAll'],
      ['POST', 'api/doDbSynch/x/normal'],
      ['GET', 'head/queryTables'],
      ['GET', 'head/enhanceJs/x'],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? {} : undefined, staff);
      expect(res.status, url).toBe(403);
    }
  });
});
