import { useEffect, useMemo, useState } from 'react';
import { Button, Col, Form, Input, Modal, Row, Space, Table, message, type FormInstance } from 'antd';
import { useRenderer } from '@renderer/context';
import { dictText } from '@renderer/data/dict';
import { normalizeDictItems, type DictItem } from '@renderer/data/provider';
import { showRequestError } from '@renderer/data/requestError';
import { useNotifier } from '@renderer/data/useNotifier';
import { usePagedList, type PagedQuery } from '@renderer/list/usePagedList';
import { JModal } from '../shared/JModal';
import {
  POPUP_INIT_FAILED,
  POPUP_SELECT_ONE,
  cachedRequest,
  paramQuery,
  parseSorter,
  popupRowKey,
  type PopupConfig,
  type PopupRow,
} from './popup-logic';

export const POPUP_MODAL_WIDTH = 1200;
const POPUP_PAGE_SIZE = 10;

interface ReportColumn {
  title?: string;
  dataIndex?: string;
  customRender?: string;
}
interface ReportHead {
  columns?: ReportColumn[];
  dictOptions?: Record<string, unknown>;
  cgRpConfigId?: string;
  cgRpConfigName?: string;
}
interface QueryItem {
  field: string;
  label?: string;
  hidden?: boolean;
}

export interface PopupReportModalProps {
  open: boolean;
  config: PopupConfig;
  onOk: (rows: PopupRow[]) => void;
  onCancel: () => void;
}

/** The report's columns and query fields, once each time the dialog opens; a report that cannot load says 出错了 and closes. */
function useReportHead(open: boolean, config: PopupConfig, onLoaded: (values: Record<string, string>) => void, onCancel: () => void) {
  const { data } = useRenderer();
  const notify = useNotifier();
  const [head, setHead] = useState<ReportHead | null>(null);
  const [queryItems, setQueryItems] = useState<QueryItem[]>([]);
  const group = config.groupId;
  useEffect(() => {
    if (!open || !config.code) return;
    let alive = true;
    const api = '/online/cgreport/api';
    cachedRequest(group, `columns/${config.code}`, () => data.getOne<ReportHead>(`${api}/getRpColumns/${config.code}`))
      .then((loaded) => {
        if (!alive) return;
        setHead(loaded);
        return cachedRequest(group, `query/${loaded.cgRpConfigId}`, () =>
          data.getTree<QueryItem>(`${api}/getQueryInfo/${loaded.cgRpConfigId}`),
        ).then(
          (items) => {
            if (!alive) return;
            setQueryItems(items);
            onLoaded(
              paramQuery(
                config.param,
                items.map((i) => i.field),
              ).query,
            );
          },
          (error: unknown) => alive && showRequestError(notify, error),
        );
      })
      .catch((error: Error) => {
        if (!alive) return;
        Modal.error({ title: '出错了', content: `${POPUP_INIT_FAILED} 错误信息如下：${error.message}`, onOk: onCancel });
      });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the report loads once each time the dialog opens
  }, [open, config.code]);
  return { head, queryItems };
}

type QueryValues = Record<string, string>;

/** The report's rows a page at a time (answers cached per popup group for 30 s); nothing loads before the head. */
function useReportRows(open: boolean, head: ReportHead | null, config: PopupConfig) {
  const { data } = useRenderer();
  const notify = useNotifier();
  const configId = head?.cgRpConfigId;
  const load = useMemo(() => {
    if (!open || !configId) return undefined;
    return ({ query, pageNo, pageSize }: PagedQuery<QueryValues>) => {
      const params: Record<string, unknown> = {
        ...Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')),
        ...paramQuery(config.param, []).self,
        ...(parseSorter(config.sorter) ?? {}),
        pageNo,
        pageSize,
      };
      return cachedRequest(config.groupId, `data/${configId}/${JSON.stringify(params)}`, () =>
        data.getList<PopupRow>(`/online/cgreport/api/getData/${configId}`, params),
      );
    };
  }, [data, open, configId, config.sorter, config.param, config.groupId]);
  return usePagedList<QueryValues, PopupRow>({ initialQuery: {}, pageSize: POPUP_PAGE_SIZE, load, notify });
}

