import { useEffect, useState } from 'react';
import { Input, Modal, Table, message } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { CellRenderProps } from './registry';
import { controlSize } from './size';
import { useGridContext } from '../parts/gridContext';

type Row = Record<string, unknown>;

interface ReportInfo {
  cgRpConfigId: string;
  columns: { dataIndex: string; title: string }[];
}

function splitFields(s: string | undefined): string[] {
  return (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);
}

/** Spec §5 popup configuration check; null when fine. */
export function popupConfigError(code?: string, orgFields?: string, destFields?: string): string | null {
  if (!code || !orgFields || !destFields) return 'popup参数未正确配置!';
  if (splitFields(orgFields).length !== splitFields(destFields).length) return 'popup参数未正确配置,原始值和目标值数量不一致!';
  return null;
}

/** Popup report picker: the chosen record's orgFields are written into the row's destFields. */
export function PopupCell({ value, rowId, column, disabled, size }: CellRenderProps) {
  const { services, setRowValues } = useGridContext();
  const [open, setOpen] = useState(false);
  const [info, setInfo] = useState<ReportInfo | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [picked, setPicked] = useState<Row[]>([]);

  useEffect(() => {
    if (!open || !services) return;
    const http = services.http;
    http
      .get<ReportInfo>(`/online/cgreport/api/getRpColumns/${column.popupCode}`)
      .then(async (res) => {
        if (!res.success) throw new Error(res.message);
        setInfo(res.result);
        const data = await http.get<{ records: Row[] }>(`/online/cgreport/api/getData/${res.result.cgRpConfigId}`, { pageNo: 1, pageSize: 10 });
        setRows(data.result?.records ?? []);
      })
      .catch((e: Error) => {
        setOpen(false);
        Modal.error({ title: '出错了', content: `Popup初始化失败，请检查你的配置或稍后重试！${e.message}` });
      });
  }, [open, services, column.popupCode]);

  const openPicker = () => {
    const problem = popupConfigError(column.popupCode, column.orgFields, column.destFields);
    if (problem) return void message.error(problem);
    if (!disabled) setOpen(true);
  };

  const confirm = () => {
    if (picked.length !== 1) return void message.warning('请选择一条记录');
    const org = splitFields(column.orgFields);
    const dest = splitFields(column.destFields);
    const values: Row = {};
    org.forEach((f, i) => (values[dest[i]] = picked[0][f]));
    setRowValues(rowId, values);
    setOpen(false);
  };

  return (
    <>
      <Input
        readOnly
        size={controlSize(size)}
        disabled={disabled}
        value={value == null ? '' : String(value)}
        placeholder={column.placeholder ?? '点击选择'}
        onClick={openPicker}
        suffix={<SearchOutlined />}
      />
      <Modal open={open} title={column.title} width={1200} onCancel={() => setOpen(false)} onOk={confirm} destroyOnClose>
        <Table<Row>
          size="small"
          rowKey={(r) => String(r.id ?? JSON.stringify(r))}
          dataSource={rows}
          columns={(info?.columns ?? []).map((c) => ({ key: c.dataIndex, dataIndex: c.dataIndex, title: c.title }))}
          rowSelection={{ type: 'radio', onChange: (_k, r) => setPicked(r) }}
        />
      </Modal>
    </>
  );
}
