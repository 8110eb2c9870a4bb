import { Card, Col, Row, Spin, Statistic } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { fetchLoginInfo, fetchVisitInfo } from '../../api/auth';
import { doneOf } from '../../api/request';
import { useCan } from '../../auth/permissions';
import { PLATFORM_NAME } from '../../config';
import { lazyPage } from '../../lazyPage';
import type { VisitPoint } from './parts/VisitChart';
import { listOf } from '@renderer/data/provider';

const VisitChart = lazyPage(() => import('./parts/VisitChart'), '访问量图表');
const XypjSummary = lazyPage(() => import('./parts/XypjSummary'), '信用评价统计');
const MyEvaluation = lazyPage(() => import('./parts/MyEvaluation'), '我的信用评价');

interface LoginInfo {
  todayIp: number;
  todayVisitCount: number;
  totalVisitCount: number;
}

const toNumber = (value: unknown) => (Number.isFinite(Number(value)) ? Number(value) : 0);

/** The permission code the server checks on /sys/loginfo and /sys/visitInfo. */
export const VISIT_PERMISSION = 'dashboard:visit:view';

/** The permission code the server checks on GET /xypj/dashboard/summary. */
export const XYPJ_SUMMARY_PERMISSION = 'xypj:dashboard:view';

/**
 * Home: for those allowed, the credit-evaluation figures (each tile opens its list), then visits today,
 * total and today's IPs, and the last 7 days of visits; an expert or a company sees their own evaluation.
 */
export default function Analysis() {
  const can = useCan();
  const summary = can(XYPJ_SUMMARY_PERMISSION) && (
    <Suspense fallback={<Spin />}>
      <XypjSummary />
    </Suspense>
  );
  if (!can(VISIT_PERMISSION)) {
    return (
      summary || (
        <>
          <Suspense fallback={null}>
            <MyEvaluation />
          </Suspense>
          <Card title="首页" bordered={false}>
            <p>欢迎使用{PLATFORM_NAME}。请从左侧菜单进入您的工作。</p>
          </Card>
        </>
      )
    );
  }
  return (
    <>
      {summary}
      <VisitStatistics />
    </>
  );
}

function VisitStatistics() {
  const [info, setInfo] = useState<LoginInfo>();
  const [visits, setVisits] = useState<VisitPoint[]>();

  useEffect(() => {
    let alive = true;
    // the statistics are extras of the home page: one that cannot be read shows as "-" or an empty chart
    fetchLoginInfo()
      .then(doneOf)
      .then(({ result }) => {
        if (alive && result) {
          setInfo({
            todayIp: toNumber(result.todayIp),
            todayVisitCount: toNumber(result.todayVisitCount),
            totalVisitCount: toNumber(result.totalVisitCount),
          });
        }
      })
      .catch(() => undefined);
    fetchVisitInfo()
      .then(doneOf)
      .then(({ result }) => {
        if (!alive) return;
        const rows = listOf<{ type?: string; tian?: string; visit?: number | string; ip?: number | string }>(result);
        setVisits(rows.map((row) => ({ day: String(row.type ?? row.tian ?? ''), visit: toNumber(row.visit), ip: toNumber(row.ip) })));
      })
      .catch(() => alive && setVisits([]));
    return () => {
      alive = false;
    };
  }, []);

  return (
    <Card title="最近一周访问量统计" bordered={false}>
      <Row gutter={16} style={{ marginBottom: 24 }}>
        <Col xs={24} sm={8}>
          <Statistic title="今日IP" value={info?.todayIp ?? '-'} />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title="今日访问" value={info?.todayVisitCount ?? '-'} />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title="总访问量" value={info?.totalVisitCount ?? '-'} />
        </Col>
      </Row>
      {visits ? (
        <Suspense fallback={<Spin />}>
          <VisitChart data={visits} />
        </Suspense>
      ) : (
        <Spin />
      )}
    </Card>
  );
}
