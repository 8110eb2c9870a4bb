import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { userWithGrants } from './support/grants';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The JeecgBoot contract of the dictionary-item calls of 字典管理 (/sys/dictItem): envelopes, messages, dict:list and dict:edit. */
describe.each(backends())('dictionary item CRUD contract on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let dictId: string;
  const call = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; code: number; message: string; result: any } };
  };
  const itemId = async (value: string) =>
    (
      await t.db
        .selectFrom('sys_dict_item')
        .select('id')
        .where('dict_id', '=', dictId)
        .where('item_value', '=', value)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    await call('POST', '/sys/dict/add', admin, { dictName: '契约字典', dictCode: 'contract_items' });
    dictId = (await t.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'contract_items').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t?.close());

  it('adds, lists in sort order, edits and deletes with the JeecgBoot messages', async () => {
    const add = (payload: object) => call('POST', '/sys/dictItem/add', admin, { dictId, ...payload });
    expect((await add({ itemText: '二', itemValue: 'two', sortOrder: '2' })).body).toMatchObject({ success: true, message: '添加成功！' });
    expect((await add({ itemText: '一', itemValue: 'one', sortOrder: '1', status: '0' })).body.success).toBe(true);
    expect((await add({ itemText: '坏', itemValue: 'a b' })).body.message).toBe('数据值不能包含特殊字符！');
    expect((await add({ itemText: '坏', itemValue: 'bad', sortOrder: 'x' })).body.message).toBe('排序值格式不正确');
    expect((await call('POST', '/sys/dictItem/add', admin, { dictId: 'nosuchdict', itemText: '无', itemValue: 'none' })).body.message).toBe(
      '字典不存在',
    );

    const list = await call('GET', `/sys/dictItem/list?dictId=${dictId}`, admin);
    expect(list.body).toMatchObject({ success: true, code: 200, result: { total: 2, current: 1 } });
    expect(list.body.result.records.map((r: { itemValue: string }) => r.itemValue)).toEqual(['one', 'two']);
    expect(list.body.result.records[0]).toMatchObject({ dictId, itemText: '一', sortOrder: 1, status: 0, status_dictText: '不启用' });

    const two = await itemId('two');
    const edited = await call('PUT', '/sys/dictItem/edit', admin, { id: two, dictId, itemText: '贰', itemValue: 'two', sortOrder: '5' });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(await t.db.selectFrom('sys_dict_item').selectAll().where('id', '=', two).executeTakeFirstOrThrow()).toMatchObject({
      item_text: '贰',
      sort_order: 5,
      status: 1,
      update_by: 'admin',
    });
    expect((await call('PUT', '/sys/dictItem/edit', admin, { id: two, itemText: '贰', itemValue: 'one' })).body.message).toBe(
      '该值不可用，系统中已存在！',
    );
    expect((await call('PUT', '/sys/dictItem/edit', admin, { id: 'nosuchitem', itemText: '无', itemValue: 'none' })).body.message).toBe(
      '未找到对应实体',
    );
    expect((await call('DELETE', `/sys/dictItem/delete?id=${two}`, admin)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await call('DELETE', `/sys/dictItem/deleteBatch?ids=${await itemId('one')},`, admin)).body).toMatchObject({
      success: true,
      message: '批量删除成功!',
    });
    expect(await t.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', dictId).execute()).toEqual([]);
  });

  it('reads with dict:list and writes with dict:edit', async () => {
    await call('POST', '/sys/dictItem/add', admin, { dictId, itemText: '留', itemValue: 'keep' });
    const id = await itemId('keep');
    const reader = await userWithGrants(t, admin, ['m_system', 'm_system_dict', 'b_dict_add']);
    const editor = await userWithGrants(t, admin, ['m_system', 'm_system_dict', 'b_dict_edit']);
    expect((await call('GET', `/sys/dictItem/list?dictId=${dictId}`, reader)).body.success).toBe(true);
    const writes: Array<[Method, string, object?]> = [
      ['POST', '/sys/dictItem/add', { dictId, itemText: '新', itemValue: 'fresh' }],
      ['PUT', '/sys/dictItem/edit', { id, itemText: '留二', itemValue: 'keep' }],
      ['DELETE', `/sys/dictItem/deleteBatch?ids=${id}`],
    ];
    for (const [method, url, payload] of writes) {
      expect((await call(method, url, reader, payload)).status, url).toBe(403);
      expect((await call(method, url, editor, payload)).body.success, url).toBe(true);
    }
    expect((await call('DELETE', `/sys/dictItem/delete?id=${await itemId('fresh')}`, reader)).status).toBe(403);
  });
});
