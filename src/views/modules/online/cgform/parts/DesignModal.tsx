import { useEffect, useRef, useState } from 'react';
import { Col, Form, Input, Modal, Row as GridLine, Select, Spin, Tabs } from 'antd';
import { EditableGrid, type EditableGridHandle, type GridColumn } from '@widgets/editable-grid';
import { getAction, postAction, putAction } from '../../../../../api/http';
import { feedback } from '../../../../../feedback';
import { NEW_FIELD, reported, standardFields, type FormHead, type Row } from './api';
import { CHECK_COLUMNS, DB_COLUMNS, FOREIGN_COLUMNS, INDEX_COLUMNS, PAGE_COLUMNS } from './fieldColumns';

interface Props {
  /** the form edited; undefined = a new form */
  head?: FormHead;
  onClose: () => void;
  onSaved: () => void;
}

type HeadValues = Record<string, string | number | undefined>;

const YES_NO = [
  { value: 'Y', label: '是' },
  { value: 'N', label: '否' },
];
const TABS: Array<{ key: string; label: string; columns: GridColumn[] }> = [
  { key: 'db', label: '数据库属性', columns: DB_COLUMNS },
  { key: 'page', label: '页面属性', columns: PAGE_COLUMNS },
  { key: 'check', label: '校验字段', columns: CHECK_COLUMNS },
  { key: 'foreign', label: '外键', columns: FOREIGN_COLUMNS },
];

const withDefaults = (rows: Row[]) =>
  rows.map((r) => ({ ...NEW_FIELD, ...Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) }));

