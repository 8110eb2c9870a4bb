import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity, resolveSubTables } from '../../server/modules/entity/definitions';
import { backends, startTestApp, type TestApp } from './support/app';

type Row = Record<string, unknown>;

describe.each(backends())('entity engine: master with sub-tables (orders) on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Row) =>
    (await t.request({ method, url: `/api/test/order${url}`, payload, token: admin })).json();
  const orderByCode = async (code: string): Promise<Row> => (await call('GET', `/list?orderCode=${code}`)).result.records[0];
  const customers = async (id: string): Promise<Row[]> => (await call('GET', `/queryJeecgOrderCustomerListByMainId?id=${id}`)).result;
  const tickets = async (id: string): Promise<Row[]> => (await call('GET', `/subList/jeecgOrderTicketList?mainId=${id}`)).result;

  it('adds an order with its customers and tickets, edits (update, insert, delete rows) and deletes in cascade', async () => {
    const added = await call('POST', '/add', {
      orderCode: 'A001',
      orderMoney: 120.5,
      jeecgOrderCustomerList: [
        { name: '张三', sex: '1', orderNum: 1 },
        { name: '李四', sex: '2', orderNum: 2 },
      ],
      jeecgOrderTicketList: [{ ticketCode: 'CA1234', tickectDate: '2024-05-01 08:00:00', orderNum: 1 }],
    });
    expect(added).toMatchObject({ success: true, message: '添加成功！' });
    const order = await orderByCode('A001');
    const before = await customers(String(order.id));
    expect(before.map((c) => [c.name, c.sex, c.orderId])).toEqual([
      ['张三', '1', order.id],
      ['李四', '2', order.id],
    ]);
    expect((await tickets(String(order.id))).map((r) => r.ticketCode)).toEqual(['CA1234']);

    const zhang = before.find((c) => c.name === '张三') as Row;
    const edited = await call('PUT', '/edit', {
      id: order.id,
      content: '改过',
      jeecgOrderCustomerList: [
        { id: zhang.id, name: '张三丰', sex: '1', orderNum: 1 },
        { name: '王五', orderNum: 2 },
      ],
    });
    expect(edited).toMatchObject({ success: true, message: '编辑成功!' });
    const after = await customers(String(order.id));
    expect(after.map((c) => c.name)).toEqual(['张三丰', '王五']);
    expect(after[0].id).toBe(zhang.id);
    expect((await tickets(String(order.id))).map((r) => r.ticketCode)).toEqual(['CA1234']);

    expect(await call('DELETE', `/delete?id=${order.id}`)).toMatchObject({ success: true, message: '删除成功!' });
    expect(await customers(String(order.id))).toEqual([]);
    expect(await tickets(String(order.id))).toEqual([]);
  });

  it('a failing sub row saves nothing and names the sub-table and row', async () => {
    const res = await call('POST', '/add', {
      orderCode: 'A002',
      jeecgOrderCustomerList: [{ name: '赵六' }, { sex: '1' }],
    });
    expect(res).toMatchObject({ success: false, message: '客户明细第2行：客户名不能为空' });
    expect(await orderByCode('A002')).toBeUndefined();

    await call('POST', '/add', { orderCode: 'A003', jeecgOrderCustomerList: [{ name: '甲' }] });
    const order = await orderByCode('A003');
    const failed = await call('PUT', '/edit', {
      id: order.id,
      content: '不应保存',
      jeecgOrderTicketList: [{ tickectDate: '2024-01-01 00:00:00' }],
    });
    expect(failed).toMatchObject({ success: false, message: '机票明细第1行：航班号不能为空' });
    expect((await call('GET', `/queryById?id=${order.id}`)).result.content).toBeNull();
  });

  it('batch delete removes the sub rows of every order', async () => {
    for (const code of ['B1', 'B2']) await call('POST', '/add', { orderCode: code, jeecgOrderTicketList: [{ ticketCode: `T${code}` }] });
    const ids = [String((await orderByCode('B1')).id), String((await orderByCode('B2')).id)];
    expect(await call('DELETE', `/deleteBatch?ids=${ids.join(',')}`)).toMatchObject({ success: true });
    for (const id of ids) expect(await tickets(id)).toEqual([]);
    const leftovers = await t.request({ method: 'GET', url: '/api/test/order/ticket/list?ticketCode=TB*', token: admin });
    expect(leftovers.json().result.total).toBe(0);
  });
});

describe('entity engine: sub-table declarations', () => {
  const main = (subTables: unknown) => ({
    $schema: 'x',
    table: 'm_main',
    label: '主',
    apiBase: '/m/main',
    permissionPrefix: 'm:main',
    columns: [{ name: 'title', type: 'string', label: '标题' }],
    subTables,
  });
  const child = {
    $schema: 'x',
    table: 'm_child',
    label: '子',
    apiBase: '/m/child',
    permissionPrefix: 'm:child',
    columns: [{ name: 'mainId', type: 'string', label: '主表' }],
  };

  it('resolves the child entity and refuses an unknown entity or foreign key', () => {
    const defs = [
      defineEntity('main.json', main([{ entity: 'm_child', foreignKey: 'mainId', property: 'children' }])),
      defineEntity('child.json', child),
    ];
    resolveSubTables(defs);
    expect(defs[0].subTables[0]).toMatchObject({ property: 'children', foreignKey: 'mainId', entity: { table: 'm_child' } });
    expect(() =>
      resolveSubTables([defineEntity('main.json', main([{ entity: 'nope', foreignKey: 'mainId', property: 'c' }])), defs[1]]),
    ).toThrow('子表实体 nope 不存在');
    expect(() =>
      resolveSubTables([defineEntity('main.json', main([{ entity: 'm_child', foreignKey: 'x', property: 'c' }])), defs[1]]),
    ).toThrow('没有外键列 x');
  });
});
