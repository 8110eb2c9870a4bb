import { useEffect, useState } from 'react';
import { Button, Col, Form, Input, Modal, Row, Space, Table, message } from 'antd';
import { useRenderer } from '@renderer/context';
import { JModal } from '../shared/JModal';
import { dictText, listOf, normalizeDictItems, pageOf, type DictItem } from '@renderer/index';
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

/** The online-report dialog of JPopup: columns, query form and paged data from /online/cgreport/api. */
export function PopupReportModal({ open, config, onOk, onCancel }: PopupReportModalProps) {
  const { http } = useRenderer();
  const [head, setHead] = useState<ReportHead | null>(null);
  const [queryItems, setQueryItems] = useState<QueryItem[]>([]);
  const [expanded, setExpanded] = useState(false);
  const [form] = Form.useForm<Record<string, string>>();
  const [query, setQuery] = useState<{ pageNo: number; pageSize: number; values: Record<string, string> }>({
    pageNo: 1,
    pageSize: 10,
    values: {},
  });
  const [data, setData] = useState<{ records: PopupRow[]; total: number }>({ records: [], total: 0 });
  const [chosen, setChosen] = useState<PopupRow[]>([]);
  const group = config.groupId;

  useEffect(() => {
    if (!open || !config.code) return;
    setChosen([]);
    let alive = true;
    cachedRequest(group, `columns/${config.code}`, () => http.get<ReportHead>(`/online/cgreport/api/getRpColumns/${config.code}`))
      .then((res) => {
        if (!alive) return;
        if (!res.success) throw new Error(res.message);
        setHead(res.result);
        return cachedRequest(group, `query/${res.result.cgRpConfigId}`, () =>
          http.get<QueryItem[]>(`/online/cgreport/api/getQueryInfo/${res.result.cgRpConfigId}`),
        ).then((info) => {
          if (!alive) return;
          if (!info.success) {
            message.warning(info.message);
            return;
          }
          const items = listOf<QueryItem>(info.result);
          setQueryItems(items);
          const { query: fromParams } = paramQuery(
            config.param,
            items.map((i) => i.field),
          );
          form.setFieldsValue(fromParams);
          setQuery({ pageNo: 1, pageSize: 10, values: fromParams });
        });
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

  useEffect(() => {
    if (!open || !head?.cgRpConfigId) return;
    const sorter = parseSorter(config.sorter);
    const params: Record<string, unknown> = {
      ...Object.fromEntries(Object.entries(query.values).filter(([, v]) => v !== undefined && v !== '')),
      ...paramQuery(config.param, []).self,
      ...(sorter ?? {}),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    };
    let alive = true;
    cachedRequest(group, `data/${head.cgRpConfigId}/${JSON.stringify(params)}`, () =>
      http.get<{ records?: PopupRow[]; total?: number }>(`/online/cgreport/api/getData/${head.cgRpConfigId}`, params),
    ).then((res) => {
      if (!alive) return;
      if (!res.success) {
        message.warning(res.message);
        return;
      }
      setData(pageOf<PopupRow>(res.result));
    });
    return () => {
      alive = false;
    };
  }, [http, open, head, query, config.sorter, config.param, group]);

  const dicts: Record<string, DictItem[]> = Object.fromEntries(
    Object.entries(head?.dictOptions ?? {}).map(([k, v]) => [k, normalizeDictItems(v)]),
  );
  const columns = (head?.columns ?? []).map((column) => ({
    title: column.title,
    dataIndex: column.dataIndex,
    render: (value: unknown) =>
      column.customRender && dicts[column.customRender] ? dictText(dicts[column.customRender], value) : (value as string),
  }));
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
  const visibleItems = queryItems.filter((item) => expanded || !item.hidden);

  return (
    <JModal
      open={open}
      title={head?.cgRpConfigName ?? ''}
      width={POPUP_MODAL_WIDTH}
      className="j-popup-modal"
      onCancel={onCancel}
      onOk={confirm}
    >
      {queryItems.length > 0 && (
        <Form form={form} layout="inline" onFinish={(values) => setQuery({ ...query, pageNo: 1, values })} style={{ marginBottom: 8 }}>
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
                    setQuery({ ...query, pageNo: 1, values: {} });
                  }}
                >
                  重置
                </Button>
                {queryItems.some((i) => i.hidden) && <a onClick={() => setExpanded(!expanded)}>{expanded ? '收起' : '展开'}</a>}
              </Space>
            </Col>
          </Row>
        </Form>
      )}
      <div className="ant-alert ant-alert-info" style={{ marginBottom: 8, padding: '4px 12px' }}>
        已选择 <a>{chosen.length}</a>项 <a onClick={() => setChosen([])}>清空</a>
        {queryItems.length === 0 && (
          <a style={{ marginLeft: 12 }} onClick={() => setQuery({ ...query })}>
            刷新
          </a>
        )}
      </div>
      <Table<PopupRow>
        size="small"
        bordered
        rowKey={popupRowKey}
        dataSource={data.records}
        columns={columns}
        rowSelection={{
          type: config.multi ? 'checkbox' : 'radio',
          selectedRowKeys: selectedKeys,
          onSelect: toggle,
          hideSelectAll: !config.multi,
        }}
        onRow={(row) => ({ onClick: () => toggle(row) })}
        pagination={{
          current: query.pageNo,
          pageSize: query.pageSize,
          total: data.total,
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '30'],
          onChange: (pageNo, pageSize) => setQuery({ ...query, pageNo, pageSize }),
        }}
      />
    </JModal>
  );
}
