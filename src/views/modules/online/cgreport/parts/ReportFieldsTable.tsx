import { Button, Checkbox, Input, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { on, type ReportField } from './reportDesign';

const FIELD_TYPES = ['String', 'Integer', 'Long', 'Double', 'BigDecimal', 'Date', 'Datetime'].map((v) => ({ value: v, label: v }));

type SetField = (i: number, patch: Partial<ReportField>) => void;

function fieldColumns(setField: SetField, move: (i: number, by: number) => void, count: number): ColumnsType<ReportField> {
  return [
    { title: '字段', dataIndex: 'fieldName', width: 130 },
    {
      title: '名称',
      dataIndex: 'fieldTxt',
      width: 140,
      render: (v: string, _r, i) => (
        <Input size="small" aria-label="字段名称" value={v} onChange={(e) => setField(i, { fieldTxt: e.target.value })} />
      ),
    },
    {
      title: '类型',
      dataIndex: 'fieldType',
      width: 120,
      render: (v: string, _r, i) => (
        <Select size="small" value={v} options={FIELD_TYPES} onChange={(x) => setField(i, { fieldType: x })} style={{ width: 110 }} />
      ),
    },
    {
      title: '显示',
      dataIndex: 'isShow',
      width: 56,
      align: 'center',
      render: (v: number, _r, i) => (
        <Checkbox aria-label="显示" checked={on(v)} onChange={(e) => setField(i, { isShow: e.target.checked ? 1 : 0 })} />
      ),
    },
    {
      title: '排序',
      dataIndex: 'isOrder',
      width: 56,
      align: 'center',
      render: (v: number, _r, i) => (
        <Checkbox aria-label="排序" checked={on(v)} onChange={(e) => setField(i, { isOrder: e.target.checked ? 1 : 0 })} />
      ),
    },
    {
      title: '查询',
      dataIndex: 'isSearch',
      width: 56,
      align: 'center',
      render: (v: number, _r, i) => (
        <Checkbox aria-label="查询" checked={on(v)} onChange={(e) => setField(i, { isSearch: e.target.checked ? 1 : 0 })} />
      ),
    },
    {
      title: '查询模式',
      dataIndex: 'searchMode',
      width: 110,
      render: (v: string, _r, i) => (
        <Select
          size="small"
          value={v || 'single'}
          style={{ width: 100 }}
          options={[
            { value: 'single', label: '单条件' },
            { value: 'group', label: '范围' },
          ]}
          onChange={(x) => setField(i, { searchMode: x })}
        />
      ),
    },
    {
      title: '字典',
      dataIndex: 'dictCode',
      width: 150,
      render: (v: string, _r, i) => (
        <Input
          size="small"
          aria-label="字典"
          placeholder="字典编码或 表,文本,值"
          value={v}
          onChange={(e) => setField(i, { dictCode: e.target.value })}
        />
      ),
    },
    {
      title: '合计',
      dataIndex: 'isTotal',
      width: 56,
      align: 'center',
      render: (v: string, _r, i) => (
        <Checkbox aria-label="合计" checked={on(v)} onChange={(e) => setField(i, { isTotal: e.target.checked ? '1' : '0' })} />
      ),
    },
    {
      title: '分组标题',
      dataIndex: 'groupTitle',
      width: 120,
      render: (v: string, _r, i) => (
        <Input size="small" aria-label="分组标题" value={v} onChange={(e) => setField(i, { groupTitle: e.target.value })} />
      ),
    },
    {
      title: '顺序',
      key: 'move',
      width: 90,
      render: (_v, _r, i) => (
        <Space size={4}>
          <Button size="small" onClick={() => move(i, -1)} disabled={i === 0}>
            上移
          </Button>
          <Button size="small" onClick={() => move(i, 1)} disabled={i === count - 1}>
            下移
          </Button>
        </Space>
      ),
    },
  ];
}

/** 报表字段: each column's text, type, flags, query mode, dictionary, total, group title and order. */
export function ReportFieldsTable({
  fields,
  onChange,
}: {
  fields: ReportField[];
  onChange: (next: (all: ReportField[]) => ReportField[]) => void;
}) {
  const setField: SetField = (i, patch) => onChange((all) => all.map((f, n) => (n === i ? { ...f, ...patch } : f)));
  const move = (i: number, by: number) =>
    onChange((all) => {
      const j = i + by;
      if (j < 0 || j >= all.length) return all;
      const next = [...all];
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    });
  return (
    <Table<ReportField>
      className="report-fields"
      rowKey="fieldName"
      size="small"
      bordered
      pagination={false}
      dataSource={fields}
      scroll={{ x: 'max-content', y: 320 }}
      columns={fieldColumns(setField, move, fields.length)}
    />
  );
}
