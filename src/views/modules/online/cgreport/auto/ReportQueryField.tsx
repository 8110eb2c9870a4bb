import { DatePicker, Form, Input, Select, Space } from 'antd';
import { DATE_FORMAT, type DictOption, type QueryItem } from './reportRuntime';

/** One query field of the report: a date or range, a dictionary select, or text. */
export function ReportQueryField({ item, options }: { item: QueryItem; options: DictOption[] }) {
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
