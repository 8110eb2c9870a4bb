import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Divider, Dropdown, Form, Input, Space, Table, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { deleteAction, getAction } from '../../../../api/http';
import { feedback } from '../../../../feedback';
import { reported, TABLE_TYPES, type FormHead, type PageResult } from './parts/api';
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

/** 表单开发 (menu component modules/online/cgform/OnlCgformHeadList): the list of online form designs. */
export default function OnlCgformHeadList() {
  const navigate = useNavigate();
  const [form] = Form.useForm<Query>();
  const [query, setQuery] = useState<Query>({});
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [data, setData] = useState<PageResult<FormHead>>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    void getAction<PageResult<FormHead>>('/online/cgform/head/list', {
      pageNo: page.current,
      pageSize: page.pageSize,
      table_name: query.tableName,
      table_txt: query.tableTxt,
    })
      .then((res) => {
        if (res.success) setData(res.result);
        else feedback().message.error(res.message);
      })
      .finally(() => setLoading(false));
  }, [page, query]);
  useEffect(load, [load]);

  const closeAndReload = () => {
    setDialog(null);
    load();
  };

  const confirmThen = (title: string, content: string, run: () => Promise<boolean>) =>
    feedback().modal.confirm({ title, content, okText: '确定', cancelText: '取消', onOk: async () => (await run()) && load() });

  const remove = (head: FormHead, dropTable: boolean) =>
    confirmThen(
      dropTable ? '确认删除' : '确认移除',
      dropTable
        ? `删除表单“${head.tableTxt}”并删除数据库表 ${head.tableName}（数据将丢失），确定吗？`
        : `只移除表单“${head.tableTxt}”的设计，数据库表 ${head.tableName} 保留，确定吗？`,
      async () =>
        reported(await deleteAction(dropTable ? '/online/cgform/head/delete' : '/online/cgform/head/removeRecord', { id: head.id })),
    );

  const copy = (head: FormHead) =>
    confirmThen('复制表单', `复制表单“${head.tableTxt}”为一个新表单（新表名自动生成），确定吗？`, async () =>
      reported(await getAction('/online/cgform/head/copyOnline', { code: head.id })),
    );

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
      if (key === 'sync' || key === 'buttons' || key === 'auth') setDialog({ kind: key, head });
      else if (key === 'copy') copy(head);
      else remove(head, key === 'delete');
    },
  });

  return (
    <Card bordered={false}>
      <Form
        form={form}
        layout="inline"
        onFinish={(v) => (setQuery(v), setPage((p) => ({ ...p, current: 1 })))}
        style={{ marginBottom: 16 }}
      >
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
          <Button onClick={() => (form.resetFields(), setQuery({}), setPage((p) => ({ ...p, current: 1 })))}>重置</Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setDialog({ kind: 'design' })}>
          新增
        </Button>
        <Button onClick={() => setDialog({ kind: 'import' })}>从数据库导入</Button>
        {selected.length > 0 && (
          <Button
            danger
            onClick={() =>
              confirmThen('确认移除', `只移除所选的 ${selected.length} 个表单设计，数据库表保留，确定吗？`, async () => {
                const ok = reported(await deleteAction('/online/cgform/head/deleteBatch', { ids: selected.join(','), flag: '0' }));
                if (ok) setSelected([]);
                return ok;
              })
            }
          >
            批量移除
          </Button>
        )}
      </Space>
      <Table<FormHead>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={data.records}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          ...page,
          total: data.total,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        columns={[
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
                <a onClick={() => setDialog({ kind: 'design', head })}>编辑</a>
                <Divider type="vertical" />
                <a onClick={() => navigate(`/online/cgformList/${head.id}`)} title={head.isDbSynch === 'Y' ? undefined : '请先同步数据库'}>
                  功能测试
                </a>
                <Divider type="vertical" />
                <Dropdown menu={more(head)} trigger={['click']}>
                  <a aria-label={`更多 ${head.tableName}`}>更多</a>
                </Dropdown>
              </span>
            ),
          },
        ]}
      />
      {dialog?.kind === 'design' && <DesignModal head={dialog.head} onClose={() => setDialog(null)} onSaved={closeAndReload} />}
      {dialog?.kind === 'sync' && <SyncModal head={dialog.head} onClose={() => setDialog(null)} onSynced={closeAndReload} />}
      {dialog?.kind === 'buttons' && <ButtonsModal head={dialog.head} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'auth' && <AuthModal head={dialog.head} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'import' && <ImportModal onClose={() => setDialog(null)} onImported={closeAndReload} />}
    </Card>
  );
}
