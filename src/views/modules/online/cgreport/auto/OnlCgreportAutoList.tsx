import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Empty, Form, Input, Row as GridRow, Space, Table, type FormInstance } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { blobFailure, saveWithAnchor } from '@renderer/data/download';
import { downFile } from '../../../../../api/http';
import { type Page } from '@renderer/data/provider';
import { useNotifier } from '@renderer/data/useNotifier';
import { usePagedList, type PagedQuery } from '@renderer/list/usePagedList';
import { attempt, request } from '../../../../../api/request';
import { feedback } from '../../../../../feedback';
import { useUnlistedPageTitle } from '../../../../../state/page-title';
import { ReportChart } from '../parts/ReportChart';
import { ReportQueryField } from './ReportQueryField';
import { queryValues, tableColumns, type Answer, type ParamInfo, type QueryItem, type ReportColumn, type Row } from './reportRuntime';

/** What the table shows besides the page: the sort and the query values. */
interface ReportQuery {
  column?: string;
  order?: string;
  values: Record<string, string>;
}

/** The report's query fields and parameters (parameters start from `self_<name>` in the address, else their default). */
function useQueryInfo(code: string, form: FormInstance, start: (values: Record<string, string>) => void) {
  const [search] = useSearchParams();
  const [queryItems, setQueryItems] = useState<QueryItem[]>([]);
  const [params, setParams] = useState<ParamInfo[]>([]);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let alive = true;
    setReady(false);
    void attempt(() =>
      Promise.all([
        request.get<QueryItem[] | null>(`/online/cgreport/api/getQueryInfo/${code}`),
        request.get<ParamInfo[] | null>(`/online/cgreport/api/getParamsInfo/${code}`),
      ]),
    ).then((found) => {
      if (!alive || !found) return;
      const items = found[0] ?? [];
      const ps = found[1] ?? [];
      setQueryItems(items);
      setParams(ps);
      const initial: Record<string, unknown> = {};
      for (const param of ps) initial[`p_${param.paramName}`] = search.get(`self_${param.paramName}`) ?? param.paramValue ?? '';
      form.setFieldsValue(initial);
      start(queryValues(initial, items, ps));
      setReady(true);
    });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form loads once per report
  }, [code]);
  return { queryItems, params, ready };
}

/**
 * The report's rows through the list state (query, page, loading, a failed load shown once), and with
 * each page the rest of the answer: columns, dictionaries, totals, chart and the cap message.
 */
function useReportAnswer(code: string, ready: boolean) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const latest = useRef(0);
  const load = useMemo(() => {
    if (!ready) return undefined;
    return async ({ query: { values, ...sort }, pageNo, pageSize }: PagedQuery<ReportQuery>): Promise<Page<Row>> => {
      const asked = ++latest.current;
      const found = await request.get<Answer>(`/online/cgreport/api/getColumnsAndData/${code}`, { ...values, ...sort, pageNo, pageSize });
      // an answer overtaken by a newer request leaves the columns and totals of the newer one
      if (asked === latest.current) setAnswer(found);
      return { records: found.data.records, total: found.data.total };
    };
  }, [code, ready]);
  const list = usePagedList<ReportQuery, Row>({ initialQuery: { values: {} }, pageSize: 10, load, notify: useNotifier() });
  return { answer, list };
}

