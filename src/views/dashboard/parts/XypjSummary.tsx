import { useEffect, useState } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router-dom';
import { getAction } from '../../../api/http';

interface Summary {
  companies: Record<string, number>;
  batch: { id: string; name: string; year: number; state: string } | null;
  applications: Record<string, number>;
}

interface Tile {
  key: string;
  title: string;
  value: number;
  to: string;
}

const APPLICATION_STATES: Array<[string, string]> = [
  ['draft', '草稿'],
  ['submitted', '已提交'],
  ['returned', '已退回'],
  ['accepted', '已受理'],
];

function companyTiles(companies: Record<string, number>): Tile[] {
  return [
    { key: 'registered', title: '注册企业', value: companies.registered ?? 0, to: '/xypj/company' },
    { key: 'pending', title: '待审核企业', value: companies.pending ?? 0, to: '/xypj/company' },
    { key: 'approved', title: '已通过企业', value: companies.approved ?? 0, to: '/xypj/company' },
  ];
}

function applicationTiles(applications: Record<string, number>): Tile[] {
  return APPLICATION_STATES.map(([state, text]) => ({ key: state, title: `申报${text}`, value: applications[state] ?? 0, to: '/xypj/formalReview' }));
}

function Tiles({ tiles }: { tiles: Tile[] }) {
  return (
    <Row gutter={[16, 16]}>
      {tiles.map((tile) => (
        <Col key={tile.key} xs={12} sm={8} lg={6}>
          <Link to={tile.to} data-tile={tile.key}>
            <Card hoverable size="small">
              <Statistic title={tile.title} value={tile.value} />
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}

/** 信用评价 on the home page: companies registered and by status, and the current batch's applications by state. */
export default function XypjSummary() {
  const [summary, setSummary] = useState<Summary | null>();
  const [error, setError] = useState('');

  useEffect(() => {
    let alive = true;
    getAction<Summary>('/xypj/dashboard/summary')
      .then((res) => {
        if (!alive) return;
        if (res.success && res.result) setSummary(res.result);
        else setError(res.message || '统计数据加载失败');
      })
      .catch(() => alive && setError('统计数据加载失败'));
    return () => {
      alive = false;
    };
  }, []);

  const batchTitle = summary?.batch ? `${summary.batch.name} 申报情况` : '本批次申报情况';
  return (
    <>
      <Card title="企业注册情况" bordered={false} loading={summary === undefined && !error} style={{ marginBottom: 16 }}>
        {error ? <span>{error}</span> : <Tiles tiles={companyTiles(summary?.companies ?? {})} />}
      </Card>
      {!error && (
        <Card title={batchTitle} bordered={false} loading={summary === undefined} style={{ marginBottom: 16 }}>
          {summary?.batch ? <Tiles tiles={applicationTiles(summary.applications)} /> : <span>暂无评价批次</span>}
        </Card>
      )}
    </>
  );
}
