import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Form, Input, Popconfirm, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { pageOf, type Page } from '@renderer/data/provider';
import { useNotifier } from '@renderer/data/useNotifier';
import { usePagedList, type PagedQuery } from '@renderer/list/usePagedList';
import { attempt, request } from '../../../../api/request';
import { feedback } from '../../../../feedback';
import { ReportDesignModal, type ReportHeadRow } from './parts/ReportDesignModal';

interface Query {
  code?: string;
  name?: string;
}

/** One page of reports for the query (the list controller shows a failed load). */
async function loadReports({ query, pageNo, pageSize }: PagedQuery<Query>): Promise<Page<ReportHeadRow>> {
  return pageOf<ReportHeadRow>(await request.get('/online/cgreport/head/list', { pageNo, pageSize, ...query }));
}

/** Online报表配置 (menu component modules/online/cgreport/OnlCgreportHeadList): the reports, their design dialog and 功能测试. */
export default function OnlCgreportHeadList() {
  const navigate = useNavigate();
  const [form] = Form.useForm<Query>();
  const list = usePagedList<Query, ReportHeadRow>({ initialQuery: {}, pageSize: 10, load: loadReports, notify: useNotifier() });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ open: boolean; head: ReportHeadRow | null }>({ open: false, head: null });

  const remove = async (ids: string[]) => {
    const done = await attempt(() =>
      ids.length === 1
        ? request.delete('/online/cgreport/head/delete', { id: ids[0] })
        : request.delete('/online/cgreport/head/deleteBatch', { ids: ids.join(',') }),
    );
    if (!done) return;
    feedback().message.success('删除成功');
    setSelected([]);
    list.reload();
  };

  return (
    <Card bordered={false} title="Online报表配置">
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={(v) => list.search({ code: v.code || undefined, name: v.name || undefined })}
      >
        <Form.Item name="code" label="报表编码">
          <Input allowClear placeholder="请输入报表编码" />
        </Form.Item>
        <Form.Item name="name" label="报表名称">
          <Input allowClear placeholder="请输入报表名称" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              list.search({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, head: null })}>
          新增
        </Button>
        {selected.length > 0 && (
          <Popconfirm title={`确定删除选中的 ${selected.length} 个报表吗？`} onConfirm={() => remove(selected)}>
            <Button danger>批量删除</Button>
          </Popconfirm>
        )}
      </Space>
      <Table<ReportHeadRow>
        rowKey="id"
        size="middle"
        bordered
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
        columns={[
          { title: '报表编码', dataIndex: 'code', width: 180 },
          { title: '报表名称', dataIndex: 'name', width: 180 },
          { title: '报表SQL', dataIndex: 'cgrSql', ellipsis: true },
          {
            title: '操作',
            key: 'op',
            width: 200,
            render: (_v, row) => (
              <Space>
                <a onClick={() => setEditing({ open: true, head: row })}>编辑</a>
                <a onClick={() => navigate(`/online/cgreport/${row.id}`)}>功能测试</a>
                <Popconfirm title="确定删除吗？" onConfirm={() => remove([row.id])}>
                  <a>删除</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ReportDesignModal
        open={editing.open}
        head={editing.head}
        onClose={(saved) => {
          setEditing({ open: false, head: null });
          if (saved) list.reload();
        }}
      />
    </Card>
  );
}
