import { Suspense, useEffect, useState } from 'react';
import { Card, Col, Row, Spin } from 'antd';
import { Link } from 'react-router-dom';
import { refusalText, request } from '../../../api/request';
import { lazyPage } from '../../../lazyPage';
import { ExpertProgress } from './ExpertProgress';
import { Tiles } from './Tiles';
import { applicationTiles, companyTiles, comparisonTiles, GRADES, type Summary } from './xypjSummaryModel';

const GradeChart = lazyPage(() => import('./GradeChart'), '信用等级分布图');

/**
 * 信用评价 on the staff home page: companies by status; for the current batch the applications by state,
 * each expert's scoring progress, the grade distribution and last year's comparison. Tiles open their lists.
 */
export default function XypjSummary() {
  const [summary, setSummary] = useState<Summary | null>();
  const [error, setError] = useState('');

  useEffect(() => {
    let alive = true;
    request.get<Summary | null>('/xypj/dashboard/summary').then(
      (found) => {
        if (!alive) return;
        if (found) setSummary(found);
        else setError('统计数据加载失败');
      },
      (error: unknown) => alive && setError(refusalText(error, '统计数据加载失败')),
    );
    return () => {
      alive = false;
    };
  }, []);

  const loading = summary === undefined && !error;
  const batch = summary?.batch;
  const lastName = summary?.lastYear?.batch?.name ?? '上年';
  return (
    <>
      <Card title="企业注册情况" bordered={false} loading={loading} style={{ marginBottom: 16 }}>
        {error ? <span>{error}</span> : <Tiles tiles={companyTiles(summary?.companies ?? {})} />}
      </Card>
      {!error && (
        <Card title={batch ? `${batch.name} 申报情况` : '本批次申报情况'} bordered={false} loading={loading} style={{ marginBottom: 16 }}>
          {batch ? <Tiles tiles={applicationTiles(summary.applications)} /> : <span>暂无评价批次</span>}
        </Card>
      )}
      {summary && batch && (
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <Card title="专家评审进度" bordered={false} style={{ marginBottom: 16 }} extra={<Link to="/xypj/scoreReview">评审复核</Link>}>
              <ExpertProgress rows={summary.experts} />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title="信用等级分布" bordered={false} style={{ marginBottom: 16 }} extra={<Link to="/xypj/result">评价结果</Link>}>
              <Suspense fallback={<Spin />}>
                <GradeChart
                  currentName={batch.name}
                  lastName={lastName}
                  data={GRADES.map((grade) => ({ grade, current: summary.grades[grade] ?? 0, last: summary.lastYear?.grades[grade] ?? 0 }))}
                />
              </Suspense>
            </Card>
          </Col>
        </Row>
      )}
      {summary && batch && (
        <Card title={`与上年对比（${lastName}）`} bordered={false} style={{ marginBottom: 16 }}>
          <Tiles tiles={comparisonTiles(summary, summary.lastYear)} />
        </Card>
      )}
    </>
  );
}
