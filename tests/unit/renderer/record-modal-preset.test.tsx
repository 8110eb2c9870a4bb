import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { lockFields, RecordModal, type EditForm } from '@renderer/index';
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
      departId: {
        type: 'string',
        title: '部门',
        'x-decorator': 'FormItem',
        'x-component': 'Input',
        'x-component-props': { placeholder: '部门' },
      },
    },
  },
};
const urls = { list: '/x/list', add: '/x/add', edit: '/x/edit' };

function openAdd(config: EditForm, initialValues?: Record<string, unknown>) {
  const s = fakeHttp({ 'POST /x/add': () => ok(null, '添加成功！') });
  const rec = recordingNotifier();
  renderWith(
    <RecordModal
      mode="add"
      initialValues={initialValues}
      config={config}
      urls={urls}
      notify={rec.notifier}
      onClose={() => {}}
      onSaved={() => {}}
    />,
    s.http,
  );
  return { s, rec };
}

describe('RecordModal add with a preset (another page opening this form)', () => {
  it('starts from initialValues and sends them with what the user typed', async () => {
    const { s } = openAdd(form, { departId: 'd_a01a01' });
    const depart = (await screen.findByPlaceholderText('部门')) as HTMLInputElement;
    expect(depart.value).toBe('d_a01a01');
    fireEvent.change(screen.getByPlaceholderText('请输入用户名称'), { target: { value: '办公室文员' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(s.last('post', '/x/add')?.body).toEqual({ realname: '办公室文员', departId: 'd_a01a01' }));
  });

  it('starts empty without a preset', async () => {
    openAdd(form);
    expect(((await screen.findByPlaceholderText('部门')) as HTMLInputElement).value).toBe('');
  });

  it('lockFields shows the named fields disabled and leaves the others editable', async () => {
    openAdd(lockFields(form, ['departId']), { departId: 'd_a01a01' });
    expect(((await screen.findByPlaceholderText('部门')) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByPlaceholderText('请输入用户名称') as HTMLInputElement).disabled).toBe(false);
  });
});
