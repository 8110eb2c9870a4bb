import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RecordModal, SchemaPage, registerField, type EditForm } from '@renderer/index';
import type { ListPage } from '@contract/schema-types.gen';
import { fakeHttp, ok, recordingNotifier, renderWith } from './harness';

const form: EditForm = {
  container: 'modal',
  schema: {
    type: 'object',
    properties: {
      realname: {
        type: 'string',
        title: '用户姓名',
        'x-decorator': 'FormItem',
        'x-component': 'Input',
        'x-component-props': { placeholder: '请输入用户名称' },
      },
    },
  },
};
const urls = { list: '/x/list', add: '/x/add', edit: '/x/edit' };
const networkError = () => Promise.reject(new Error('Network Error'));

describe('RecordModal request failures', () => {
  it('warns and stops the 确定 spinner when the save request is rejected', async () => {
    const s = fakeHttp({ 'POST /x/add': networkError });
    const rec = recordingNotifier();
    const onClose = vi.fn();
    renderWith(<RecordModal mode="add" config={form} urls={urls} notify={rec.notifier} onClose={onClose} onSaved={() => {}} />, s.http);
    fireEvent.change(await screen.findByPlaceholderText('请输入用户名称'), { target: { value: '张三' } });
    const ok = screen.getByRole('button', { name: /确\s*定/ });
    fireEvent.click(ok);
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'warning', text: 'Network Error' }));
    await waitFor(() => expect(ok.className).not.toContain('ant-btn-loading'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('leaves a rejected edit with an HTTP error (axios-shaped) to the HTTP client, which has shown it', async () => {
    const s = fakeHttp({
      'PUT /x/edit': () =>
        Promise.reject(
          Object.assign(new Error('Request failed with status code 500'), { response: { data: { message: '数据已被修改' } } }),
        ),
    });
    const rec = recordingNotifier();
    renderWith(
      <RecordModal
        mode="edit"
        record={{ id: '1', realname: '李四' }}
        config={form}
        urls={urls}
        notify={rec.notifier}
        onClose={() => {}}
        onSaved={() => {}}
      />,
      s.http,
    );
    await screen.findByPlaceholderText('请输入用户名称');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    const ok = screen.getByRole('button', { name: /确\s*定/ });
    await waitFor(() => expect(s.calls.some((c) => c.method === 'put')).toBe(true));
    await waitFor(() => expect(ok.className).not.toContain('ant-btn-loading'));
    expect(rec.said).toEqual([]);
  });

  it('warns when a sub-table load is rejected', async () => {
    registerField('FailureTestRows', { component: () => null });
    const s = fakeHttp({ 'GET /x/items': networkError });
    const rec = recordingNotifier();
    const config: EditForm = { ...form, subTables: [{ key: 'items', title: '明细', component: 'FailureTestRows', listUrl: '/x/items' }] };
    renderWith(
      <RecordModal
        mode="edit"
        record={{ id: '1', realname: '李四' }}
        config={config}
        urls={urls}
        notify={rec.notifier}
        onClose={() => {}}
        onSaved={() => {}}
      />,
      s.http,
    );
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'warning', text: 'Network Error' }));
  });
});

describe('RecordModal footer options (user drawer)', () => {
  it('labels the save button with okText and asks cancelConfirm before closing', async () => {
    const onClose = vi.fn();
    const config: EditForm = { ...form, container: 'drawer', okText: '提交', cancelConfirm: '确定放弃编辑？' };
    renderWith(
      <RecordModal mode="add" config={config} urls={urls} notify={recordingNotifier().notifier} onClose={onClose} onSaved={() => {}} />,
      fakeHttp({}).http,
    );
    await screen.findByPlaceholderText('请输入用户名称');
    expect(screen.getByRole('button', { name: /提\s*交/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    const pop = await waitFor(() => {
      const found = document.querySelector('.ant-popconfirm');
      if (!found) throw new Error('no popconfirm');
      return found as HTMLElement;
    });
    expect(pop.textContent).toContain('确定放弃编辑？');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(pop).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('closes at once with the default footer', async () => {
    const onClose = vi.fn();
    renderWith(
      <RecordModal mode="add" config={form} urls={urls} notify={recordingNotifier().notifier} onClose={onClose} onSaved={() => {}} />,
      fakeHttp({}).http,
    );
    await screen.findByPlaceholderText('请输入用户名称');
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('left tree failures', () => {
  it('warns when the tree request is rejected', async () => {
    const schema: ListPage = {
      $schema: '../_meta/page.schema.json',
      kind: 'list',
      title: '用户',
      variant: 'leftTree',
      url: { list: '/user/list' },
      leftTree: { url: '/depart/tree', param: 'departId' },
      columns: [{ dataIndex: 'name', title: '名称' }],
    };
    const s = fakeHttp({ 'GET /depart/tree': networkError, 'GET /user/list': () => ok({ records: [], total: 0 }) });
    const rec = recordingNotifier();
    renderWith(<SchemaPage schema={schema} notifier={rec.notifier} />, s.http);
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'warning', text: 'Network Error' }));
  });
});
