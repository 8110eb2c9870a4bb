import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SchemaPage, type ListPage } from '@renderer/index';
import { clearDictCache } from '@renderer/data/dict';
import { fakeHttp, ok, recordingNotifier, renderWith } from './harness';

beforeEach(() => {
  clearDictCache();
  localStorage.clear();
});

const users = Array.from({ length: 150 }, (_, i) => ({ id: `u${i + 1}`, username: `user${i + 1}`, status: 1 }));

const userSchema: ListPage = {
  $schema: '../_meta/page.schema.json',
  kind: 'list',
  title: '用户',
  url: { list: '/users' },
  pageSize: 200,
  columns: [{ dataIndex: 'username', title: '账号' }],
  toolbar: {
    actions: [
      {
        text: '冻结',
        selection: 'some',
        confirm: '确认操作',
        request: { method: 'put', url: '/users/frozenBatch', body: { ids: "{{ $selection.keys.join(',') }}", status: '2' } },
      },
    ],
  },
  rowActions: {
    actions: [
      {
        text: '停用',
        visibleWhen: '{{ $record.status == 1 }}',
        request: { method: 'put', url: '/users/frozenBatch', body: { ids: '{{ $record.id }}' } },
      },
    ],
  },
};

describe('toolbar actions read the selection from the list, in the virtual table too', () => {
  it('sends the selected rows of a 200-row page (virtual table) and reloads the list', async () => {
    const s = fakeHttp({ 'GET /users': () => ok({ records: users, total: 150 }), 'PUT /users/frozenBatch': () => ok(null, '操作成功!') });
    const rec = recordingNotifier();
    renderWith(<SchemaPage schema={userSchema} notifier={rec.notifier} />, s.http);
    await screen.findByText('user1');
    expect(document.querySelector('.renderer-vtable')).toBeTruthy();
    const boxes = screen.getAllByLabelText('选择');
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[2]);
    await waitFor(() => expect(document.querySelector('.renderer-selection')?.textContent).toContain('已选择 2 项'));
    const loads = s.calls.filter((c) => c.url === '/users').length;
    fireEvent.click(screen.getByRole('button', { name: /冻\s*结/ }));
    await waitFor(() => expect(s.last('put', '/users/frozenBatch')?.body).toEqual({ ids: 'u2,u3', status: '2' }));
    expect(rec.texts()).toEqual(['确认操作', '操作成功!']);
    await waitFor(() => expect(s.calls.filter((c) => c.url === '/users').length).toBe(loads + 1));
  });

  it('row actions act on their row and reload the list', async () => {
    const s = fakeHttp({
      'GET /users': () => ok({ records: users.slice(0, 3), total: 3 }),
      'PUT /users/frozenBatch': () => ok(null, '操作成功!'),
    });
    renderWith(<SchemaPage schema={{ ...userSchema, pageSize: 10 }} notifier={recordingNotifier().notifier} />, s.http);
    const row = (await screen.findByText('user2')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('停用'));
    await waitFor(() => expect(s.last('put', '/users/frozenBatch')?.body).toEqual({ ids: 'u2' }));
    await waitFor(() => expect(s.calls.filter((c) => c.url === '/users').length).toBe(2));
  });
});

interface Category {
  id: string;
  pid: string;
  name: string;
}

/** A category tree the fake server keeps, answering like /sys/category rootList / childList / add / edit. */
function categoryServer(rows: Category[]) {
  const hasChild = (id: string) => (rows.some((r) => r.pid === id) ? '1' : '0');
  const view = (r: Category) => ({ ...r, hasChild: hasChild(r.id) });
  let next = 100;
  return fakeHttp({
    'GET /cat/rootList': () => ok({ records: rows.filter((r) => r.pid === '0').map(view), total: 1 }),
    'GET /cat/childList': (call) => ok(rows.filter((r) => r.pid === call.params?.pid).map(view)),
    'POST /cat/add': (call) => {
      const body = call.body as Category;
      rows.push({ id: `c${next++}`, pid: body.pid, name: body.name });
      return ok(null, '添加成功！');
    },
    'PUT /cat/edit': (call) => {
      const body = call.body as Category;
      Object.assign(
        rows.find((r) => r.id === body.id)!,
        { name: body.name },
      );
      return ok(null, '编辑成功!');
    },
  });
}

const categorySchema: ListPage = {
  $schema: '../_meta/page.schema.json',
  kind: 'list',
  title: '分类字典',
  variant: 'treeTable',
  url: { list: '/cat/rootList', childList: '/cat/childList', add: '/cat/add', edit: '/cat/edit' },
  tree: { parentKey: 'pid', hasChildrenField: 'hasChild', rootValue: '0' },
  columns: [{ dataIndex: 'name', title: '分类名称' }],
  rowActions: {
    detail: false,
    actions: [{ text: '添加下级', dialog: { form: 'self', mode: 'add', title: '添加下级', values: { pid: '{{ $record.id }}' } } }],
  },
  form: {
    schema: {
      type: 'object',
      properties: {
        pid: { type: 'string', title: '父级', 'x-decorator': 'FormItem', 'x-component': 'Input' },
        name: {
          type: 'string',
          title: '分类名称',
          'x-decorator': 'FormItem',
          'x-component': 'Input',
          'x-component-props': { placeholder: '请输入分类名称' },
        },
      },
    },
  },
};

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

async function saveForm(name: string) {
  const input = (await screen.findAllByPlaceholderText('请输入分类名称')).at(-1) as HTMLElement;
  fireEvent.change(input, { target: { value: name } });
  fireEvent.click(within(input.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
}

describe('tree table reloads keep it open and show what was saved', () => {
  it('添加下级 on a leaf shows the new child under it at once', async () => {
    const s = categoryServer([{ id: 'r1', pid: '0', name: '工程类别' }]);
    renderWith(<SchemaPage schema={categorySchema} notifier={recordingNotifier().notifier} />, s.http);
    fireEvent.click(within(await rowOf('工程类别')).getByText('添加下级'));
    await saveForm('房屋建筑');
    await waitFor(() => expect(s.last('post', '/cat/add')?.body).toEqual({ pid: 'r1', name: '房屋建筑' }));
    expect(await screen.findByText('房屋建筑')).toBeTruthy();
  });

  it('editing a child keeps its branch open and shows the new name', async () => {
    const s = categoryServer([
      { id: 'r1', pid: '0', name: '工程类别' },
      { id: 'c1', pid: 'r1', name: '市政工程' },
    ]);
    renderWith(<SchemaPage schema={categorySchema} notifier={recordingNotifier().notifier} />, s.http);
    const expander = (await rowOf('工程类别')).querySelector('.ant-table-row-expand-icon') as HTMLElement;
    fireEvent.click(expander);
    fireEvent.click(within(await rowOf('市政工程')).getByText('编辑'));
    await saveForm('市政公用工程');
    await waitFor(() => expect(s.last('put', '/cat/edit')?.body).toMatchObject({ id: 'c1', name: '市政公用工程' }));
    expect(await screen.findByText('市政公用工程')).toBeTruthy();
    expect(screen.getByText('工程类别')).toBeTruthy();
  });
});
