import { Descriptions, Table, Tag, Typography } from 'antd';

/** GET /xypj/application/scores `preview`: what 确认复核 writes (server/modules/xypj/review-figures.ts). */
export interface ReviewPreview {
  totals: number[];
  avgScore: number;
  deductions: Array<{ id: string; recordDate: string; description: string; penalty: string | null; deduction: number }>;
  deduction: number;
  finalScore: number;
  grade: string;
}

/** The experts' mean, each bad-behaviour deduction with its points, the final score and the grade, before 确认复核. */
export function ReviewPreviewPanel({ preview }: { preview: ReviewPreview }) {
  return (
    <div data-review-preview>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="专家评分">{preview.totals.map((t) => t.toFixed(1)).join('、')}</Descriptions.Item>
        <Descriptions.Item label="专家平均分">{preview.avgScore.toFixed(1)}</Descriptions.Item>
        <Descriptions.Item label="不良行为扣分">
          {preview.deductions.length ? (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={preview.deductions}
              columns={[
                { title: '发生日期', dataIndex: 'recordDate', width: 100 },
                { title: '不良行为', dataIndex: 'description' },
                { title: '扣分', dataIndex: 'deduction', width: 60, render: (v: number) => `-${v.toFixed(1)}` },
              ]}
            />
          ) : (
            <Typography.Text type="secondary">本年度无不良行为记录</Typography.Text>
          )}
          {preview.deductions.length > 1 && <div>合计扣分 {preview.deduction.toFixed(1)}</div>}
        </Descriptions.Item>
        <Descriptions.Item label="最终得分">
          <b>{preview.finalScore.toFixed(1)}</b>
        </Descriptions.Item>
        <Descriptions.Item label="信用等级">
          <Tag color="blue">{preview.grade}</Tag>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        确认后写入评价结果并重新计算批次排名。
      </Typography.Paragraph>
    </div>
  );
}
