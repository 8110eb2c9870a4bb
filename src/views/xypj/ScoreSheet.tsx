import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Col, Empty, Input, InputNumber, Modal, Row as GridRow, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { useNotifier } from '@renderer/data/useNotifier';
import type { ViewProps } from '@renderer/views/registry';
import { attempt, request } from '../../api/request';
import { MaterialsPanel } from './MaterialsPanel';
import {
  numberOrNull,
  scoreProblem,
  SHEET_STATE_COLOR,
  SHEET_STATE_TEXT,
  totalOf,
  type Row,
  type ScoreItem,
  type ScoreSheetRow,
} from './score-types';
import { EvidencePanel } from './EvidencePanel';
import { evidenceFiles, materialPaths, parseSnapshot, type EvidenceFile } from './snapshot-fields';
import { UnitInfoPanel } from './UnitInfoPanel';

const EDITABLE_STATES = ['draft', 'returned'];

/**
 * A score exactly as typed: no rounding or clamping here, so a value out of 0..max or with two
 * decimals is shown with the limit it breaks (the server refuses it with the same words).
 */
function ScoreInput({ item, value, onChange }: { item: ScoreItem; value: number | null; onChange(score: number | null): void }) {
  const problem = scoreProblem(item, value);
  return (
    <>
      <InputNumber
        aria-label={`${item.item}得分`}
        step={0.1}
        style={{ width: 90 }}
        status={problem ? 'error' : undefined}
        value={value}
        onChange={(v) => onChange(numberOrNull(v))}
      />
      {problem && (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
          {problem}
        </Typography.Text>
      )}
    </>
  );
}

interface Entry {
  score: number | null;
  comment: string;
}

type Entries = Record<string, Entry>;

/** The sheet's items, entries, company application and the save/submit actions. */
function useScoreSheet(record: ViewProps['record'], onChanged: () => void) {
  const notify = useNotifier();
  const [sheet, setSheet] = useState<ScoreSheetRow>(record as unknown as ScoreSheetRow);
  const [items, setItems] = useState<ScoreItem[] | null>(null);
  const [entries, setEntries] = useState<Entries>({});
  const [application, setApplication] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const [rows, app] = await Promise.all([
      // A sheet whose items cannot be read shows an empty table, as before; the application's failure is shown.
      request
        .get<ScoreItem[]>('/xypj/scoreSheet/queryItemListByMainId', { id: sheet.id })
        .then((result) => (Array.isArray(result) ? result : []))
        .catch((): ScoreItem[] => []),
      attempt(() => request.get<Row>('/xypj/application/queryById', { id: sheet.applicationId })),
    ]);
    setItems(rows);
    setEntries(Object.fromEntries(rows.map((i) => [i.criteriaItemId, { score: numberOrNull(i.score), comment: i.comment ?? '' }])));
    if (app !== undefined) setApplication(app);
  }, [sheet.id, sheet.applicationId]);

  useEffect(() => {
    void load();
  }, [load]);

  const send = async (url: string) => {
    const problem = items?.map((i) => scoreProblem(i, entries[i.criteriaItemId]?.score ?? null)).find(Boolean);
    if (problem) {
      notify.warning(problem);
      return;
    }
    setBusy(true);
    try {
      const body = {
        id: sheet.id,
        items: Object.entries(entries).map(([criteriaItemId, e]) => ({ criteriaItemId, score: e.score, comment: e.comment })),
      };
      const done = await attempt(() => request.post<ScoreSheetRow>(url, body));
      if (!done) return;
      notify.success(done.message);
      if (done.result) setSheet(done.result);
      onChanged();
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const missing = items?.find((i) => entries[i.criteriaItemId]?.score === null);
    if (missing) {
      notify.warning(`请为「${missing.item}」打分后再提交`);
      return;
    }
    if (await notify.confirm({ title: '确定提交评分表吗？', content: '提交后不能再修改。' })) await send('/xypj/scoreSheet/submit');
  };

  const set = (id: string, patch: Partial<Entry>) => setEntries((prev) => ({ ...prev, [id]: { ...prev[id]!, ...patch } }));
  return { sheet, items, entries, application, busy, send, submit, set };
}

