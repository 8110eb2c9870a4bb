import { useEffect, useState } from 'react';
import { Alert, Card, Col, Row, Statistic, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { APPLICATION_STATE_TEXT } from '@contract/xypj-states';
import { request } from '../../../api/request';
import { Tiles } from './Tiles';

interface ExpertMine {
  kind: 'expert';
  sheets: Record<string, number>;
}

interface CompanyMine {
  kind: 'company';
  companyStatus: string | null;
  batch: { id: string; name: string; state: string } | null;
  application: { id: string; state: string; returnReason: string | null } | null;
  latestGrade: { grade: string; finalScore: number; year: number; certNo: string | null; certStatus: string | null } | null;
}

type Mine = ExpertMine | CompanyMine | { kind: 'none' };

/** A company sees 评审中 while its experts are assigned and scoring. */
const APPLICATION_TEXT: Readonly<Record<string, string>> = { ...APPLICATION_STATE_TEXT, assigned: '评审中', scored: '评审中' };

function ExpertCard({ sheets }: { sheets: Record<string, number> }) {
  const todo = (sheets.draft ?? 0) + (sheets.returned ?? 0);
  return (
    <Card title="我的评审" bordered={false} style={{ marginBottom: 16 }}>
      {sheets.returned ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={`有 ${sheets.returned} 份评分表被退回，请修改后重新提交`} />
      ) : null}
      <Tiles
        tiles={[
          { key: 'sheets-todo', title: '待评分', value: todo, to: '/xypj/scoring' },
          { key: 'sheets-returned', title: '被退回', value: sheets.returned ?? 0, to: '/xypj/scoring' },
          { key: 'sheets-submitted', title: '已提交', value: sheets.submitted ?? 0, to: '/xypj/scoring' },
        ]}
      />
    </Card>
  );
}

function CompanyCard({ mine }: { mine: CompanyMine }) {
  const { batch, application, latestGrade } = mine;
  return (
    <Card title="我的信用评价" bordered={false} style={{ marginBottom: 16 }}>
      {application?.state === 'returned' && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={`申报已退回：${application.returnReason ?? ''}`} />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12}>
          <Link to="/xypj/application" data-tile="my-application">
            <Card hoverable size="small">
              <Statistic
                title={batch ? `${batch.name} 申报` : '本批次申报'}
                value={application ? (APPLICATION_TEXT[application.state] ?? application.state) : batch?.state === 'open' ? '未申报' : '-'}
              />
            </Card>
          </Link>
        </Col>
        <Col xs={24} sm={12}>
          <Link to="/xypj/history" data-tile="my-grade">
            <Card hoverable size="small">
              <Statistic title={latestGrade ? `${latestGrade.year}年度信用等级` : '信用等级'} value={latestGrade?.grade ?? '暂无'} />
              {latestGrade?.certNo && (
                <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>
                  证书 {latestGrade.certNo} {latestGrade.certStatus === 'revoked' ? <Tag color="red">已撤销</Tag> : null}
                </div>
              )}
            </Card>
          </Link>
        </Col>
      </Row>
    </Card>
  );
}

/** The home page of an expert (sheets to score) or a company (its application and latest grade); nothing for others. */
export default function MyEvaluation() {
  const [mine, setMine] = useState<Mine>();
  useEffect(() => {
    let alive = true;
    // nothing of one's own to show (or a failure) leaves the card out
    request.get<Mine | null>('/xypj/dashboard/mine').then(
      (found) => alive && setMine(found ?? { kind: 'none' }),
      () => alive && setMine({ kind: 'none' }),
    );
    return () => {
      alive = false;
    };
  }, []);
  if (!mine || mine.kind === 'none') return null;
  return mine.kind === 'expert' ? <ExpertCard sheets={mine.sheets} /> : <CompanyCard mine={mine} />;
}
