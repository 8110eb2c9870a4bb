import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Col, DatePicker, Empty, Form, Input, Row, Select, Space, Table } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { blobFailure, saveWithAnchor } from '@renderer/data/download';
import { downFile, getAction } from '../../../../../api/http';
import { feedback } from '../../../../../feedback';
import { useUnlistedPageTitle } from '../../../../../state/page-title';
import { ReportChart, type ChartConfig } from '../parts/ReportChart';

interface ReportColumn {
  title: string;
  dataIndex: string;
  sorter?: boolean;
  customRender?: string;
  isTotal?: string;
  groupTitle?: string;
  width?: number;
}
interface DictOption {
  value: string;
  text: string;
}
interface QueryItem {
  field: string;
  label: string;
  view: string;
  mode: 'single' | 'group';
  dictCode?: string | null;
}
interface ParamInfo {
  paramName: string;
  paramTxt?: string | null;
  paramValue?: string | null;
}
type Row = Record<string, unknown>;
interface Answer {
  /** capMessage: the server left rows out or cut cells (row, size or cell cap) */
  data: { records: Row[]; total: number; totals?: Record<string, number | null>; capMessage?: string };
  columns: ReportColumn[];
  cgreportHeadName: string;
  dictOptions: Record<string, DictOption[]>;
  isGroupTitle: boolean;
  chart: ChartConfig | null;
}

const DATE_FORMAT = 'YYYY-MM-DD';

/** Form values → query values: ranges become <field>_begin/_end, parameters self_<name>. */
function queryValues(values: Record<string, unknown>, items: QueryItem[], params: ParamInfo[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const v = values[`q_${item.field}`];
    if (item.mode === 'group') {
      const [begin, end] = Array.isArray(v)
        ? (v as Array<Dayjs | string | null>)
        : [values[`q_${item.field}_begin`], values[`q_${item.field}_end`]];
      const text = (x: unknown) =>
        x && typeof x === 'object' && 'format' in x ? (x as Dayjs).format(DATE_FORMAT) : String(x ?? '').trim();
      if (text(begin)) out[`${item.field}_begin`] = text(begin);
      if (text(end)) out[`${item.field}_end`] = text(end);
    } else if (v && typeof v === 'object' && 'format' in v) out[item.field] = (v as Dayjs).format(DATE_FORMAT);
    else if (v !== undefined && v !== null && String(v).trim() !== '') out[item.field] = String(v).trim();
  }
  for (const p of params) {
    const v = values[`p_${p.paramName}`];
    if (v !== undefined && v !== null) out[`self_${p.paramName}`] = String(v);
  }
  return out;
}

function display(value: unknown, dict: DictOption[] | undefined): string {
  if (value === null || value === undefined) return '';
  if (!dict) return String(value);
  return String(value)
    .split(',')
    .map((v) => dict.find((d) => d.value === v.trim())?.text ?? v)
    .join(',');
}

/** Table columns, with grouped headers: neighbouring columns of one group title share a parent header. */
function tableColumns(answer: Answer, sort: { column?: string; order?: string }): ColumnsType<Row> {
  const leaf = (c: ReportColumn): ColumnType<Row> => ({
    title: c.title,
    dataIndex: c.dataIndex,
    key: c.dataIndex,
    align: 'center',
    ...(c.width ? { width: c.width } : {}),
    sorter: !!c.sorter,
    sortOrder: sort.column === c.dataIndex ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (v: unknown) => display(v, c.customRender ? answer.dictOptions[c.customRender] : undefined),
  });
  if (!answer.isGroupTitle) return answer.columns.map(leaf);
  const out: ColumnsType<Row> = [];
  let group: { title: string; children: ColumnType<Row>[] } | null = null;
  for (const c of answer.columns) {
    if (c.groupTitle && group && group.title === c.groupTitle) group.children.push(leaf(c));
    else if (c.groupTitle) {
      group = { title: c.groupTitle, children: [leaf(c)] };
      out.push({ title: group.title, key: `g_${c.dataIndex}`, align: 'center', children: group.children });
    } else {
      group = null;
      out.push(leaf(c));
    }
  }
  return out;
}

