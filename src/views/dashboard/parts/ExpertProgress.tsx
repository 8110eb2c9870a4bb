import { Progress, Table } from 'antd';
import { Link } from 'react-router-dom';
import type { ExpertProgressRow } from './xypjSummaryModel';

/** Each expert's sheets in the batch: submitted of assigned, and how many were sent back. */
export function ExpertProgress({ rows }: { rows: ExpertProgressRow[] }) {
  if (rows.length === 0) return <span>本批次尚未分配评审专家</span>;
  return (
    <Table<ExpertProgressRow>
      size="small"
      rowKey="expertId"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: '专家', dataIndex: 'name', width: 110, render: (name: string) => <Link to="/xypj/scoreReview">{name}</Link> },
        { title: '已分配', dataIndex: 'assigned', align: 'right', width: 76 },
        { title: '已提交', dataIndex: 'submitted', align: 'right', width: 76 },
        { title: '退回重评', dataIndex: 'returned', align: 'right', width: 76 },
        {
          title: '进度',
          key: 'progress',
          render: (_: unknown, row) => (
            <Progress size="small" percent={row.assigned ? Math.round((row.submitted / row.assigned) * 100) : 0} />
          ),
        },
      ]}
    />
  );
}
