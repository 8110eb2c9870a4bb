import { Alert, Card, Grid, Input, List, Pagination, Select, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { defaultNotifier } from '@renderer/data/notify';
import type { Page } from '@renderer/data/provider';
import { usePagedList, type PagedList, type PagedQuery } from '@renderer/list/usePagedList';
import NewsAndFiles from './NewsAndFiles';
import PublicShell from './PublicShell';
import {
  failureText,
  fetchPublicBatches,
  fetchPublicResults,
  type PublicBatch,
  type PublicResult,
  type PublicResultPage,
} from './publicApi';

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

interface ResultQuery {
  batchId?: string;
  keyword: string;
}

/**
 * The batches and one page of the chosen batch's results, through the renderer's list state. A failed
 * request is shown on the page (the server's sentence, e.g. too many queries), not as a notice.
 */
function useResults() {
  const [batches, setBatches] = useState<PublicBatch[]>();
  const [pageBatch, setPageBatch] = useState<PublicBatch>();
  const [error, setError] = useState('');

  const load = useCallback(async ({ query, pageNo, pageSize }: PagedQuery<ResultQuery>): Promise<Page<PublicResult> | undefined> => {
    if (!query.batchId) return undefined;
    try {
      const page: PublicResultPage = await fetchPublicResults({ batchId: query.batchId, keyword: query.keyword, pageNo, pageSize });
      setError('');
      setPageBatch(page.batch);
      return page;
    } catch (failure) {
      setError(failureText(failure, '网络异常，请稍后再试'));
      setPageBatch(undefined);
      return { records: [], total: 0 };
    }
  }, []);
  const list = usePagedList<ResultQuery, PublicResult>({
    initialQuery: { keyword: '' },
    pageSize: PAGE_SIZE,
    load,
    notify: defaultNotifier,
  });
  const { search } = list;

  useEffect(() => {
    fetchPublicBatches().then(
      (found) => {
        setBatches(found);
        if (found[0]) search((q) => ({ ...q, batchId: found[0]!.id }));
      },
      (failure: unknown) => {
        setBatches([]);
        setError(failureText(failure, '网络异常，请稍后再试'));
      },
    );
  }, [search]);

  const batch = pageBatch ?? batches?.find((b) => b.id === list.query.batchId);
  return { list, batches, batch, error };
}

function ResultTable({ list, batch, emptyText }: { list: PagedList<ResultQuery, PublicResult>; batch?: PublicBatch; emptyText: string }) {
  const columns = [
    { title: '序号', key: 'no', width: 70, render: (_: unknown, __: PublicResult, i: number) => (list.pageNo - 1) * PAGE_SIZE + i + 1 },
    { title: '企业名称', dataIndex: 'companyName' },
    { title: '统一社会信用代码', dataIndex: 'creditCode', width: 220 },
    { title: '信用等级', dataIndex: 'grade', width: 110, render: gradeTag },
    { title: '证书编号', dataIndex: 'certNo', width: 260, render: (_: unknown, r: PublicResult) => <CertCell record={r} batch={batch} /> },
  ];
  return (
    <Table<PublicResult>
      rowKey={(r) => `${r.creditCode}-${r.certNo ?? ''}`}
      size="middle"
      loading={list.loading}
      columns={columns}
      dataSource={list.rows}
      locale={{ emptyText }}
      pagination={{
        current: list.pageNo,
        pageSize: PAGE_SIZE,
        total: list.total,
        showTotal: (n) => `共 ${n} 家企业`,
        showSizeChanger: false,
        onChange: list.setPageNo,
      }}
    />
  );
}

/** Narrow screens: one card-like row per company, a simple pager below. */
function ResultCards({ list, batch, emptyText }: { list: PagedList<ResultQuery, PublicResult>; batch?: PublicBatch; emptyText: string }) {
  return (
    <>
      <List<PublicResult>
        loading={list.loading}
        dataSource={list.rows}
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
        current={list.pageNo}
        pageSize={PAGE_SIZE}
        total={list.total}
        onChange={list.setPageNo}
        showTotal={(n) => `共 ${n} 家企业`}
      />
    </>
  );
}

/** /xypj/resultlist: the results of a batch in publicity or published (company, credit code, grade, certificate number). */
export default function ResultListPage() {
  const { list, batches, batch, error } = useResults();
  const wide = Grid.useBreakpoint().md !== false;
  const emptyText = batches && !batches.length ? '暂无公示的评价结果' : '没有符合条件的企业';

  return (
    <PublicShell title="评价结果公示">
      <Card>
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 16 }}>
          <span>评价批次</span>
          <Select
            style={{ flex: '1 1 240px', maxWidth: 320, minWidth: 0 }}
            placeholder="请选择批次"
            value={list.query.batchId}
            loading={!batches}
            options={(batches ?? []).map((b) => ({ value: b.id, label: `${b.name}（${b.stateText}）` }))}
            onChange={(v: string) => list.search((q) => ({ ...q, batchId: v }))}
            notFoundContent="暂无公示的批次"
          />
          <Input.Search
            style={{ flex: '1 1 240px', maxWidth: 360, minWidth: 0 }}
            allowClear
            placeholder="企业名称或统一社会信用代码"
            enterButton="查询"
            onSearch={(v) => list.search((q) => ({ ...q, keyword: v.trim() }))}
          />
        </div>
        {batch && <BatchNotice batch={batch} />}
        {error && <Alert style={{ marginBottom: 16 }} type="info" showIcon message={error} />}
        {wide ? (
          <ResultTable list={list} batch={batch} emptyText={emptyText} />
        ) : (
          <ResultCards list={list} batch={batch} emptyText={emptyText} />
        )}
      </Card>
      <NewsAndFiles />
    </PublicShell>
  );
}