/** 在线报表 (menu component modules/online/cgreport/auto/OnlCgreportAutoList, route /online/cgreport/:code). */
export default function OnlCgreportAutoList() {
  const { code = '' } = useParams();
  const [search] = useSearchParams();
  const [form] = Form.useForm();
  const [queryItems, setQueryItems] = useState<QueryItem[]>([]);
  const [params, setParams] = useState<ParamInfo[]>([]);
  const [ready, setReady] = useState(false);
  const [request, setRequest] = useState<{
    pageNo: number;
    pageSize: number;
    column?: string;
    order?: string;
    values: Record<string, string>;
  }>({ pageNo: 1, pageSize: 10, values: {} });
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  useUnlistedPageTitle(answer?.cgreportHeadName);

  useEffect(() => {
    let alive = true;
    setReady(false);
    Promise.all([
      getAction<QueryItem[]>(`/online/cgreport/api/getQueryInfo/${code}`),
      getAction<ParamInfo[]>(`/online/cgreport/api/getParamsInfo/${code}`),
    ]).then(([q, p]) => {
      if (!alive) return;
      if (!q.success || !p.success) {
        feedback().message.warning(q.message || p.message);
        return;
      }
      const items = q.result ?? [];
      const ps = p.result ?? [];
      setQueryItems(items);
      setParams(ps);
      const initial: Record<string, unknown> = {};
      for (const param of ps) initial[`p_${param.paramName}`] = search.get(`self_${param.paramName}`) ?? param.paramValue ?? '';
      form.setFieldsValue(initial);
      setRequest({ pageNo: 1, pageSize: 10, values: queryValues(initial, items, ps) });
      setReady(true);
    });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form loads once per report
  }, [code]);

  useEffect(() => {
    if (!ready) return;
    let alive = true;
    setLoading(true);
    const { values, ...page } = request;
    getAction<Answer>(`/online/cgreport/api/getColumnsAndData/${code}`, { ...values, ...page })
      .then((res) => {
        if (!alive) return;
        if (!res.success) feedback().message.warning(res.message);
        else setAnswer(res.result);
      })
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [code, ready, request]);

  const submit = useCallback(
    () => setRequest((r) => ({ ...r, pageNo: 1, values: queryValues(form.getFieldsValue(), queryItems, params) })),
    [form, queryItems, params],
  );
  const reset = () => {
    form.resetFields();
    const initial = Object.fromEntries(params.map((p) => [`p_${p.paramName}`, p.paramValue ?? '']));
    form.setFieldsValue(initial);
    setRequest((r) => ({ ...r, pageNo: 1, values: queryValues(initial, queryItems, params) }));
  };

  const exportXls = async () => {
    setExporting(true);
    try {
      const blob = await downFile(`/online/cgreport/api/exportManySheetXls/${code}`, {
        ...request.values,
        column: request.column,
        order: request.order,
      });
      const failure = await blobFailure(blob);
      if (failure) feedback().message.warning(failure);
      else saveWithAnchor(blob, `${answer?.cgreportHeadName ?? code}.xlsx`);
    } catch {
      feedback().message.warning('导出失败');
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo(() => (answer ? tableColumns(answer, request) : []), [answer, request]);
  const totals = answer?.data.totals;
  const leafs = answer?.columns ?? [];

  return (
    <Card title={answer?.cgreportHeadName ?? '在线报表'} bordered={false}>
      {(queryItems.length > 0 || params.length > 0) && (
        <Form form={form} layout="inline" onFinish={submit} style={{ marginBottom: 12 }} className="report-query">
          <Row gutter={[12, 8]} style={{ width: '100%' }}>
            {params.map((p) => (
              <Col key={`p_${p.paramName}`} md={6} sm={12}>
                <Form.Item name={`p_${p.paramName}`} label={p.paramTxt || p.paramName}>
                  <Input placeholder={`请输入${p.paramTxt || p.paramName}`} />
                </Form.Item>
              </Col>
            ))}
            {queryItems.map((item) => (
              <Col key={item.field} md={item.mode === 'group' ? 8 : 6} sm={12}>
                <QueryField item={item} options={answer?.dictOptions[item.field] ?? []} />
              </Col>
            ))}
            <Col>
              <Space>
                <Button type="primary" htmlType="submit">
                  查询
                </Button>
                <Button onClick={reset}>重置</Button>
              </Space>
            </Col>
          </Row>
        </Form>
      )}
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
        loading={loading}
        columns={columns}
        dataSource={answer?.data.records ?? []}
        scroll={{ x: 'max-content' }}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = s?.order ? String(s.columnKey ?? s.field ?? '') : undefined;
          setRequest((r) => ({
            ...r,
            pageNo: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? 10,
            column,
            order: s?.order === 'ascend' ? 'asc' : s?.order ? 'desc' : undefined,
          }));
        }}
        pagination={{
          current: request.pageNo,
          pageSize: request.pageSize,
          total: answer?.data.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
        }}
        summary={() =>
          totals ? (
            <Table.Summary fixed>
              <Table.Summary.Row className="report-totals">
                {leafs.map((c, i) => (
                  <Table.Summary.Cell key={c.dataIndex} index={i} align="center">
                    {c.dataIndex in totals ? String(totals[c.dataIndex] ?? '') : i === 0 ? '合计' : ''}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
        locale={{ emptyText: <Empty description="暂无数据" /> }}
      />
      {answer?.chart && answer.data.records.length > 0 && (
        <ReportChart chart={answer.chart} records={answer.data.records} columns={leafs} />
      )}
    </Card>
  );
}

function QueryField({ item, options }: { item: QueryItem; options: DictOption[] }) {
  const dated = item.view === 'date' || item.view === 'datetime';
  if (item.mode === 'group' && dated)
    return (
      <Form.Item name={`q_${item.field}`} label={item.label}>
        <DatePicker.RangePicker format={DATE_FORMAT} />
      </Form.Item>
    );
  if (item.mode === 'group')
    return (
      <Form.Item label={item.label}>
        <Space.Compact>
          <Form.Item name={`q_${item.field}_begin`} noStyle>
            <Input placeholder="开始" style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name={`q_${item.field}_end`} noStyle>
            <Input placeholder="结束" style={{ width: 110 }} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    );
  if (dated)
    return (
      <Form.Item name={`q_${item.field}`} label={item.label}>
        <DatePicker format={DATE_FORMAT} />
      </Form.Item>
    );
  if (item.view === 'list' || item.view === 'sel_search')
    return (
      <Form.Item name={`q_${item.field}`} label={item.label}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="请选择"
          style={{ minWidth: 140 }}
          options={options.map((o) => ({ value: o.value, label: o.text }))}
        />
      </Form.Item>
    );
  return (
    <Form.Item name={`q_${item.field}`} label={item.label}>
      <Input placeholder={`请输入${item.label}`} allowClear />
    </Form.Item>
  );
}
