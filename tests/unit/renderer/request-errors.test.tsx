import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RecordModal, RequestError, SchemaPage, showRequestError, type EditForm } from '@renderer/index';
import { clearDictCache } from '@renderer/data/dict';
import { fail, fakeHttp, ok, recordingNotifier, renderWith } from './harness';
import { positions, positionSchema } from './position.fixture';

beforeEach(() => {
  clearDictCache();
  localStorage.clear();
});

const form: EditForm = {
  container: 'modal',
  schema: {
    type: 'object',
    properties: {
      name: {
        type: 'string',
        title: '职务名称',
        'x-decorator': 'FormItem',
        'x-component': 'Input',
        'x-component-props': { placeholder: '请输入职务名称' },
      },
    },
  },
};

/** Lets pending answers settle, so a second showing of the same failure would have happened. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('one error path', () => {
  it('a refused save shows the server sentence once, as a warning, and keeps the form open', async () => {
    const s = fakeHttp({ 'POST /x/add': () => fail('职务编码已存在') });
    const rec = recordingNotifier();
    let closed = false;
    renderWith(
      <RecordModal
        mode="add"
        config={form}
        urls={{ list: '/x/list', add: '/x/add' }}
        notify={rec.notifier}
        onClose={() => (closed = true)}
        onSaved={() => {}}
      />,
      s.http,
    );
    fireEvent.change(await screen.findByPlaceholderText('请输入职务名称'), { target: { value: '经理' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'warning', text: '职务编码已存在' }));
    await settle();
    expect(rec.said).toEqual([{ kind: 'warning', text: '职务编码已存在' }]);
    expect(closed).toBe(false);
  });

  it('a refused delete shows the server sentence once and keeps the rows', async () => {
    const s = fakeHttp({
      'GET /sys/position/list': () => ok({ records: positions(3), total: 3 }),
      'GET /sys/dict/getDictItems/position_rank': () => ok([]),
      'DELETE /sys/position/delete': () => fail('该职务下有用户，不能删除'),
    });
    const rec = recordingNotifier();
    renderWith(<SchemaPage schema={positionSchema} notifier={rec.notifier} />, s.http);
    await screen.findByText('职务1');
    fireEvent.click(screen.getAllByText('更多')[0]);
    fireEvent.click(await screen.findByText('删除'));
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'warning', text: '该职务下有用户，不能删除' }));
    await settle();
    expect(rec.said.filter((said) => said.kind !== 'confirm')).toEqual([{ kind: 'warning', text: '该职务下有用户，不能删除' }]);
    expect(s.calls.filter((c) => c.url === '/sys/position/list')).toHaveLength(1);
  });

  it('a refused list load shows the server sentence once', async () => {
    const s = fakeHttp({
      'GET /sys/position/list': () => fail('没有权限，请联系管理员授权'),
      'GET /sys/dict/getDictItems/position_rank': () => ok([]),
    });
    const rec = recordingNotifier();
    renderWith(<SchemaPage schema={positionSchema} notifier={rec.notifier} />, s.http);
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'warning', text: '没有权限，请联系管理员授权' }));
    await settle();
    expect(rec.said).toEqual([{ kind: 'warning', text: '没有权限，请联系管理员授权' }]);
  });

  it('a list load the HTTP client failed (and has shown) is not shown again', async () => {
    const s = fakeHttp({
      'GET /sys/position/list': () =>
        Promise.reject(Object.assign(new Error('Request failed with status code 500'), { isAxiosError: true })),
      'GET /sys/dict/getDictItems/position_rank': () => ok([]),
    });
    const rec = recordingNotifier();
    renderWith(<SchemaPage schema={positionSchema} notifier={rec.notifier} />, s.http);
    await waitFor(() => expect(s.calls.some((c) => c.url === '/sys/position/list')).toBe(true));
    await settle();
    expect(rec.said).toEqual([]);
  });

  it('showRequestError: a refusal and an unexpected error are shown, a transport error is not', () => {
    const rec = recordingNotifier();
    showRequestError(rec.notifier, new RequestError('数据已被修改'));
    showRequestError(rec.notifier, new Error('Network Error'));
    showRequestError(rec.notifier, Object.assign(new Error('timeout'), { isAxiosError: true }));
    showRequestError(rec.notifier, { response: { status: 500 } });
    expect(rec.said).toEqual([
      { kind: 'warning', text: '数据已被修改' },
      { kind: 'warning', text: 'Network Error' },
    ]);
  });
});
