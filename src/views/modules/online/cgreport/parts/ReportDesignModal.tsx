import { useEffect, useState } from 'react';
import { Button, Col, Form, Input, Modal, Row, Select, Tabs, type FormInstance } from 'antd';
import { JCodeEditor } from '@widgets/editors/JCodeEditor';
import { feedback } from '../../../../../feedback';
import { ReportFieldsTable } from './ReportFieldsTable';
import { ReportParamsTable } from './ReportParamsTable';
import {
  headValues,
  loadDesign,
  parseDesign,
  saveDesign,
  type ReportField,
  type ReportHeadRow,
  type ReportHeadValues,
  type ReportParam,
} from './reportDesign';

export type { ReportField, ReportHeadRow, ReportParam } from './reportDesign';

const CHART_TYPES = [
  { value: '', label: '不显示图表' },
  { value: 'bar', label: '柱状图' },
  { value: 'line', label: '折线图' },
  { value: 'pie', label: '饼图' },
];

/** 图表: the chart type and, with one, its category and value columns. */
function ChartTab({ form, fields }: { form: FormInstance<ReportHeadValues>; fields: ReportField[] }) {
  const chartType = Form.useWatch('chartType', form);
  const fieldOptions = fields.map((f) => ({ value: f.fieldName, label: f.fieldTxt ? `${f.fieldTxt}（${f.fieldName}）` : f.fieldName }));
  return (
    <>
      <Form.Item name="chartType" label="图表类型">
        <Select options={CHART_TYPES} style={{ width: 200 }} />
      </Form.Item>
      {chartType && (
        <>
          <Form.Item name="chartX" label="分类字段" rules={[{ required: true, message: '请选择分类字段' }]}>
            <Select options={fieldOptions} style={{ width: 300 }} placeholder="横轴（饼图的扇区）" />
          </Form.Item>
          <Form.Item name="chartY" label="数值字段" rules={[{ required: true, message: '请选择数值字段' }]}>
            <Select mode="multiple" options={fieldOptions} style={{ width: 500 }} placeholder="纵轴（饼图用第一个）" />
          </Form.Item>
        </>
      )}
    </>
  );
}

/** 编码, 名称 and the SQL with its 解析SQL button. */
function HeadFields({ parsing, onParse }: { parsing: boolean; onParse: () => void }) {
  const half = { labelCol: { span: 8 }, wrapperCol: { span: 16 } };
  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="code"
            label="编码"
            {...half}
            rules={[
              { required: true, message: '请输入报表编码' },
              { pattern: /^[A-Za-z][A-Za-z0-9_-]*$/, message: '编码以字母开头，只能包含字母、数字、下划线和短横线' },
            ]}
          >
            <Input placeholder="如 depart_report" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="name" label="名称" {...half} rules={[{ required: true, message: '请输入报表名称' }]}>
            <Input placeholder="报表名称" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="报表SQL"
        required
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 20 }}
        extra="只能是一条查询语句；参数写作 ${参数名}，当前用户写作 #{sys_user_code}"
      >
        <Form.Item name="cgrSql" noStyle rules={[{ required: true, message: '请输入报表SQL' }]}>
          <SqlEditor />
        </Form.Item>
        <Button type="primary" style={{ marginTop: 8 }} onClick={onParse} loading={parsing}>
          解析SQL
        </Button>
      </Form.Item>
    </>
  );
}

/** The design being edited: the form, its columns and parameters, loaded when the dialog opens. */
function useReportDesign(open: boolean, head: ReportHeadRow | null) {
  const [form] = Form.useForm<ReportHeadValues>();
  const [fields, setFields] = useState<ReportField[]>([]);
  const [params, setParams] = useState<ReportParam[]>([]);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setFields([]);
    setParams([]);
    if (!head) {
      form.setFieldsValue({ chartType: '' });
      return;
    }
    form.setFieldsValue(headValues(head));
    void loadDesign(head.id).then((loaded) => {
      if (loaded.fields) setFields(loaded.fields);
      if (loaded.params) setParams(loaded.params);
    });
  }, [open, head, form]);
  return { form, fields, setFields, params, setParams };
}

/** 报表设计 dialog: code, name, SQL (解析SQL fills the columns and parameters), columns grid, parameters grid, chart. */
export function ReportDesignModal({
  open,
  head,
  onClose,
}: {
  open: boolean;
  head: ReportHeadRow | null;
  onClose: (saved: boolean) => void;
}) {
  const { form, fields, setFields, params, setParams } = useReportDesign(open, head);
  const [parsing, setParsing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState('fields');
  useEffect(() => {
    if (open) setTab('fields');
  }, [open]);

  const parse = async () => {
    setParsing(true);
    try {
      const parsed = await parseDesign(String(form.getFieldValue('cgrSql') ?? ''), fields, params);
      if (parsed) {
        setFields(parsed.fields);
        setParams(parsed.params);
      }
    } finally {
      setParsing(false);
    }
  };

  const save = async () => {
    const values = await form.validateFields();
    if (!fields.length) {
      feedback().message.warning('请先解析SQL，得到报表字段');
      return;
    }
    setSaving(true);
    try {
      if (await saveDesign(head, values, fields, params)) onClose(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={head ? '编辑报表' : '新增报表'}
      width={1200}
      onCancel={() => onClose(false)}
      onOk={save}
      confirmLoading={saving}
      okText="保存"
      destroyOnClose
      className="report-design-modal"
    >
      <Form form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 20 }}>
        <HeadFields parsing={parsing} onParse={() => void parse()} />
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'fields', label: '报表字段', children: <ReportFieldsTable fields={fields} onChange={setFields} /> },
            { key: 'params', label: '报表参数', children: <ReportParamsTable params={params} onChange={setParams} /> },
            { key: 'chart', label: '图表', forceRender: true, children: <ChartTab form={form} fields={fields} /> },
          ]}
        />
      </Form>
    </Modal>
  );
}

function SqlEditor({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  return (
    <div className="report-sql-editor">
      <JCodeEditor value={value ?? ''} onChange={onChange} language="sql" height={180} fullScreen={false} placeholder="select … from …" />
    </div>
  );
}
