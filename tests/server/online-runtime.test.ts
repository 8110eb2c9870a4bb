import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFormAction } from '../../server/modules/online/actions';
import { validatePageSchema } from '../../renderer/schema/validate';
import { backends, startTestApp, type TestApp } from './support/app';
import { multipart, sheetRows } from './support/forms';
import { addFields, addHead, FORMS, seedOnlineForms } from './support/online-forms';

const STAFF_ROLE = 'r_xypj_staff';
const API = '/online/cgform/api';

registerFormAction('testMarkDone', '标记完成', async ({ dataIds, tableName }) => `已处理${tableName}的${dataIds.length}条数据`);

describe.each(backends())('online form runtime on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let expert: string;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) => {
    const res = await t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
    return {
      status: res.statusCode,
      body: res.headers['content-type']?.toString().includes('json') ? res.json() : null,
      raw: res.rawPayload,
    };
  };
  const get = async (url: string, token = staff) => (await call('GET', url, token)).body;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await seedOnlineForms(t.db, STAFF_ROLE);
    const now = new Date();
    const a = { create_by: 'admin', create_time: now, update_by: null, update_time: null };
    // t_note: column secret and button delete controlled, no role given them; add controlled and given to staff
    await t.db
      .insertInto('onl_auth_page')
      .values([
        { id: 'ap_secret', cgform_id: FORMS.note, code: 'secret', type: 1, status: 1, ...a },
        { id: 'ap_delete', cgform_id: FORMS.note, code: 'delete', type: 2, status: 1, ...a },
        { id: 'ap_add', cgform_id: FORMS.note, code: 'add', type: 2, status: 1, ...a },
        { id: 'ap_export_off', cgform_id: FORMS.note, code: 'export', type: 2, status: 0, ...a },
      ])
      .execute();
    await t.db
      .insertInto('onl_auth_data')
      .values([
        {
          id: 'ad_own',
          cgform_id: FORMS.note,
          rule_name: '本人数据',
          rule_column: 'create_by',
          rule_operator: 'eq',
          rule_value: '#{sys_user_code}',
          status: 1,
          ...a,
        },
        // a rule may name a column the role does not see
        {
          id: 'ad_secret',
          cgform_id: FORMS.note,
          rule_name: '非机密',
          rule_column: 'secret',
          rule_operator: 'ne',
          rule_value: 'TOP',
          status: 1,
          ...a,
        },
      ])
      .execute();
    await t.db
      .insertInto('onl_auth_relation')
      .values([
        { id: 'ar_add', role_id: STAFF_ROLE, auth_id: 'ap_add', type: 2, cgform_id: FORMS.note, ...a },
        { id: 'ar_own', role_id: STAFF_ROLE, auth_id: 'ad_own', type: 3, cgform_id: FORMS.note, ...a },
        { id: 'ar_secret', role_id: STAFF_ROLE, auth_id: 'ad_secret', type: 3, cgform_id: FORMS.note, ...a },
      ])
      .execute();
    await t.db
      .insertInto('onl_cgform_button')
      .values([
        {
          id: 'b_done',
          cgform_head_id: FORMS.note,
          button_code: 'done',
          button_name: '完成',
          opt_type: 'action',
          action_name: 'testMarkDone',
          button_status: '1',
          ...a,
        },
        {
          id: 'b_ghost',
          cgform_head_id: FORMS.note,
          button_code: 'ghost',
          button_name: '幽灵',
          opt_type: 'action',
          action_name: 'noSuchAction',
          button_status: '1',
          ...a,
        },
      ])
      .execute();
    await t.db
      .insertInto('t_note' as never)
      .values([
        { id: 'n_admin', title: '管理员的便签', secret: 'S1', create_by: 'admin', create_time: now },
        { id: 'n_staff', title: '工作人员的便签', secret: 'S2', create_by: 'staff', create_time: now },
        { id: 'n_staff_top', title: '工作人员的机密便签', secret: 'TOP', create_by: 'staff', create_time: now },
      ] as never)
      .execute();
    admin = await t.login('admin');
    staff = await t.login('staff');
    expert = await t.login('expert');
  });
  afterAll(() => t?.close());

  it('adds, reads, edits and deletes a main record with its sub rows in one transaction', async () => {
    const add = await call('POST', `${API}/form/${FORMS.order}`, staff, {
      order_code: 'SO-001',
      order_date: '2026-03-05',
      amount: 12.5,
      buyer_sex: '1',
      remark: '加急',
      t_order_item: [
        { item_name: '螺丝', qty: 10 },
        { item_name: '螺母', qty: 20 },
      ],
    });
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    const id = add.body.result as string;
    const read = await get(`${API}/form/${FORMS.order}/${id}`);
    expect(read.result).toMatchObject({ id, order_code: 'SO-001', order_date: '2026-03-05', buyer_sex: '1', create_by: 'staff' });
    expect(Number(read.result.amount)).toBe(12.5);
    expect(read.result.t_order_item.map((r: { item_name: string }) => r.item_name).sort()).toEqual(['螺丝', '螺母']);
    const sub = await get(`${API}/subform/list/t_order_item/${id}`);
    expect(sub.result).toHaveLength(2);

    // a failing sub row saves nothing
    const bad = await call('POST', `${API}/form/${FORMS.order}`, staff, { order_code: 'SO-BAD', t_order_item: [{ item_name: '' }] });
    expect(bad.body).toMatchObject({ success: false, message: '订单明细第1行：品名不能为空' });
    expect((await get(`${API}/getData/${FORMS.order}?order_code=SO-BAD`)).result.total).toBe(0);

    const keep = read.result.t_order_item.find((r: { item_name: string }) => r.item_name === '螺丝');
    const edit = await call('PUT', `${API}/form/${FORMS.order}`, staff, {
      id,
      order_code: 'SO-001A',
      t_order_item: [
        { ...keep, qty: 11 },
        { item_name: '垫片', qty: 5 },
      ],
    });
    expect(edit.body).toMatchObject({ success: true });
    const after = await get(`${API}/form/${FORMS.order}/${id}`);
    expect(after.result.order_code).toBe('SO-001A');
    expect(after.result.t_order_item.map((r: { item_name: string; qty: number }) => `${r.item_name}${r.qty}`).sort()).toEqual([
      '垫片5',
      '螺丝11',
    ]);

    expect((await call('DELETE', `${API}/form/${FORMS.order}/${id}`, staff)).body).toMatchObject({ success: true });
    expect((await get(`${API}/getData/${FORMS.order}?order_code=SO-001A`)).result.total).toBe(0);
    expect(
      await t.db
        .selectFrom('t_order_item' as never)
        .selectAll()
        .where('order_id' as never, '=', id as never)
        .execute(),
    ).toEqual([]);
  });

  it('lists with paging, text, dictionary and range queries, and describes columns and query items', async () => {
    for (const [code, date, amount, sex] of [
      ['Q-1', '2026-01-10', 5, '1'],
      ['Q-2', '2026-02-10', 50, '2'],
      ['Q-3', '2026-03-10', 500, '1'],
    ] as const) {
      expect(
        (await call('POST', `${API}/form/${FORMS.order}`, staff, { order_code: code, order_date: date, amount, buyer_sex: sex })).body
          .success,
      ).toBe(true);
    }
    const codes = (body: { result: { records: Array<{ order_code: string }> } }) => body.result.records.map((r) => r.order_code).sort();
    expect(codes(await get(`${API}/getData/${FORMS.order}?order_code=Q-`))).toEqual(['Q-1', 'Q-2', 'Q-3']);
    expect(codes(await get(`${API}/getData/${FORMS.order}?order_code=Q-&buyer_sex=1`))).toEqual(['Q-1', 'Q-3']);
    expect(codes(await get(`${API}/getData/${FORMS.order}?order_date_begin=2026-02-01&order_date_end=2026-03-31`))).toEqual(['Q-2', 'Q-3']);
    expect(codes(await get(`${API}/getData/${FORMS.order}?amount_begin=10&amount_end=100`))).toEqual(['Q-2']);
    const page = await get(`${API}/getData/${FORMS.order}?order_code=Q-&pageNo=1&pageSize=2&column=order_code&order=asc`);
    expect(page.result).toMatchObject({ total: 3 });
    expect(page.result.records.map((r: { order_code: string }) => r.order_code)).toEqual(['Q-1', 'Q-2']);
    expect(page.result.records[0].buyer_sex_dictText).toBe('男');
    const all = await get(`${API}/getData/${FORMS.order}?order_code=Q-&pageSize=-521`);
    expect(all.result.records).toHaveLength(3);

    const columns = await get(`${API}/getColumns/${FORMS.order}`);
    expect(columns.result).toMatchObject({ currentTableName: 't_order', tableType: 2, checkboxFlag: 'Y', formTemplate: '2' });
    expect(columns.result.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual([
      'order_code',
      'order_date',
      'amount',
      'buyer_sex',
      'remark',
    ]);
    expect(columns.result.dictOptions.buyer_sex).toContainEqual({ value: '1', text: '男', title: '男', label: '男' });
    const query = await get(`${API}/getQueryInfo/${FORMS.order}`);
    expect(query.result.find((q: { field: string }) => q.field === 'order_date')).toMatchObject({ view: 'date', mode: 'group' });
    const item = await get(`${API}/getFormItem/${FORMS.order}`);
    expect(item.result.schema.required).toEqual(['order_code']);
    expect(item.result.schema.properties.t_order_item).toMatchObject({ view: 'tab', foreignKey: 'order_id' });
    const erp = await get(`${API}/getErpColumns/${FORMS.order}`);
    expect(erp.result.subList[0].currentTableName).toBe('t_order_item');

    const page2 = await get(`${API}/page/${FORMS.order}`);
    expect(page2.result).toMatchObject({ kind: 'list', variant: 'masterDetail', title: '测试订单' });
    expect(page2.result.form.grid.maxColumns).toBe(2);
    expect(page2.result.form.subTables[0]).toMatchObject({ key: 't_order_item', component: 'EditableGrid' });
    expect(Object.keys(page2.result.query.properties)).toContain('[order_date_begin,order_date_end]');
    expect(page2.result.form.schema.properties.buyer_sex).toMatchObject({
      'x-component': 'JDictSelectTag',
      'x-component-props': { dictCode: 'sex' },
    });
    const viaCrud = await get(`${API}/crud/${FORMS.order}/list?order_code=Q-2`);
    expect(viaCrud.result.records.map((r: { order_code: string }) => r.order_code)).toEqual(['Q-2']);
  });

  it('exports the filtered rows and imports them back in one transaction', async () => {
    const res = await call(
      'GET',
      `${API}/exportXls/${FORMS.order}?paramsStr=${encodeURIComponent(JSON.stringify({ order_code: 'Q-', column: 'order_code', order: 'asc' }))}`,
      staff,
    );
    expect(res.status).toBe(200);
    const rows = await sheetRows(res.raw);
    expect(rows[2]).toEqual(['订单号', '订单日期', '金额', '买家性别', '备注', '订单明细-品名', '订单明细-数量']);
    expect(rows.slice(3).map((r) => [r[0], r[3]])).toEqual([
      ['Q-1', '男'],
      ['Q-2', '女'],
      ['Q-3', '男'],
    ]);
    const renamed = rows.map((r, i) => (i >= 3 ? [`R${String(r[0])}`, ...r.slice(1)] : r));
    const { workbook } = await import('./support/forms');
    const data = await workbook(renamed);
    const imp = await t.request({
      method: 'POST',
      url: `/api${API}/importXls/${FORMS.order}`,
      token: staff,
      ...multipart({}, [{ field: 'file', name: 'o.xlsx', content: data }]),
    });
    expect(imp.json()).toMatchObject({ success: true, message: '共3行数据全部导入成功！' });
    const back = await get(`${API}/getData/${FORMS.order}?order_code=RQ-&column=order_code&order=asc`);
    expect(back.result.records.map((r: { order_code: string; buyer_sex: string }) => `${r.order_code}:${r.buyer_sex}`)).toEqual([
      'RQ-1:1',
      'RQ-2:2',
      'RQ-3:1',
    ]);
    // one bad row (missing order code) is reported, the rest saved
    const partial = await workbook([['t'], ['x'], ['订单号', '金额'], ['', 1], ['OK-1', 2]]);
    const res2 = await t.request({
      method: 'POST',
      url: `/api${API}/importXls/${FORMS.order}`,
      token: staff,
      ...multipart({}, [{ field: 'file', name: 'p.xlsx', content: partial }]),
    });
    expect(res2.json()).toMatchObject({ success: true, code: 201, result: { errorCount: 1, successCount: 1 } });
  });

  it('exports each order with its item rows below it, and imports orders with their items back', async () => {
    await call('POST', `${API}/form/${FORMS.order}`, staff, {
      order_code: 'SUB-1',
      buyer_sex: '1',
      t_order_item: [
        { item_name: '螺丝', qty: 10 },
        { item_name: '螺母', qty: 20 },
      ],
    });
    await call('POST', `${API}/form/${FORMS.order}`, staff, { order_code: 'SUB-2', t_order_item: [] });
    const paramsStr = (p: object) => encodeURIComponent(JSON.stringify({ order_code: 'SUB-', column: 'order_code', order: 'asc', ...p }));
    const res = await call('GET', `${API}/exportXls/${FORMS.order}?paramsStr=${paramsStr({})}`, staff);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const line = (n: number) => ['A', 'D', 'F', 'G'].map((c) => sheet.getCell(`${c}${n}`).value);
    expect(line(3)).toEqual(['订单号', '买家性别', '订单明细-品名', '订单明细-数量']);
    expect(line(4)).toEqual(['SUB-1', '男', '螺丝', 10]);
    expect(line(5).slice(2)).toEqual(['螺母', 20]);
    // the order's own cells span its item rows
    expect(sheet.getCell('A5').isMerged && sheet.getCell('A5').master.address).toBe('A4');
    expect(line(6)).toEqual(['SUB-2', null, null, null]);

    sheet.getCell('A4').value = 'RSUB-1';
    sheet.getCell('A6').value = 'RSUB-2';
    const imp = await t.request({
      method: 'POST',
      url: `/api${API}/importXls/${FORMS.order}`,
      token: staff,
      ...multipart({}, [{ field: 'file', name: 'o.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) }]),
    });
    expect(imp.json()).toMatchObject({ success: true, message: '共2行数据全部导入成功！' });
    const back = (await get(`${API}/getData/${FORMS.order}?order_code=RSUB-&column=order_code&order=asc`)).result.records as Array<{
      id: string;
      order_code: string;
    }>;
    expect(back.map((r) => r.order_code)).toEqual(['RSUB-1', 'RSUB-2']);
    const items = async (id: string) =>
      ((await get(`${API}/subform/list/t_order_item/${id}`)).result as Array<{ item_name: string; qty: number }>)
        .map((r) => `${r.item_name}${r.qty}`)
        .sort();
    expect(await items(back[0]!.id)).toEqual(['螺丝10', '螺母20']);
    expect(await items(back[1]!.id)).toEqual([]);

    // a wrong item row keeps its order out, with the row named; the other order is saved
    sheet.getCell('A4').value = 'BAD-1';
    sheet.getCell('A6').value = 'BAD-2';
    sheet.getCell('F5').value = '';
    const bad = await t.request({
      method: 'POST',
      url: `/api${API}/importXls/${FORMS.order}`,
      token: staff,
      ...multipart({}, [{ field: 'file', name: 'b.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) }]),
    });
    expect(bad.json()).toMatchObject({ success: true, code: 201, result: { errorCount: 1, successCount: 1 } });
    const report = await t.request({ method: 'GET', url: `/api${bad.json().result.fileUrl}`, token: staff });
    expect(report.body).toContain('第4行：订单明细第5行：品名不能为空');
    expect(
      (await get(`${API}/getData/${FORMS.order}?order_code=BAD-`)).result.records.map((r: { order_code: string }) => r.order_code),
    ).toEqual(['BAD-2']);
    expect(
      await t.db
        .selectFrom('t_order_item' as never)
        .selectAll()
        .where('item_name' as never, '=', '螺丝' as never)
        .execute(),
    ).toHaveLength(2);

    // 仅导出主表
    const single = await sheetRows(
      (await call('GET', `${API}/exportXls/${FORMS.order}?paramsStr=${paramsStr({ exportSingleOnly: '1' })}`, staff)).raw,
    );
    expect(single[2]).toEqual(['订单号', '订单日期', '金额', '买家性别', '备注']);
  });

  it('serves tree forms root first, children by parent, with the has-children flag computed', async () => {
    const root = await call('POST', `${API}/form/${FORMS.cat}`, staff, { cat_name: '根', pid: '0' });
    const rootId = root.body.result as string;
    await call('POST', `${API}/form/${FORMS.cat}`, staff, { cat_name: '子一', pid: rootId });
    await call('POST', `${API}/form/${FORMS.cat}`, staff, { cat_name: '子二', pid: rootId });
    const roots = (await get(`${API}/getTreeData/${FORMS.cat}`)).result.records;
    expect(roots.map((r: { cat_name: string; has_child: string }) => `${r.cat_name}:${r.has_child}`)).toEqual(['根:1']);
    const children = (await get(`${API}/getTreeData/${FORMS.cat}?pid=${rootId}&column=cat_name&order=asc`)).result.records;
    expect(children.map((r: { cat_name: string; has_child: string }) => `${r.cat_name}:${r.has_child}`)).toEqual(['子一:0', '子二:0']);
    expect((await get(`${API}/getTreeData/${FORMS.cat}?cat_name=子`)).result.total).toBe(2);
    const page = (await get(`${API}/page/${FORMS.cat}`)).result;
    expect(page).toMatchObject({ variant: 'treeTable', tree: { parentKey: 'pid', hasChildrenField: 'has_child', rootValue: '0' } });
    expect((await get(`${API}/getColumns/${FORMS.cat}`)).result).toMatchObject({
      pidField: 'pid',
      hasChildrenField: 'has_child',
      textField: 'cat_name',
    });
  });

  it('serves page schemas the renderer accepts', async () => {
    for (const code of [FORMS.order, FORMS.note, FORMS.cat]) {
      expect([code, validatePageSchema((await get(`${API}/page/${code}`)).result)]).toEqual([code, []]);
      expect([code, validatePageSchema((await get(`${API}/formPage/${code}/add`)).result)]).toEqual([code, []]);
    }
  });

  it('answers NO_DB_SYNC for a form whose table is not synchronised', async () => {
    await addHead(t.db, 'f_unsynced', 't_unsynced', '未同步', { is_db_synch: 'N' });
    await addFields(t.db, 'f_unsynced', [{ name: 'title', txt: '标题' }]);
    expect(await get(`${API}/getData/f_unsynced`, admin)).toMatchObject({ success: false, message: 'NO_DB_SYNC' });
    expect(await get(`${API}/page/f_unsynced`, admin)).toMatchObject({ success: false, message: 'NO_DB_SYNC' });
  });

  it('refuses every runtime path to a role without the form menu', async () => {
    const paths: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', `${API}/getColumns/${FORMS.order}`],
      ['GET', `${API}/getQueryInfo/${FORMS.order}`],
      ['GET', `${API}/getData/${FORMS.order}`],
      ['GET', `${API}/getTreeData/${FORMS.order}`],
      ['GET', `${API}/getFormItem/${FORMS.order}`],
      ['GET', `${API}/getErpFormItem/${FORMS.order}`],
      ['GET', `${API}/getErpColumns/${FORMS.order}`],
      ['GET', `${API}/form/${FORMS.order}/x`],
      ['POST', `${API}/form/${FORMS.order}`, { order_code: 'NO' }],
      ['PUT', `${API}/form/${FORMS.order}`, { id: 'x', order_code: 'NO' }],
      ['DELETE', `${API}/form/${FORMS.order}/x`],
      ['GET', `${API}/subform/list/t_order_item/x`],
      ['GET', `${API}/exportXls/${FORMS.order}`],
      ['POST', `${API}/importXls/${FORMS.order}`, {}],
      ['POST', `${API}/doButton`, { formId: FORMS.note, buttonCode: 'done', dataId: 'n_staff' }],
      ['GET', `${API}/page/${FORMS.order}`],
      ['GET', `${API}/formPage/${FORMS.order}/add`],
      ['GET', `${API}/getEnhanceJs/${FORMS.order}`],
      ['GET', `${API}/getFormItemBytbname/t_order`],
      ['GET', `${API}/crud/${FORMS.order}/childList?pid=x`],
      ['GET', `${API}/crud/${FORMS.order}/subList/t_order_item?mainId=x`],
      ['GET', `${API}/crud/${FORMS.order}/list`],
      ['GET', `${API}/crud/${FORMS.order}/queryById?id=x`],
      ['POST', `${API}/crud/${FORMS.order}/add`, { order_code: 'NO' }],
      ['PUT', `${API}/crud/${FORMS.order}/edit`, { id: 'x' }],
      ['DELETE', `${API}/crud/${FORMS.order}/delete?id=x`],
      ['DELETE', `${API}/crud/${FORMS.order}/deleteBatch?ids=x`],
      ['GET', `${API}/crud/${FORMS.order}/exportXls`],
      ['POST', `${API}/crud/${FORMS.order}/importExcel`, {}],
    ];
    for (const [method, url, payload] of paths) {
      const res = await call(method, url, expert, payload);
      expect([url, res.status]).toEqual([url, 403]);
    }
    // no token at all: 401
    expect((await t.request({ method: 'GET', url: `/api${API}/getData/${FORMS.order}` })).statusCode).toBe(401);
    // the menu's table-name form counts: staff reaches t_note by its table name
    expect((await get(`${API}/getData/${FORMS.note}`)).success).toBe(true);
  });

  it('hides a controlled column from the list, form and export and ignores it on write', async () => {
    const list = await get(`${API}/getData/${FORMS.note}`);
    expect(list.result.records[0]).not.toHaveProperty('secret');
    expect((await get(`${API}/getColumns/${FORMS.note}`)).result.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual(['title']);
    expect(Object.keys((await get(`${API}/page/${FORMS.note}`)).result.form.schema.properties)).toEqual(['title']);
    expect((await get(`${API}/form/${FORMS.note}/n_staff`)).result).not.toHaveProperty('secret');
    const add = await call('POST', `${API}/form/${FORMS.note}`, staff, { title: '新便签', secret: 'LEAK' });
    expect(add.body.success).toBe(true);
    const row = await t.db
      .selectFrom('t_note' as never)
      .selectAll()
      .where('id' as never, '=', add.body.result as never)
      .executeTakeFirstOrThrow();
    expect((row as { secret: string | null }).secret).toBeNull();
    const exp = await call('GET', `${API}/exportXls/${FORMS.note}`, staff);
    expect((await sheetRows(exp.raw))[2]).toEqual(['标题']);
    // the administrator sees it
    expect((await get(`${API}/form/${FORMS.note}/n_staff`, admin)).result.secret).toBe('S2');
  });

  it('refuses a controlled button the role lacks (403) and hides it from the page', async () => {
    expect((await call('DELETE', `${API}/form/${FORMS.note}/n_staff`, staff)).status).toBe(403);
    expect((await call('DELETE', `${API}/crud/${FORMS.note}/delete?id=n_staff`, staff)).status).toBe(403);
    const page = (await get(`${API}/page/${FORMS.note}`)).result;
    expect(page.rowActions.delete).toBe(false);
    expect(page.url.delete).toBeUndefined();
    expect(page.toolbar.add).toBe(true);
    expect(page.toolbar.export).toBe(true);
    expect((await get(`${API}/getColumns/${FORMS.note}`)).result.hideColumns).toEqual(['delete']);
  });

  it('tells a caller without access nothing about a form (403 for unknown or unsynced ones too)', async () => {
    expect((await call('GET', `${API}/getData/no_such_form`, staff)).status).toBe(403);
    expect((await call('GET', `${API}/getData/f_unsynced_hidden`, staff)).status).toBe(403);
    expect(await get(`${API}/getData/no_such_form`, admin)).toMatchObject({ success: false, message: '表单不存在' });
  });

  it('limits rows by the role data rule', async () => {
    const titles = (await get(`${API}/getData/${FORMS.note}`)).result.records.map((r: { title: string }) => r.title);
    expect(titles).toContain('工作人员的便签');
    expect(titles).not.toContain('管理员的便签');
    expect(titles).not.toContain('工作人员的机密便签');
    expect((await get(`${API}/form/${FORMS.note}/n_admin`)).message).toBe('未找到对应数据');
    expect((await get(`${API}/getData/${FORMS.note}`, admin)).result.total).toBeGreaterThanOrEqual(2);
  });

  it('runs a registered button action and refuses an unknown one', async () => {
    expect(
      (await call('POST', `${API}/doButton`, staff, { formId: FORMS.note, buttonCode: 'done', dataId: 'n_staff' })).body,
    ).toMatchObject({ success: true, message: '已处理t_note的1条数据' });
    // the page offers the registered one only, on the selected rows
    const actions = (await get(`${API}/page/${FORMS.note}`)).result.toolbar.actions;
    expect(actions).toEqual([
      expect.objectContaining({
        text: '完成',
        selection: 'some',
        request: expect.objectContaining({ url: '/online/cgform/api/doButton' }),
      }),
    ]);
    expect(
      (await call('POST', `${API}/doButton`, staff, { formId: FORMS.note, buttonCode: 'ghost', dataId: 'n_staff' })).body,
    ).toMatchObject({ success: false, message: '按钮“幽灵”没有可执行的服务端操作' });
    expect((await call('POST', `${API}/doButton`, staff, { formId: FORMS.note, buttonCode: 'nope' })).body).toMatchObject({
      success: false,
      message: '按钮不存在或已停用',
    });
    // a row outside the data rule is not reachable through a button either
    expect(
      (await call('POST', `${API}/doButton`, staff, { formId: FORMS.note, buttonCode: 'done', dataId: 'n_admin' })).body,
    ).toMatchObject({ success: false });
  });

  it('picks up edited metadata (table_version bump) without a restart', async () => {
    expect((await get(`${API}/getColumns/${FORMS.note}`, admin)).result.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual([
      'title',
      'secret',
    ]);
    await t.db.updateTable('onl_cgform_field').set({ db_field_txt: '密级' }).where('id', '=', `${FORMS.note}_secret`).execute();
    await t.db
      .updateTable('onl_cgform_head')
      .set((eb) => ({ table_version: eb('table_version', '+', 1) }))
      .where('id', '=', FORMS.note)
      .execute();
    const cols = (await get(`${API}/getColumns/${FORMS.note}`, admin)).result.columns;
    expect(cols.find((c: { dataIndex: string }) => c.dataIndex === 'secret').title).toBe('密级');
    // a new required field after a sync is enforced at once
    await t.db.updateTable('onl_cgform_field').set({ field_must_input: '1' }).where('id', '=', `${FORMS.note}_secret`).execute();
    await t.db.updateTable('onl_cgform_head').set({ table_version: 99, update_time: new Date() }).where('id', '=', FORMS.note).execute();
    expect((await call('POST', `${API}/form/${FORMS.note}`, admin, { title: 'x' })).body).toMatchObject({
      success: false,
      message: '密级不能为空',
    });
  });
  it('gives each theme of a main form its page: normal, tab, erp and innerTable', async () => {
    const pageFor = async (theme: string, version: number) => {
      await t.db
        .updateTable('onl_cgform_head')
        .set({ theme_template: theme, table_version: version })
        .where('id', '=', FORMS.order)
        .execute();
      const page = (await get(`${API}/page/${FORMS.order}`)).result;
      expect(validatePageSchema(page)).toEqual([]);
      return page;
    };
    const subList = {
      key: 't_order_item',
      title: '订单明细',
      listUrl: `${API}/crud/${FORMS.order}/subList/t_order_item`,
      columns: [
        { dataIndex: 'item_name', title: '品名' },
        { dataIndex: 'qty', title: '数量' },
      ],
    };
    const normal = await pageFor('normal', 101);
    expect(normal).toMatchObject({ variant: 'masterDetail', form: { subTables: [{ key: 't_order_item', component: 'EditableGrid' }] } });
    expect(normal.form.mainTab).toBeUndefined();
    expect(normal.subLists).toBeUndefined();
    const tab = await pageFor('tab', 102);
    expect(tab).toMatchObject({ variant: 'masterDetail', form: { mainTab: '测试订单', subTables: [{ key: 't_order_item' }] } });
    const erp = await pageFor('erp', 103);
    expect(erp).toMatchObject({ variant: 'erp', subLists: [subList], form: { subTables: [{ key: 't_order_item' }] } });
    const inner = await pageFor('innerTable', 104);
    expect(inner).toMatchObject({ variant: 'innerTable', subLists: [subList] });
    // a single form keeps the plain table whatever its theme
    await t.db.updateTable('onl_cgform_head').set({ theme_template: 'erp', table_version: 105 }).where('id', '=', FORMS.note).execute();
    expect((await get(`${API}/page/${FORMS.note}`, admin)).result).toMatchObject({ variant: 'table' });
    expect((await get(`${API}/page/${FORMS.note}`, admin)).result.subLists).toBeUndefined();
    await t.db.updateTable('onl_cgform_head').set({ theme_template: 'normal', table_version: 106 }).where('id', '=', FORMS.order).execute();
  });
});