/** 新增 / 编辑 of a form design: head settings and the field rows, edited in the grid tab by tab. */
export function DesignModal({ head, onClose, onSaved }: Props) {
  const [form] = Form.useForm<HeadValues>();
  const [loading, setLoading] = useState(!!head);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState('db');
  const [fields, setFields] = useState<Row[]>(() => (head ? [] : standardFields()));
  const [indexes, setIndexes] = useState<Row[]>([]);
  const latestFields = useRef<Row[]>(fields);
  const latestIndexes = useRef<Row[]>(indexes);
  const grid = useRef<EditableGridHandle>(null);
  const indexGrid = useRef<EditableGridHandle>(null);
  const tableType = Form.useWatch('tableType', form);
  const isTree = Form.useWatch('isTree', form);

  useEffect(() => {
    if (!head) {
      form.setFieldsValue({
        tableType: 1,
        formTemplate: '1',
        themeTemplate: 'normal',
        isCheckbox: 'Y',
        isPage: 'Y',
        isTree: 'N',
        relationType: 0,
      });
      return;
    }
    form.setFieldsValue({ ...head } as unknown as HeadValues);
    void Promise.all([
      getAction<Row[]>('/online/cgform/field/listByHeadId', { headId: head.id }),
      getAction<Row[]>('/online/cgform/index/listByHeadId', { headId: head.id }),
    ])
      .then(([f, i]) => {
        const rows = f.success ? f.result : [];
        latestFields.current = rows;
        setFields(rows);
        const idx = i.success ? i.result : [];
        latestIndexes.current = idx;
        setIndexes(idx);
      })
      .finally(() => setLoading(false));
  }, [head, form]);

  const switchTab = (key: string) => {
    const rows = withDefaults(latestFields.current);
    latestFields.current = rows;
    setFields(rows);
    setIndexes(latestIndexes.current);
    setTab(key);
  };

  const save = async () => {
    let values: HeadValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (grid.current) {
      const checked = await grid.current.getValuesAsync({ validate: true });
      if (checked.error) return void feedback().message.error(checked.errors[0]?.message ?? '请检查字段');
    }
    if (indexGrid.current) {
      const checked = await indexGrid.current.getValuesAsync({ validate: true });
      if (checked.error) return void feedback().message.error(checked.errors[0]?.message ?? '请检查索引');
    }
    const body = {
      head: { ...(head ? { id: head.id } : {}), ...values },
      fields: withDefaults(latestFields.current).map((f, i) => ({ ...f, orderNum: i })),
      indexs: latestIndexes.current,
    };
    setSaving(true);
    try {
      const res = head ? await putAction('/online/cgform/api/editAll', body) : await postAction('/online/cgform/api/addAll', body);
      if (reported(res, head ? '保存成功，请同步数据库' : '添加成功，请同步数据库')) onSaved();
    } finally {
      setSaving(false);
    }
  };

  const fieldGrid = (columns: GridColumn[], editable: boolean) => (
    <EditableGrid
      ref={grid}
      columns={columns}
      value={fields}
      onChange={(rows) => {
        latestFields.current = rows;
        setFields(rows);
      }}
      rowKey="id"
      rowNumber
      rowSelection={editable}
      dragSort={editable}
      toolbar={editable}
      toolbarConfig={{ btn: ['add', 'remove', 'clearSelection'] }}
      maxHeight={380}
      size="small"
      bordered
    />
  );

  return (
    <Modal
      open
      title={head ? `编辑表单：${head.tableName}` : '新增表单'}
      width={1200}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText="保存"
      maskClosable={false}
      destroyOnClose
    >
      <Spin spinning={loading}>
        <Form form={form} layout="horizontal" labelCol={{ span: 8 }} wrapperCol={{ span: 16 }} size="small">
          <GridLine gutter={8}>
            <Col span={8}>
              <Form.Item
                name="tableName"
                label="表名"
                rules={[
                  { required: true, message: '请输入表名' },
                  { pattern: /^[a-z][a-z0-9_]{1,49}$/, message: '表名只能用小写字母开头，由小写字母、数字和下划线组成' },
                ]}
              >
                <Input placeholder="请输入表名" maxLength={50} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="tableTxt" label="表描述" rules={[{ required: true, message: '请输入表描述' }]}>
                <Input placeholder="请输入表描述" maxLength={200} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="tableType" label="表类型">
                <Select
                  aria-label="表类型"
                  options={[
                    { value: 1, label: '单表' },
                    { value: 2, label: '主表' },
                    { value: 3, label: '附表' },
                  ]}
                />
              </Form.Item>
            </Col>
            {tableType === 3 && (
              <>
                <Col span={8}>
                  <Form.Item name="relationType" label="映射关系">
                    <Select
                      options={[
                        { value: 0, label: '一对多' },
                        { value: 1, label: '一对一' },
                      ]}
                    />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="tabOrderNum" label="附表排序">
                    <Input />
                  </Form.Item>
                </Col>
              </>
            )}
            <Col span={8}>
              <Form.Item name="formTemplate" label="表单风格">
                <Select
                  options={[
                    { value: '1', label: '一列' },
                    { value: '2', label: '两列' },
                    { value: '3', label: '三列' },
                    { value: '4', label: '四列' },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="themeTemplate" label="主题模板">
                <Select
                  options={[
                    { value: 'normal', label: '默认主题' },
                    { value: 'erp', label: 'ERP主题(一对多)' },
                    { value: 'innerTable', label: '内嵌子表主题(一对多)' },
                    { value: 'tab', label: 'TAB主题(一对多)' },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="isCheckbox" label="显示复选框">
                <Select options={YES_NO} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="isPage" label="是否分页">
                <Select options={YES_NO} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="isTree" label="是否树">
                <Select options={YES_NO} />
              </Form.Item>
            </Col>
            {isTree === 'Y' && (
              <>
                <Col span={8}>
                  <Form.Item name="treeParentIdField" label="树表父ID" rules={[{ required: true, message: '请输入树表父ID字段' }]}>
                    <Input placeholder="例如 pid" />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="treeIdField" label="是否有子节点字段" rules={[{ required: true, message: '请输入是否有子节点字段' }]}>
                    <Input placeholder="例如 has_child" />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="treeFieldname" label="树开表单列" rules={[{ required: true, message: '请输入树开表单列' }]}>
                    <Input placeholder="例如 name" />
                  </Form.Item>
                </Col>
              </>
            )}
          </GridLine>
        </Form>
        <Tabs
          activeKey={tab}
          onChange={switchTab}
          destroyInactiveTabPane
          items={[
            ...TABS.map((t) => ({ key: t.key, label: t.label, children: loading ? null : fieldGrid(t.columns, t.key === 'db') })),
            {
              key: 'index',
              label: '索引',
              children: (
                <EditableGrid
                  ref={indexGrid}
                  columns={INDEX_COLUMNS}
                  value={indexes}
                  onChange={(rows) => {
                    latestIndexes.current = rows;
                    setIndexes(rows);
                  }}
                  rowKey="id"
                  rowNumber
                  rowSelection
                  toolbar
                  maxHeight={380}
                  size="small"
                  bordered
                />
              ),
            },
          ]}
        />
      </Spin>
    </Modal>
  );
}
