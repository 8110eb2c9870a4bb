import { Alert, Card, Input, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import PublicShell from './PublicShell';
import { fetchPublicBatches, fetchPublicResults, type PublicBatch, type PublicResult, type PublicResultPage } from './publicApi';

const PAGE_SIZE = 10;

function windowText(batch: PublicBatch): string {
  if (!batch.publicityStart && !batch.publicityEnd) return '';
  return `${batch.publicityStart ?? ''} 至 ${batch.publicityEnd ?? ''}`;
}

/** /xypj/resultlist: the results of a batch in publicity or published (company, credit code, grade, certificate number). */
export default function ResultListPage() {
  const [batches, setBatches] = useState<PublicBatch[]>();
  const [batchId, setBatchId] = useState<string>();
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<PublicResultPage>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

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
    { title: '信用等级', dataIndex: 'grade', width: 110, render: (g: string | null) => (g ? <Tag color="red">{g}</Tag> : '—') },
    { title: '证书编号', dataIndex: 'certNo', width: 190, render: (no: string | null) => no ?? (batch?.state === 'publicity' ? '公示期满后颁发' : '—') },
  ];

  return (
    <PublicShell title="评价结果公示">
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <span>评价批次</span>
          <Select
            style={{ width: 320 }}
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
            style={{ width: 360 }}
            allowClear
            placeholder="企业名称或统一社会信用代码"
            enterButton="查询"
            onSearch={(v) => {
              setKeyword(v.trim());
              setPageNo(1);
            }}
          />
        </Space>
        {batch?.state === 'publicity' && (
          <Alert
            style={{ marginBottom: 16 }}
            type="warning"
            showIcon
            message={`${batch.name}评价结果公示中`}
            description={`公示期（异议期）：${windowText(batch) || '见协会通知'}。对公示结果有异议的，请在公示期内以书面形式向协会反映。`}
          />
        )}
        {batch && batch.state !== 'publicity' && (
          <Alert style={{ marginBottom: 16 }} type="success" showIcon message={`${batch.name}评价结果已发布`} description={windowText(batch) ? `公示期：${windowText(batch)}` : undefined} />
        )}
        {error && <Alert style={{ marginBottom: 16 }} type="info" showIcon message={error} />}
        <Table<PublicResult>
          rowKey={(r) => `${r.creditCode}-${r.certNo ?? ''}`}
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={page?.records ?? []}
          locale={{ emptyText: batches && !batches.length ? '暂无公示的评价结果' : '没有符合条件的企业' }}
          pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: page?.total ?? 0, showTotal: (n) => `共 ${n} 家企业`, showSizeChanger: false, onChange: setPageNo }}
        />
      </Card>
    </PublicShell>
  );
}