function sheetColumns(locked: boolean, entries: Entries, set: (id: string, patch: Partial<Entry>) => void) {
  return [
    { title: '类别', dataIndex: 'category', width: 90 },
    { title: '评价项目', dataIndex: 'item', width: 140 },
    { title: '分值', dataIndex: 'maxScore', width: 60, align: 'center' as const, render: (v: unknown) => Number(v) },
    {
      title: '评分指引',
      dataIndex: 'guide',
      render: (v: unknown) => <Typography.Text type="secondary">{String(v ?? '')}</Typography.Text>,
    },
    {
      title: '得分',
      key: 'score',
      width: 110,
      render: (_: unknown, i: ScoreItem) =>
        locked ? (
          (entries[i.criteriaItemId]?.score?.toFixed(1) ?? '')
        ) : (
          <ScoreInput item={i} value={entries[i.criteriaItemId]?.score ?? null} onChange={(score) => set(i.criteriaItemId, { score })} />
        ),
    },
    {
      title: '评语',
      key: 'comment',
      width: 180,
      render: (_: unknown, i: ScoreItem) =>
        locked ? (
          entries[i.criteriaItemId]?.comment
        ) : (
          <Input
            aria-label={`${i.item}评语`}
            maxLength={500}
            value={entries[i.criteriaItemId]?.comment ?? ''}
            onChange={(e) => set(i.criteriaItemId, { comment: e.target.value })}
          />
        ),
    },
  ];
}

/** The right column: the company's snapshot, its evidence files and the application's materials. */
function SheetSide({ application }: { application: Row | null }) {
  const snapshot = parseSnapshot(application?.snapshot);
  const [sideTab, setSideTab] = useState('snapshot');
  const [evidence, setEvidence] = useState<EvidenceFile>();
  const openEvidence = (file: EvidenceFile) => {
    setEvidence(file);
    setSideTab('evidence');
  };
  return (
    <Tabs
      activeKey={sideTab}
      onChange={setSideTab}
      items={[
        {
          key: 'snapshot',
          label: '单位信息快照',
          children: snapshot ? <UnitInfoPanel unit={snapshot} onOpenFile={openEvidence} /> : <Empty description="没有单位信息快照" />,
        },
        {
          key: 'evidence',
          label: '证明文件',
          children: <EvidencePanel files={snapshot ? evidenceFiles(snapshot) : []} shown={evidence} onShow={setEvidence} />,
        },
        {
          key: 'materials',
          label: '申报材料',
          children: application ? <MaterialsPanel paths={materialPaths(application.materials)} /> : <Spin />,
        },
      ]}
    />
  );
}

function SheetState({ sheet }: { sheet: ScoreSheetRow }) {
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <span>状态：</span>
        <Tag color={SHEET_STATE_COLOR[sheet.state]}>{SHEET_STATE_TEXT[sheet.state] ?? sheet.state}</Tag>
        {sheet.submitTime && <span>提交时间：{sheet.submitTime}</span>}
      </Space>
      {sheet.state === 'closed' && (
        <Alert type="info" showIcon message="评分表已截止（申报已撤回或批次已结束评审），只能查看" style={{ marginBottom: 8 }} />
      )}
      {sheet.state === 'returned' && sheet.returnReason && (
        <Alert type="warning" showIcon message={`退回原因：${sheet.returnReason}`} style={{ marginBottom: 8 }} />
      )}
    </>
  );
}

/** 打分: the expert's score sheet (one row per criteria item, 合计 below) beside the company's snapshot and materials. */
export default function ScoreSheet({ record, props, onClose, onChanged }: ViewProps) {
  const { sheet, items, entries, application, busy, send, submit, set } = useScoreSheet(record, onChanged);
  const locked = props.readOnly === true || !EDITABLE_STATES.includes(sheet.state);
  const total = useMemo(() => totalOf(Object.values(entries).map((e) => e.score)), [entries]);

  const footer = locked ? (
    <Button onClick={onClose}>关闭</Button>
  ) : (
    <Space>
      <Button onClick={onClose}>关闭</Button>
      <Button loading={busy} onClick={() => void send('/xypj/scoreSheet/save')}>
        保存
      </Button>
      <Button type="primary" loading={busy} onClick={() => void submit()}>
        提交
      </Button>
    </Space>
  );

  return (
    <Modal
      open
      title={`评分表：${String(application?.companyName ?? record?.companyName ?? '')}`}
      width="96vw"
      style={{ top: 16 }}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
    >
      <GridRow gutter={16}>
        <Col span={13}>
          <SheetState sheet={sheet} />
          {items === null ? (
            <Spin />
          ) : (
            <Table<ScoreItem>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={items}
              columns={sheetColumns(locked, entries, set)}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={4}>
                    <b>合计</b>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} colSpan={2}>
                    <b data-total>{total}</b> 分
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
          )}
        </Col>
        <Col span={11} style={{ maxHeight: '75vh', overflow: 'auto' }}>
          <SheetSide application={application} />
        </Col>
      </GridRow>
    </Modal>
  );
}
