import { useEffect, useState } from 'react';
import { Button, Checkbox, Col, Form, Input, Modal, Row, Select, Space, Table, Tabs } from 'antd';
import { JCodeEditor } from '@widgets/editors/JCodeEditor';
import { getAction, postAction, putAction } from '../../../../../api/http';
import { feedback } from '../../../../../feedback';

export interface ReportField {
  fieldName: string;
  fieldTxt: string;
  fieldType: string;
  isShow: number;
  isSearch: number;
  searchMode: string;
  isOrder: number;
  dictCode: string;
  isTotal: string;
  groupTitle: string;
  orderNum: number;
}
export interface ReportParam {
  paramName: string;
  paramTxt: string;
  paramValue: string;
  orderNum: number;
}
export interface ReportHeadRow {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  chartType?: string | null;
  chartX?: string | null;
  chartY?: string | null;
}

const FIELD_TYPES = ['String', 'Integer', 'Long', 'Double', 'BigDecimal', 'Date', 'Datetime'].map((v) => ({ value: v, label: v }));
const CHART_TYPES = [
  { value: '', label: '不显示图表' },
  { value: 'bar', label: '柱状图' },
  { value: 'line', label: '折线图' },
  { value: 'pie', label: '饼图' },
];

const on = (v: unknown) => v === 1 || v === '1';

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
  const [form] = Form.useForm<{ code: string; name: string; cgrSql: string; chartType: string; chartX?: string; chartY?: string[] }>();
  const [fields, setFields] = useState<ReportField[]>([]);
  const [params, setParams] = useState<ReportParam[]>([]);
  const [parsing, setParsing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState('fields');

  useEffect(() => {
    if (!open) return;
    setTab('fields');
    form.resetFields();
    setFields([]);
    setParams([]);
    if (!head) {
      form.setFieldsValue({ chartType: '' });
      return;
    }
    form.setFieldsValue({
      code: head.code,
      name: head.name,
      cgrSql: head.cgrSql,
      chartType: head.chartType ?? '',
      chartX: head.chartX ?? undefined,
      chartY: head.chartY ? head.chartY.split(',') : [],
    });
    Promise.all([
      getAction<ReportField[]>('/online/cgreport/item/listByHeadId', { headId: head.id }),
      getAction<ReportParam[]>('/online/cgreport/param/listByHeadId', { headId: head.id }),
    ]).then(([f, p]) => {
      if (f.success)
        setFields(
          (f.result ?? []).map((x) => ({
            ...x,
            isTotal: on(x.isTotal) ? '1' : '0',
            dictCode: x.dictCode ?? '',
            groupTitle: x.groupTitle ?? '',
            fieldTxt: x.fieldTxt ?? '',
          })),
        );
      if (p.success) setParams((p.result ?? []).map((x) => ({ ...x, paramTxt: x.paramTxt ?? '', paramValue: x.paramValue ?? '' })));
    });
  }, [open, head, form]);

  const parse = async () => {
    const sql = String(form.getFieldValue('cgrSql') ?? '');
    if (!sql.trim()) {
      feedback().message.warning('请先填写报表SQL');
      return;
    }
    setParsing(true);
    try {
      const res = await postAction<{ fields: ReportField[]; params: ReportParam[] }>('/online/cgreport/head/parseSql', { sql });
      if (!res.success) {
        feedback().message.warning(res.message);
        return;
      }
      // Keep what was already configured for columns that are still there.
      const before = new Map(fields.map((f) => [f.fieldName, f]));
      setFields(
        res.result.fields.map((f) => ({
          ...f,
          ...(before.get(f.fieldName) ?? {}),
          fieldType: before.get(f.fieldName)?.fieldType ?? f.fieldType,
          orderNum: f.orderNum,
        })),
      );
      const paramsBefore = new Map(params.map((p) => [p.paramName, p]));
      setParams(res.result.params.map((p) => paramsBefore.get(p.paramName) ?? p));
      feedback().message.success(`解析成功：${res.result.fields.length} 个字段，${res.result.params.length} 个参数`);
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
      const body = {
        head: {
          ...(head ? { id: head.id } : {}),
          code: values.code,
          name: values.name,
          cgrSql: values.cgrSql,
          chartType: values.chartType || null,
          chartX: values.chartType ? values.chartX : null,
          chartY: values.chartType ? (values.chartY ?? []).join(',') : null,
        },
        items: fields.map((f, i) => ({ ...f, orderNum: i + 1 })),
        params: params.map((p, i) => ({ ...p, orderNum: i + 1 })),
      };
      const res = head ? await putAction('/online/cgreport/head/editAll', body) : await postAction('/online/cgreport/head/add', body);
      if (!res.success) {
        feedback().message.warning(res.message);
        return;
      }
      feedback().message.success(head ? '编辑成功' : '添加成功');
      onClose(true);
    } finally {
      setSaving(false);
    }
  };

  const setField = (i: number, patch: Partial<ReportField>) => setFields((all) => all.map((f, n) => (n === i ? { ...f, ...patch } : f)));
  const setParam = (i: number, patch: Partial<ReportParam>) => setParams((all) => all.map((p, n) => (n === i ? { ...p, ...patch } : p)));
  const move = (i: number, by: number) =>
    setFields((all) => {
      const j = i + by;
      if (j < 0 || j >= all.length) return all;
      const next = [...all];
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    });
  const fieldOptions = fields.map((f) => ({ value: f.fieldName, label: f.fieldTxt ? `${f.fieldTxt}（${f.fieldName}）` : f.fieldName }));
  const chartType = Form.useWatch('chartType', form);

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
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="code"
              label="编码"
              labelCol={{ span: 8 }}
              wrapperCol={{ span: 16 }}
              rules={[
                { required: true, message: '请输入报表编码' },
                { pattern: /^[A-Za-z][A-Za-z0-9_-]*$/, message: '编码以字母开头，只能包含字母、数字、下划线和短横线' },
              ]}
            >
              <Input placeholder="如 depart_report" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="name"
              label="名称"
              labelCol={{ span: 8 }}
              wrapperCol={{ span: 16 }}
              rules={[{ required: true, message: '请输入报表名称' }]}
            >
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
          <Button type="primary" style={{ marginTop: 8 }} onClick={parse} loading={parsing}>
            解析SQL
          </Button>
        </Form.Item>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'fields',
              label: '报表字段',
              children: (
                <Table<ReportField>
                  className="report-fields"
                  rowKey="fieldName"
                  size="small"
                  bordered
                  pagination={false}
                  dataSource={fields}
                  scroll={{ x: 'max-content', y: 320 }}
                  columns={[
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
                        <Select
                          size="small"
                          value={v}
                          options={FIELD_TYPES}
                          onChange={(x) => setField(i, { fieldType: x })}
                          style={{ width: 110 }}
                        />
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
                        <Checkbox
                          aria-label="合计"
                          checked={on(v)}
                          onChange={(e) => setField(i, { isTotal: e.target.checked ? '1' : '0' })}
                        />
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
                          <Button size="small" onClick={() => move(i, 1)} disabled={i === fields.length - 1}>
                            下移
                          </Button>
                        </Space>
                      ),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'params',
              label: '报表参数',
              children: (
                <>
                  <Button
                    size="small"
                    style={{ marginBottom: 8 }}
                    onClick={() => setParams((all) => [...all, { paramName: '', paramTxt: '', paramValue: '', orderNum: all.length + 1 }])}
                  >
                    新增参数
                  </Button>
                  <Table<ReportParam>
                    className="report-params"
                    rowKey={(_r) => String(params.indexOf(_r))}
                    size="small"
                    bordered
                    pagination={false}
                    dataSource={params}
                    columns={[
                      {
                        title: '参数',
                        dataIndex: 'paramName',
                        render: (v: string, _r, i) => (
                          <Input size="small" aria-label="参数" value={v} onChange={(e) => setParam(i, { paramName: e.target.value })} />
                        ),
                      },
                      {
                        title: '名称',
                        dataIndex: 'paramTxt',
                        render: (v: string, _r, i) => (
                          <Input size="small" aria-label="参数名称" value={v} onChange={(e) => setParam(i, { paramTxt: e.target.value })} />
                        ),
                      },
                      {
                        title: '默认值',
                        dataIndex: 'paramValue',
                        render: (v: string, _r, i) => (
                          <Input size="small" aria-label="默认值" value={v} onChange={(e) => setParam(i, { paramValue: e.target.value })} />
                        ),
                      },
                      {
                        title: '操作',
                        key: 'op',
                        width: 70,
                        render: (_v, _r, i) => <a onClick={() => setParams((all) => all.filter((_, n) => n !== i))}>删除</a>,
                      },
                    ]}
                  />
                </>
              ),
            },
            {
              key: 'chart',
              label: '图表',
              forceRender: true,
              children: (
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
              ),
            },
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
