import { Alert, Card, Grid, Input, List, Pagination, Select, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import NewsAndFiles from './NewsAndFiles';
import PublicShell from './PublicShell';
import { fetchPublicBatches, fetchPublicResults, type PublicBatch, type PublicResult, type PublicResultPage } from './publicApi';

const PAGE_SIZE = 10;

function windowText(batch: PublicBatch): string {
  if (!batch.publicityStart && !batch.publicityEnd) return '';
  return `${batch.publicityStart ?? ''} 至 ${batch.publicityEnd ?? ''}`;
}

/** "2025年度监理企业信用评价" + "评价结果…" would say 评价 twice. */
const resultsOf = (batch: PublicBatch) => `${batch.name.replace(/评价$/, '')}评价结果`;

function BatchNotice({ batch }: { batch: PublicBatch }) {
  if (batch.state === 'publicity')
    return (
      <Alert
        style={{ marginBottom: 16 }}
        type="warning"
        showIcon
        message={`${resultsOf(batch)}公示中`}
        description={`公示期（异议期）：${windowText(batch) || '见协会通知'}。对公示结果有异议的，请在公示期内以书面形式向协会反映。`}
      />
    );
  return (
    <Alert
      style={{ marginBottom: 16 }}
      type="success"
      showIcon
      message={`${resultsOf(batch)}已发布`}
      description={batch.publishedDate ? `发布日期：${batch.publishedDate}` : undefined}
    />
  );
}

/** The certificate number; a revoked or expired certificate says so, as the check page does. */
function CertCell({ record, batch }: { record: PublicResult; batch?: PublicBatch }) {
  if (!record.certNo) return <>{batch?.state === 'publicity' ? '公示期满后颁发' : '—'}</>;
  if (record.certState === 'valid' || !record.certState) return <>{record.certNo}</>;
  return (
    <span style={record.certState === 'revoked' ? { textDecoration: 'line-through' } : undefined}>
      {record.certNo}
      <Tag
        color={record.certState === 'revoked' ? 'default' : 'orange'}
        style={{ marginLeft: 8, textDecoration: 'none' }}
        data-testid="cert-state"
      >
        {record.certStateText}
      </Tag>
    </span>
  );
}

const gradeTag = (g: string | null) => (g ? <Tag color="red">{g}</Tag> : '—');

/** /xypj/resultlist: the results of a batch in publicity or published (company, credit code, grade, certificate number). */
export default function ResultListPage() {
  const [batches, setBatches] = useState<PublicBatch[]>();
  const [batchId, setBatchId] = useState<string>();
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<PublicResultPage>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const wide = Grid.useBreakpoint().md !== false;

  useEffect(() => {
    void fetchPublicBatches().then((res) => {
      const list = res.success ? res.result : [];
      setBatches(list);
      if (!res.success) setError(res.message);
      if (list[0]) setBatchId(list[0].id);
    });
  }, []);

  useEffect(() => {
    if (!batchId) return;
    let cancelled = false;
    setLoading(true);
    void fetchPublicResults({ batchId, keyword, pageNo, pageSize: PAGE_SIZE }).then((res) => {
      if (cancelled) return;
      setLoading(false);
      setError(res.success ? '' : res.message);
      setPage(res.success ? res.result : undefined);
    });
    return () => {
      cancelled = true;
    };
  }, [batchId, keyword, pageNo]);

  const batch = page?.batch ?? batches?.find((b) => b.id === batchId);
  const columns = [
    { title: '序号', key: 'no', width: 70, render: (_: unknown, __: PublicResult, i: number) => (pageNo - 1) * PAGE_SIZE + i + 1 },
    { title: '企业名称', dataIndex: 'companyName' },
    { title: '统一社会信用代码', dataIndex: 'creditCode', width: 220 },
    { title: '信用等级', dataIndex: 'grade', width: 110, render: gradeTag },
    { title: '证书编号', dataIndex: 'certNo', width: 260, render: (_: unknown, r: PublicResult) => <CertCell record={r} batch={batch} /> },
  ];
  const emptyText = batches && !batches.length ? '暂无公示的评价结果' : '没有符合条件的企业';
  const total = page?.total ?? 0;

  return (
    <PublicShell title="评价结果公示">
      <Card>
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 16 }}>
          <span>评价批次</span>
          <Select
            style={{ flex: '1 1 240px', maxWidth: 320, minWidth: 0 }}
            placeholder="请选择批次"
            value={batchId}
            loading={!batches}
            options={(batches ?? []).map((b) => ({ value: b.id, label: `${b.name}（${b.stateText}）` }))}
            onChange={(v: string) => {
              setBatchId(v);
              setPageNo(1);
            }}
            notFoundContent="暂无公示的批次"
          />
          <Input.Search
            style={{ flex: '1 1 240px', maxWidth: 360, minWidth: 0 }}
            allowClear
            placeholder="企业名称或统一社会信用代码"
            enterButton="查询"
            onSearch={(v) => {
              setKeyword(v.trim());
              setPageNo(1);
            }}
          />
        </div>
        {batch && <BatchNotice batch={batch} />}
        {error && <Alert style={{ marginBottom: 16 }} type="info" showIcon message={error} />}
        {wide ? (
          <Table<PublicResult>
            rowKey={(r) => `${r.creditCode}-${r.certNo ?? ''}`}
            size="middle"
            loading={loading}
            columns={columns}
            dataSource={page?.records ?? []}
            locale={{ emptyText }}
            pagination={{
              current: pageNo,
              pageSize: PAGE_SIZE,
              total,
              showTotal: (n) => `共 ${n} 家企业`,
              showSizeChanger: false,
              onChange: setPageNo,
            }}
          />
        ) : (
          <>
            <List<PublicResult>
              loading={loading}
              dataSource={page?.records ?? []}
              locale={{ emptyText }}
              renderItem={(r) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      <span style={{ wordBreak: 'break-all' }}>
                        {r.companyName} {gradeTag(r.grade)}
                      </span>
                    }
                    description={
                      <>
                        <div style={{ wordBreak: 'break-all' }}>{r.creditCode}</div>
                        <div>
                          证书编号：
                          <CertCell record={r} batch={batch} />
                        </div>
                      </>
                    }
                  />
                </List.Item>
              )}
            />
            <Pagination
              style={{ marginTop: 12 }}
              simple
              current={pageNo}
              pageSize={PAGE_SIZE}
              total={total}
              onChange={setPageNo}
              showTotal={(n) => `共 ${n} 家企业`}
            />
          </>
        )}
      </Card>
      <NewsAndFiles />
    </PublicShell>
  );
}
