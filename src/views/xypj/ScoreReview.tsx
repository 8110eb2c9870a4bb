import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import { useNotifier } from '@renderer/data/useNotifier';
import type { ViewProps } from '@renderer/views/registry';
import { attempt, request } from '../../api/request';
import ReasonDialog from './ReasonDialog';
import { ReviewPreviewPanel, type ReviewPreview } from './ReviewPreviewPanel';
import { numberOrNull, SHEET_STATE_COLOR, SHEET_STATE_TEXT, type Row, type ScoreItem, type ScoreSheetRow } from './score-types';

interface Scores {
  application: Row;
  sheets: ScoreSheetRow[];
  result: Row | null;
  /** What 确认复核 will write (while the application is 已打分). */
  preview: ReviewPreview | null;
  /** Why the batch takes no more 复核 or 退回 (in publicity or later), else null. */
  reviewClosed: string | null;
}

interface Line {
  key: string;
  category: string;
  item: string;
  maxScore: number;
  scores: Record<string, number | null>;
  comments: Record<string, string>;
}

const oneDecimal = (v: unknown) => numberOrNull(v)?.toFixed(1) ?? '';

/** Rows per criteria item with each expert's score, in the order of the first sheet. */
function linesOf(sheets: ScoreSheetRow[]): Line[] {
  const first = sheets[0]?.items ?? [];
  return first.map((i: ScoreItem) => ({
    key: i.criteriaItemId,
    category: i.category,
    item: i.item,
    maxScore: Number(i.maxScore),
    scores: Object.fromEntries(sheets.map((s) => [s.id, numberOrNull(s.items?.find((x) => x.criteriaItemId === i.criteriaItemId)?.score)])),
    comments: Object.fromEntries(sheets.map((s) => [s.id, s.items?.find((x) => x.criteriaItemId === i.criteriaItemId)?.comment ?? ''])),
  }));
}

/** The application's scores, reloaded after a 复核 or a sheet sent back. */
function useScores(id: string) {
  const [data, setData] = useState<Scores | null>(null);
  const load = useCallback(async () => {
    const scores = await attempt(() => request.get<Scores>('/xypj/application/scores', { id }));
    if (scores !== undefined) setData(scores);
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  return { data, load };
}

function expertColumns(sheets: ScoreSheetRow[], canSendBack: (sheet: ScoreSheetRow) => boolean, sendBack: (sheet: ScoreSheetRow) => void) {
  return sheets.map((s) => ({
    key: s.id,
    align: 'center' as const,
    title: (
      <Space direction="vertical" size={2} data-expert={s.expertName}>
        <span>{s.expertName}</span>
        <Tag color={SHEET_STATE_COLOR[s.state]}>{SHEET_STATE_TEXT[s.state] ?? s.state}</Tag>
        {canSendBack(s) && (
          <Button size="small" danger onClick={() => sendBack(s)}>
            退回
          </Button>
        )}
      </Space>
    ),
    render: (_: unknown, line: Line) => (
      <>
        <div>{line.scores[s.id]?.toFixed(1) ?? '—'}</div>
        {line.comments[s.id] && <Typography.Text type="secondary">{line.comments[s.id]}</Typography.Text>}
      </>
    ),
  }));
}

function ReviewResult({ result }: { result: Row }) {
  return (
    <Descriptions bordered size="small" column={3} title="复核结果" style={{ marginTop: 16 }} data-result>
      <Descriptions.Item label="专家平均分">{oneDecimal(result.avgScore)}</Descriptions.Item>
      <Descriptions.Item label="不良行为扣分">{oneDecimal(result.deduction)}</Descriptions.Item>
      <Descriptions.Item label="最终得分">
        <b>{oneDecimal(result.finalScore)}</b>
      </Descriptions.Item>
      <Descriptions.Item label="信用等级">
        <Tag color="blue">{String(result.grade ?? '')}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label="批次排名">{String(result.ranking ?? '')}</Descriptions.Item>
      <Descriptions.Item label="复核时间">{String(result.reviewTime ?? '')}</Descriptions.Item>
    </Descriptions>
  );
}

function ScoresTable({ sheets, columns }: { sheets: ScoreSheetRow[]; columns: ReturnType<typeof expertColumns> }) {
  return (
    <Table<Line>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={linesOf(sheets)}
      columns={[
        { title: '类别', dataIndex: 'category', width: 100 },
        { title: '评价项目', dataIndex: 'item' },
        { title: '分值', dataIndex: 'maxScore', width: 60, align: 'center' as const },
        ...columns,
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={3}>
            <b>合计</b>
          </Table.Summary.Cell>
          {sheets.map((s, i) => (
            <Table.Summary.Cell key={s.id} index={i + 3} align="center">
              <b>{numberOrNull(s.total)?.toFixed(1) ?? '—'}</b>
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      )}
    />
  );
}

/** 复核: each expert's scores side by side, 退回 one sheet with a reason, 确认复核 showing the final score and grade. */
export default function ScoreReview({ record, onClose, onChanged }: ViewProps) {
  const notify = useNotifier();
  const id = String(record?.id ?? '');
  const { data, load } = useScores(id);
  const [sendBack, setSendBack] = useState<ScoreSheetRow | null>(null);
  const [busy, setBusy] = useState(false);

  const state = String(data?.application.state ?? record?.state ?? '');
  const open = !data?.reviewClosed;
  const allSubmitted = !!data?.sheets.length && data.sheets.every((s) => s.state === 'submitted');

  const review = async () => {
    const content = data?.preview ? <ReviewPreviewPanel preview={data.preview} /> : '复核后将计算最终得分、信用等级和批次排名。';
    if (!(await notify.confirm({ title: `确定复核“${String(data?.application.companyName ?? '')}”的评审结果吗？`, content }))) return;
    setBusy(true);
    try {
      const done = await attempt(() => request.post('/xypj/application/review', { id }));
      if (!done) return;
      notify.success(done.message);
      onChanged();
      await load();
    } finally {
      setBusy(false);
    }
  };

  const sheets = data?.sheets ?? [];
  const canSendBack = (s: ScoreSheetRow) => open && s.state === 'submitted' && (state === 'scored' || state === 'assigned');

  return (
    <Modal
      open
      title={`评审复核：${String(data?.application.companyName ?? record?.companyName ?? '')}`}
      width={1100}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          {open && state === 'scored' && (
            <Button type="primary" loading={busy} disabled={!allSubmitted} onClick={() => void review()}>
              确认复核
            </Button>
          )}
        </Space>
      }
    >
      {!data ? (
        <Spin />
      ) : (
        <>
          {data.reviewClosed && <Alert type="info" showIcon style={{ marginBottom: 8 }} message={data.reviewClosed} />}
          {sheets
            .filter((s) => s.state === 'returned')
            .map((s) => (
              <Alert
                key={s.id}
                type="warning"
                showIcon
                style={{ marginBottom: 8 }}
                message={`${s.expertName}的评分表已退回：${s.returnReason ?? ''}`}
              />
            ))}
          <ScoresTable sheets={sheets} columns={expertColumns(sheets, canSendBack, setSendBack)} />
          {data.result && <ReviewResult result={data.result} />}
        </>
      )}
      {sendBack && (
        <ReasonDialog
          record={{ id: sendBack.id }}
          props={{ url: '/xypj/scoreSheet/sendBack', title: `退回${sendBack.expertName}的评分表`, label: '退回原因', success: '已退回' }}
          onClose={() => setSendBack(null)}
          onChanged={() => {
            onChanged();
            void load();
          }}
        />
      )}
    </Modal>
  );
}
