import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { SchemaPage, type ListPage } from '@renderer/index';
import { fakeHttp, ok, renderWith } from './harness';

/** Another page file whose form a dialog action opens; its field names a component nobody registered. */
vi.mock('@renderer/schema/load', () => ({
  hasPageSchema: () => true,
  loadPageSchema: async () => ({
    $schema: '../_meta/page.schema.json',
    kind: 'list',
    title: '代理人',
    url: { list: '/agents/list', add: '/agents/add' },
    columns: [{ dataIndex: 'name', title: '名称' }],
    form: {
      schema: {
        type: 'object',
        properties: { name: { type: 'string', title: '名称', 'x-decorator': 'FormItem', 'x-component': 'AgentPicker' } },
      },
    },
  }),
}));

const page: ListPage = {
  $schema: '../_meta/page.schema.json',
  kind: 'list',
  title: '用户',
  url: { list: '/users/list' },
  columns: [{ dataIndex: 'username', title: '账号' }],
  toolbar: { actions: [{ text: '设置代理人', dialog: { form: 'demo/AgentList', mode: 'add' } }] },
};

describe('the error panel of a form opened from another page file', () => {
  it('names that file and the pointer, not the page that opened it', async () => {
    renderWith(
      <SchemaPage schema={page} source="schemas/demo/UserList.json" />,
      fakeHttp({ 'GET /users/list': () => ok({ records: [], total: 0 }) }).http,
    );
    fireEvent.click(await screen.findByText('设置代理人'));
    const panel = (await screen.findByText(/表单配置有误/)).closest('[role="alert"]') as HTMLElement;
    expect(panel.textContent).toContain('表单配置有误: schemas/demo/AgentList.json');
    expect(panel.textContent).toContain('/form/schema/properties/name/x-component component "AgentPicker" is not registered');
  });
});
