import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SchemaPage, loadPageSchema, hasPageSchema, createPermissionChecker, excludedCodes, validatePageSchema } from '@renderer/index';
import { fakeHttp, ok, recordingNotifier, renderWith } from './harness';

describe('loading page schemas by menu component name', () => {
  it('finds schemas/<component>.json and nothing for unknown names, entities, menus or dictionaries', async () => {
    expect(hasPageSchema('system/SysPositionList')).toBe(true);
    expect(hasPageSchema('system/Nope')).toBe(false);
    expect(hasPageSchema('entities/sys_position')).toBe(false);
    expect(hasPageSchema('menus/system')).toBe(false);
    expect(hasPageSchema('dicts/sex')).toBe(false);
    // the file states only what differs from its entity; the bundle holds the page derived from it
    const schema = await loadPageSchema('system/SysPositionList');
    expect(validatePageSchema(schema)).toEqual([]);
    expect((schema as { url: { list: string } }).url.list).toBe('/sys/position/list');
    expect(await loadPageSchema('system/Nope')).toBeUndefined();
  });
});

describe('standalone form page', () => {
  it('loads, validates and submits', async () => {
    const s = fakeHttp({
      'GET /sys/profile': () => ok({ phone: '13800000000' }),
      'PUT /sys/profile': () => ok(null, '保存成功!'),
    });
    const rec = recordingNotifier();
    renderWith(
      <SchemaPage
        notifier={rec.notifier}
        schema={{
          $schema: '../_meta/page.schema.json',
          kind: 'form',
          title: '个人资料',
          url: { load: '/sys/profile', submit: '/sys/profile' },
          method: 'put',
          schema: {
            type: 'object',
            properties: {
              phone: {
                type: 'string',
                title: '手机',
                'x-decorator': 'FormItem',
                'x-component': 'Input',
                'x-validator': [{ mobile: true }],
                'x-component-props': { placeholder: '手机' },
              },
            },
          },
        }}
      />,
      s.http,
    );
    const input = await screen.findByPlaceholderText('手机');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('13800000000'));
    fireEvent.change(input, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请输入正确手机号')).toBeTruthy();
    expect(s.last('put')).toBeUndefined();
    fireEvent.change(input, { target: { value: '13912345678' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(s.last('put', '/sys/profile')?.body).toEqual({ phone: '13912345678' }));
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'success', text: '保存成功!' }));
  });
});

describe('permission checker', () => {
  const allAuth = [
    { action: 'user:add', type: '1', status: '1' },
    { action: 'user:export', type: '1', status: '0' },
    { action: 'user:delete', type: '1', status: '1' },
    { action: 'user:col:salary', type: '1', status: '1' },
    { action: 'user:batch_delete', type: '1', status: '1' },
  ];

  it('keeps inactive codes, splits comma-separated grants, denies status 0 and unknown codes', () => {
    const can = createPermissionChecker(
      [
        { action: 'user:add,user:edit', type: '2' },
        { action: 'user:delete', type: '2', status: '0' },
      ],
      allAuth,
    );
    expect(can('user:add')).toBe(true);
    expect(can('user:edit')).toBe(true);
    expect(can('user:export')).toBe(true);
    expect(can('user:delete')).toBe(false);
    expect(can('user:import')).toBe(false);
  });

  it('computes excluded suffixes under a prefix; batch_delete also excludes remove', () => {
    expect(excludedCodes('user', [{ action: 'user:add', type: '1' }], allAuth)).toEqual(['delete', 'col:salary', 'batch_delete', 'remove']);
  });
});

describe('query form and permission exclusion on a list', () => {
  it('collapses query fields beyond one row behind 展开/收起 and hides excluded columns and buttons', async () => {
    const { positionSchema } = await import('./position.fixture');
    const field = (title: string) => ({
      type: 'string' as const,
      title,
      'x-decorator': 'FormItem',
      'x-component': 'Input',
      'x-component-props': { placeholder: title },
    });
    const schema = {
      ...positionSchema,
      query: { type: 'object' as const, properties: { a: field('甲'), b: field('乙'), c: field('丙'), d: field('丁') } },
    };
    const s = fakeHttp({ 'GET /sys/position/list': () => ok({ records: [{ id: '1', code: 'C1', name: 'N1', postRank: '1' }], total: 1 }) });
    renderWith(<SchemaPage schema={schema} notifier={recordingNotifier().notifier} />, s.http, {
      excludedCodes: (prefix) => (prefix === 'system:position' ? ['code', 'add', 'batch_delete'] : []),
    });
    await screen.findByText('N1');
    expect(screen.getByPlaceholderText('丙')).toBeTruthy();
    expect(screen.queryByPlaceholderText('丁')).toBeNull();
    fireEvent.click(screen.getByText('展开'));
    expect(await screen.findByPlaceholderText('丁')).toBeTruthy();
    expect(screen.getByText('收起')).toBeTruthy();
    expect(screen.queryByText('C1')).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByText('批量操作')).toBeNull();
  });
});

describe('search input prefixes in the query form', () => {
  it.each([
    ['like', '*经理*'],
    ['ne', '!经理'],
    ['ge', '>=经理'],
    ['le', '<=经理'],
  ])('rule %s sends %s', async (rule, sent) => {
    const { positionSchema } = await import('./position.fixture');
    const schema = {
      ...positionSchema,
      query: {
        type: 'object' as const,
        properties: { name: { type: 'string' as const, 'x-component': 'SearchInput', 'x-component-props': { rule, placeholder: '名称' } } },
      },
    };
    const s = fakeHttp({ 'GET /sys/position/list': () => ok({ records: [], total: 0 }) });
    renderWith(<SchemaPage schema={schema} notifier={recordingNotifier().notifier} />, s.http);
    fireEvent.change(await screen.findByPlaceholderText('名称'), { target: { value: '经理' } });
    expect((screen.getByPlaceholderText('名称') as HTMLInputElement).value).toBe('经理');
    fireEvent.click(screen.getByRole('button', { name: /(^|\s)查\s*询$/ }));
    await waitFor(() => expect(s.last('get', '/sys/position/list')?.params?.name).toBe(sent));
  });
});

describe('a list without selection', () => {
  it('shows no checkboxes and no 已选择 bar when selectable is false', async () => {
    const s = fakeHttp({ 'GET /sys/run/list': () => ok({ records: [{ id: 'r1', result: '成功' }], total: 1 }) });
    renderWith(
      <SchemaPage
        schema={{
          $schema: '../_meta/page.schema.json',
          kind: 'list',
          title: '运行记录',
          url: { list: '/sys/run/list' },
          selectable: false,
          columns: [{ dataIndex: 'result', title: '结果' }],
          toolbar: { add: false, batchDelete: false, import: false, export: false, superQuery: false },
          rowActions: { edit: false, detail: false, delete: false },
        }}
      />,
      s.http,
    );
    expect(await screen.findByText('成功')).toBeTruthy();
    expect(document.querySelector('input[type="checkbox"]')).toBeNull();
    expect(screen.queryByText(/已选择/)).toBeNull();
  });
});
