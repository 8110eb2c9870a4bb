import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Space, Table, Tag } from 'antd';
import { dictText, useDictItems } from '@renderer/index';
import { useRenderer } from '@renderer/context';
import { RequestError } from '@renderer/index';
import { useNotifier } from '@renderer/data/useNotifier';
import { attempt, request, showRequestError } from '../../api/request';
import { AssignDialog, type ExpertChoice } from './AssignDialog';
import { SHEET_STATE_COLOR, SHEET_STATE_TEXT } from './score-types';

interface AppRow {
  id: string;
  companyName: string;
  creditCode: string;
  state: string;
  sheets: Array<{ expertId: string; expertName: string; state: string }>;
}

interface Overview {
  batch: { id: string; name: string; state: string; expertsPerApplication: number };
  experts: ExpertChoice[];
  applications: AppRow[];
}

/** 专家分配: the current batch's accepted and assigned applications with their experts; 分配专家 and 一键分配. */
export default function Assignment() {
  const { can } = useRenderer();
  const notify = useNotifier();
  const states = useDictItems('xypj_application_state');
  const [data, setData] = useState<Overview | null>(null);
  const [failure, setFailure] = useState('');
  const [editing, setEditing] = useState<AppRow | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setData(await request.get<Overview>('/xypj/application/assignment'));
    } catch (error) {
      // a refusal (no batch in review) is the page's answer, shown in place of the table
      if (error instanceof RequestError) setFailure(error.message);
      else showRequestError(error);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const autoAssign = async () => {
    if (!data) return;
    const waiting = data.applications.filter((a) => a.state === 'accepted').length;
    const ok = await notify.confirm({
      title: `确定为${data.batch.name}的${waiting}份已受理申报一键分配专家吗？`,
      content: `每份申报分配${data.batch.expertsPerApplication}位专家，按专家已分配数量均衡分配，并避开申报企业本单位的专家。`,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const done = await attempt(() => request.post('/xypj/application/autoAssign', { batchId: data.batch.id }));
      if (done) notify.success(done.message);
      await load();
    } finally {
      setBusy(false);
    }
  };

  if (failure) return <Alert type="info" showIcon message={failure} />;
  const canAssign = can('xypj:application:assign');
  const columns = [
    { title: '企业名称', dataIndex: 'companyName', ellipsis: true },
    { title: '统一社会信用代码', dataIndex: 'creditCode', width: 190 },
    { title: '状态', dataIndex: 'state', width: 90, render: (v: string) => dictText(states, v) },
    {
      title: '评审专家',
      key: 'experts',
      render: (_: unknown, r: AppRow) =>
        r.sheets.length ? (
          r.sheets.map((s) => (
            <Tag key={s.expertId} color={SHEET_STATE_COLOR[s.state]}>
              {s.expertName}·{SHEET_STATE_TEXT[s.state]}
            </Tag>
          ))
        ) : (
          <span style={{ color: '#999' }}>未分配</span>
        ),
    },
    {
      title: '操作',
      key: 'action',
      width: 110,
      render: (_: unknown, r: AppRow) =>
        canAssign && (r.state === 'accepted' || (r.state === 'assigned' && r.sheets.every((s) => s.state === 'draft'))) ? (
          <a onClick={() => setEditing(r)}>{r.state === 'accepted' ? '分配专家' : '重新分配'}</a>
        ) : null,
    },
  ];

  return (
    <Card
      title={data ? `专家分配：${data.batch.name}（每份申报${data.batch.expertsPerApplication}位专家）` : '专家分配'}
      extra={
        canAssign && (
          <Space>
            <Button
              type="primary"
              loading={busy}
              disabled={!data?.applications.some((a) => a.state === 'accepted')}
              onClick={() => void autoAssign()}
            >
              一键分配
            </Button>
          </Space>
        )
      }
    >
      {data && (
        <div style={{ marginBottom: 12 }}>
          专家已分配数量：
          {data.experts
            .filter((e) => e.status === '1')
            .map((e) => (
              <Tag key={e.id} data-load={e.load}>
                {e.name} {e.load}
              </Tag>
            ))}
        </div>
      )}
      <Table<AppRow>
        rowKey="id"
        size="middle"
        loading={!data}
        dataSource={data?.applications ?? []}
        columns={columns}
        pagination={{ pageSize: 20 }}
      />
      {editing && data && (
        <AssignDialog
          application={editing}
          experts={data.experts}
          count={data.batch.expertsPerApplication}
          onClose={() => setEditing(null)}
          onDone={() => void load()}
        />
      )}
    </Card>
  );
}
