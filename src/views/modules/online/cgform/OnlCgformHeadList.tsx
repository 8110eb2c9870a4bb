import { useState } from 'react';
import { Button, Card, Divider, Dropdown, Form, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router-dom';
import { getAction } from '../../../../api/http';
import { pageOf, type Page } from '@renderer/data/provider';
import { useNotifier } from '@renderer/data/useNotifier';
import { usePagedList, type PagedQuery } from '@renderer/list/usePagedList';
import { doneOf, request, type Done } from '../../../../api/request';
import { feedback } from '../../../../feedback';
import { reported, TABLE_TYPES, type FormHead } from './parts/api';
import { AuthModal } from './parts/AuthModal';
import { ButtonsModal } from './parts/ButtonsModal';
import { DesignModal } from './parts/DesignModal';
import { ImportModal } from './parts/ImportModal';
import { SyncModal } from './parts/SyncModal';

type Dialog =
  | { kind: 'design'; head?: FormHead }
  | { kind: 'sync'; head: FormHead }
  | { kind: 'buttons'; head: FormHead }
  | { kind: 'auth'; head: FormHead }
  | { kind: 'import' };

interface Query {
  tableName?: string;
  tableTxt?: string;
}

/** One page of form designs for the query (the list controller shows a failed load). */
async function loadHeads({ query, pageNo, pageSize }: PagedQuery<Query>): Promise<Page<FormHead>> {
  const params = { pageNo, pageSize, table_name: query.tableName, table_txt: query.tableTxt };
  return pageOf<FormHead>(await request.get('/online/cgform/head/list', params));
}

/** Asks first; on 确定 runs the write and reloads the list when it was accepted. */
function confirmThen(title: string, content: string, write: () => Promise<Done<unknown>>, after: () => void) {
  feedback().modal.confirm({ title, content, okText: '确定', cancelText: '取消', onOk: async () => (await reported(write)) && after() });
}

function removeHead(head: FormHead, dropTable: boolean, after: () => void) {
  confirmThen(
    dropTable ? '确认删除' : '确认移除',
    dropTable
      ? `删除表单“${head.tableTxt}”并删除数据库表 ${head.tableName}（数据将丢失），确定吗？`
      : `只移除表单“${head.tableTxt}”的设计，数据库表 ${head.tableName} 保留，确定吗？`,
    () => request.delete(dropTable ? '/online/cgform/head/delete' : '/online/cgform/head/removeRecord', { id: head.id }),
    after,
  );
}

function copyHead(head: FormHead, after: () => void) {
  confirmThen(
    '复制表单',
    `复制表单“${head.tableTxt}”为一个新表单（新表名自动生成），确定吗？`,
    // copyOnline is a GET whose success message (复制成功) is shown like a write's
    async () => doneOf(await getAction('/online/cgform/head/copyOnline', { code: head.id })),
    after,
  );
}

function headColumns(open: (dialog: Dialog) => void, test: (head: FormHead) => void, reload: () => void): ColumnsType<FormHead> {
  const more = (head: FormHead) => ({
    items: [
      { key: 'sync', label: '同步数据库' },
      { key: 'copy', label: '复制表单' },
      { key: 'buttons', label: '自定义按钮' },
      { key: 'auth', label: '授权' },
      { type: 'divider' as const },
      { key: 'remove', label: '移除' },
      { key: 'delete', label: '删除', danger: true },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'sync' || key === 'buttons' || key === 'auth') open({ kind: key, head });
      else if (key === 'copy') copyHead(head, reload);
      else removeHead(head, key === 'delete', reload);
    },
  });
  return [
    { title: '表类型', dataIndex: 'tableType', width: 90, render: (v: number) => TABLE_TYPES[v] ?? v },
    { title: '表名', dataIndex: 'tableName' },
    { title: '表描述', dataIndex: 'tableTxt' },
    { title: '版本', dataIndex: 'tableVersion', width: 70 },
    {
      title: '同步数据库状态',
      dataIndex: 'isDbSynch',
      width: 130,
      render: (v: string) => (v === 'Y' ? <Tag color="green">已同步</Tag> : <Tag color="red">未同步</Tag>),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      width: 220,
      render: (_: unknown, head: FormHead) => (
        <span>
          <a onClick={() => open({ kind: 'design', head })}>编辑</a>
          <Divider type="vertical" />
          <a onClick={() => test(head)} title={head.isDbSynch === 'Y' ? undefined : '请先同步数据库'}>
            功能测试
          </a>
          <Divider type="vertical" />
          <Dropdown menu={more(head)} trigger={['click']}>
            <a aria-label={`更多 ${head.tableName}`}>更多</a>
          </Dropdown>
        </span>
      ),
    },
  ];
}

function HeadDialogs({ dialog, close, closeAndReload }: { dialog: Dialog | null; close: () => void; closeAndReload: () => void }) {
  if (dialog?.kind === 'design') return <DesignModal head={dialog.head} onClose={close} onSaved={closeAndReload} />;
  if (dialog?.kind === 'sync') return <SyncModal head={dialog.head} onClose={close} onSynced={closeAndReload} />;
  if (dialog?.kind === 'buttons') return <ButtonsModal head={dialog.head} onClose={close} />;
  if (dialog?.kind === 'auth') return <AuthModal head={dialog.head} onClose={close} />;
  if (dialog?.kind === 'import') return <ImportModal onClose={close} onImported={closeAndReload} />;
  return null;
}

/** 表单开发 (menu component modules/online/cgform/OnlCgformHeadList): the list of online form designs. */
export default function OnlCgformHeadList() {
  const navigate = useNavigate();
  const [form] = Form.useForm<Query>();
  const list = usePagedList<Query, FormHead>({ initialQuery: {}, pageSize: 10, load: loadHeads, notify: useNotifier() });
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const search = (next: Query) => list.search(next);
  const removeSelected = () =>
    confirmThen(
      '确认移除',
      `只移除所选的 ${selected.length} 个表单设计，数据库表保留，确定吗？`,
      () => request.delete('/online/cgform/head/deleteBatch', { ids: selected.join(','), flag: '0' }),
      () => (setSelected([]), list.reload()),
    );

  return (
    <Card bordered={false}>
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16 }}>
        <Form.Item name="tableName" label="表名">
          <Input placeholder="请输入表名" allowClear />
        </Form.Item>
        <Form.Item name="tableTxt" label="表描述">
          <Input placeholder="请输入表描述" allowClear />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button onClick={() => (form.resetFields(), search({}))}>重置</Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setDialog({ kind: 'design' })}>
          新增
        </Button>
        <Button onClick={() => setDialog({ kind: 'import' })}>从数据库导入</Button>
        {selected.length > 0 && (
          <Button danger onClick={removeSelected}>
            批量移除
          </Button>
        )}
      </Space>
      <Table<FormHead>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.rows}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: list.pageNo,
          pageSize: list.pageSize,
          total: list.total,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: list.changePage,
        }}
        columns={headColumns(setDialog, (head) => navigate(`/online/cgformList/${head.id}`), list.reload)}
      />
      <HeadDialogs dialog={dialog} close={() => setDialog(null)} closeAndReload={() => (setDialog(null), list.reload())} />
    </Card>
  );
}