/** 导出: the whole filtered report as an Excel file. */
function useReportExport(code: string, query: ReportQuery, fileName: string) {
  const [exporting, setExporting] = useState(false);
  const exportXls = async () => {
    setExporting(true);
    try {
      const blob = await downFile(`/online/cgreport/api/exportManySheetXls/${code}`, {
        ...query.values,
        column: query.column,
        order: query.order,
      });
      const failure = await blobFailure(blob);
      if (failure) feedback().message.warning(failure);
      else saveWithAnchor(blob, `${fileName}.xlsx`);
    } catch {
      feedback().message.warning('导出失败');
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportXls };
}

function QueryForm(props: {
  form: FormInstance;
  params: ParamInfo[];
  queryItems: QueryItem[];
  answer: Answer | null;
  onSubmit: () => void;
  onReset: () => void;
}) {
  const { form, params, queryItems, answer } = props;
  if (queryItems.length === 0 && params.length === 0) return null;
  return (
    <Form form={form} layout="inline" onFinish={props.onSubmit} style={{ marginBottom: 12 }} className="report-query">
      <GridRow gutter={[12, 8]} style={{ width: '100%' }}>
        {params.map((p) => (
          <Col key={`p_${p.paramName}`} md={6} sm={12}>
            <Form.Item name={`p_${p.paramName}`} label={p.paramTxt || p.paramName}>
              <Input placeholder={`请输入${p.paramTxt || p.paramName}`} />
            </Form.Item>
          </Col>
        ))}
        {queryItems.map((item) => (
          <Col key={item.field} md={item.mode === 'group' ? 8 : 6} sm={12}>
            <ReportQueryField item={item} options={answer?.dictOptions[item.field] ?? []} />
          </Col>
        ))}
        <Col>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={props.onReset}>重置</Button>
          </Space>
        </Col>
      </GridRow>
    </Form>
  );
}

/** The 合计 row: each total under its column, 合计 in the first cell when that column has none. */
function TotalsRow({ columns, totals }: { columns: ReportColumn[]; totals: Record<string, number | null> }) {
  return (
    <Table.Summary fixed>
      <Table.Summary.Row className="report-totals">
        {columns.map((c, i) => (
          <Table.Summary.Cell key={c.dataIndex} index={i} align="center">
            {c.dataIndex in totals ? String(totals[c.dataIndex] ?? '') : i === 0 ? '合计' : ''}
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

/** 在线报表 (menu component modules/online/cgreport/auto/OnlCgreportAutoList, route /online/cgreport/:code). */
export default function OnlCgreportAutoList() {
  const { code = '' } = useParams();
  const [form] = Form.useForm();
  const { queryItems, params, ready: queryReady } = useQueryInfo(code, form, (values) => list.search({ values }));
  const { answer, list } = useReportAnswer(code, queryReady);
  const query = list.query;
  const { exporting, exportXls } = useReportExport(code, query, answer?.cgreportHeadName ?? code);
  useUnlistedPageTitle(answer?.cgreportHeadName);

  const submit = useCallback(
    () => list.search((r) => ({ ...r, values: queryValues(form.getFieldsValue(), queryItems, params) })),
    [form, queryItems, params, list],
  );
  const reset = () => {
    form.resetFields();
    const initial = Object.fromEntries(params.map((p) => [`p_${p.paramName}`, p.paramValue ?? '']));
    form.setFieldsValue(initial);
    list.search((r) => ({ ...r, values: queryValues(initial, queryItems, params) }));
  };

  const columns = useMemo(() => (answer ? tableColumns(answer, query) : []), [answer, query]);
  const totals = answer?.data.totals;
  const leafs = answer?.columns ?? [];

  return (
    <Card title={answer?.cgreportHeadName ?? '在线报表'} bordered={false}>
      <QueryForm form={form} params={params} queryItems={queryItems} answer={answer} onSubmit={submit} onReset={reset} />
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<DownloadOutlined />} onClick={exportXls} loading={exporting}>
          导出
        </Button>
      </Space>
      {answer?.data.capMessage && (
        <Alert type="warning" showIcon message={answer.data.capMessage} style={{ marginBottom: 12 }} className="report-cap" />
      )}
      <Table<Row>
        rowKey={(r) => JSON.stringify(r)}
        size="middle"
        bordered
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        scroll={{ x: 'max-content' }}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = s?.order ? String(s.columnKey ?? s.field ?? '') : undefined;
          list.setQuery((r) => ({ ...r, column, order: s?.order === 'ascend' ? 'asc' : s?.order ? 'desc' : undefined }));
          list.changePage(pagination.current ?? 1, pagination.pageSize ?? 10);
        }}
        pagination={{
          current: list.pageNo,
          pageSize: list.pageSize,
          total: list.total,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
        }}
        summary={() => (totals ? <TotalsRow columns={leafs} totals={totals} /> : null)}
        locale={{ emptyText: <Empty description="暂无数据" /> }}
      />
      {answer?.chart && answer.data.records.length > 0 && (
        <ReportChart chart={answer.chart} records={answer.data.records} columns={leafs} />
      )}
    </Card>
  );
}