function PopupQueryForm({
  items,
  form,
  onSearch,
}: {
  items: QueryItem[];
  form: FormInstance<QueryValues>;
  onSearch(values: QueryValues): void;
}) {
  const [expanded, setExpanded] = useState(false);
  const visibleItems = items.filter((item) => expanded || !item.hidden);
  return (
    <Form form={form} layout="inline" onFinish={onSearch} style={{ marginBottom: 8 }}>
      <Row gutter={8} style={{ width: '100%' }}>
        {visibleItems.map((item) => (
          <Col key={item.field} md={6} sm={12}>
            <Form.Item name={item.field} label={item.label ?? item.field}>
              <Input />
            </Form.Item>
          </Col>
        ))}
        <Col>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                onSearch({});
              }}
            >
              重置
            </Button>
            {items.some((i) => i.hidden) && <a onClick={() => setExpanded(!expanded)}>{expanded ? '收起' : '展开'}</a>}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}

function reportColumns(head: ReportHead | null) {
  const dicts: Record<string, DictItem[]> = Object.fromEntries(
    Object.entries(head?.dictOptions ?? {}).map(([k, v]) => [k, normalizeDictItems(v)]),
  );
  return (head?.columns ?? []).map((column) => ({
    title: column.title,
    dataIndex: column.dataIndex,
    render: (value: unknown) =>
      column.customRender && dicts[column.customRender] ? dictText(dicts[column.customRender], value) : (value as string),
  }));
}

/** The online-report dialog of JPopup: columns, query form and paged data from /online/cgreport/api. */
export function PopupReportModal({ open, config, onOk, onCancel }: PopupReportModalProps) {
  const [form] = Form.useForm<QueryValues>();
  const [chosen, setChosen] = useState<PopupRow[]>([]);
  const { head, queryItems } = useReportHead(
    open,
    config,
    (values) => {
      form.setFieldsValue(values);
      list.search(values);
      list.changePage(1, POPUP_PAGE_SIZE);
    },
    onCancel,
  );
  const list = useReportRows(open, head, config);
  useEffect(() => {
    if (open) setChosen([]);
  }, [open, config.code]);

  const selectedKeys = chosen.map(popupRowKey);
  const toggle = (row: PopupRow) => {
    const key = popupRowKey(row);
    const on = !selectedKeys.includes(key);
    if (!config.multi) {
      setChosen(on ? [row] : []);
      return;
    }
    setChosen(on ? [...chosen, row] : chosen.filter((r) => popupRowKey(r) !== key));
  };
  const confirm = () => {
    if (chosen.length === 0 || (!config.multi && chosen.length > 1)) {
      message.warning(POPUP_SELECT_ONE);
      return;
    }
    onOk(chosen);
  };

  return (
    <JModal
      open={open}
      title={head?.cgRpConfigName ?? ''}
      width={POPUP_MODAL_WIDTH}
      className="j-popup-modal"
      onCancel={onCancel}
      onOk={confirm}
    >
      {queryItems.length > 0 && <PopupQueryForm items={queryItems} form={form} onSearch={(values) => list.search(values)} />}
      <div className="ant-alert ant-alert-info" style={{ marginBottom: 8, padding: '4px 12px' }}>
        已选择 <a>{chosen.length}</a>项 <a onClick={() => setChosen([])}>清空</a>
        {queryItems.length === 0 && (
          <a style={{ marginLeft: 12 }} onClick={list.reload}>
            刷新
          </a>
        )}
      </div>
      <Table<PopupRow>
        size="small"
        bordered
        rowKey={popupRowKey}
        loading={list.loading}
        dataSource={list.rows}
        columns={reportColumns(head)}
        rowSelection={{
          type: config.multi ? 'checkbox' : 'radio',
          selectedRowKeys: selectedKeys,
          onSelect: toggle,
          hideSelectAll: !config.multi,
        }}
        onRow={(row) => ({ onClick: () => toggle(row) })}
        pagination={{
          current: list.pageNo,
          pageSize: list.pageSize,
          total: list.total,
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '30'],
          onChange: list.changePage,
        }}
      />
    </JModal>
  );
}
