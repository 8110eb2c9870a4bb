import { useEffect, useRef, useState } from 'react';
import { Form, Modal, Spin, Tabs, type FormInstance } from 'antd';
import { EditableGrid, type EditableGridHandle, type GridColumn } from '@widgets/editable-grid';
import { attempt, request } from '../../../../../api/request';
import { feedback } from '../../../../../feedback';
import { NEW_FIELD, reported, standardFields, type FormHead, type Row } from './api';
import { DesignHeadForm, type HeadValues } from './DesignHeadForm';
import { CHECK_COLUMNS, DB_COLUMNS, FOREIGN_COLUMNS, INDEX_COLUMNS, PAGE_COLUMNS } from './fieldColumns';

interface Props {
  /** the form edited; undefined = a new form */
  head?: FormHead;
  onClose: () => void;
  onSaved: () => void;
}

const TABS: Array<{ key: string; label: string; columns: GridColumn[] }> = [
  { key: 'db', label: '数据库属性', columns: DB_COLUMNS },
  { key: 'page', label: '页面属性', columns: PAGE_COLUMNS },
  { key: 'check', label: '校验字段', columns: CHECK_COLUMNS },
  { key: 'foreign', label: '外键', columns: FOREIGN_COLUMNS },
];

const withDefaults = (rows: Row[]) =>
  rows.map((r) => ({ ...NEW_FIELD, ...Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) }));

const NEW_HEAD: HeadValues = {
  tableType: 1,
  formTemplate: '1',
  themeTemplate: 'normal',
  isCheckbox: 'Y',
  isPage: 'Y',
  isTree: 'N',
  relationType: 0,
};

/**
 * The head form's values and the field and index rows of the design (standard fields for a new one).
 * The grids report every edit; the latest rows are kept in refs so a save reads them without waiting for a render.
 */
function useDesignRows(head: FormHead | undefined, form: FormInstance<HeadValues>) {
  const [loading, setLoading] = useState(!!head);
  const [fields, setFields] = useState<Row[]>(() => (head ? [] : standardFields()));
  const [indexes, setIndexes] = useState<Row[]>([]);
  const latestFields = useRef<Row[]>(fields);
  const latestIndexes = useRef<Row[]>(indexes);
  const changeFields = (rows: Row[]) => {
    latestFields.current = rows;
    setFields(rows);
  };
  const changeIndexes = (rows: Row[]) => {
    latestIndexes.current = rows;
    setIndexes(rows);
  };

  useEffect(() => {
    if (!head) {
      form.setFieldsValue(NEW_HEAD);
      return;
    }
    form.setFieldsValue({ ...head } as unknown as HeadValues);
    void Promise.all([
      attempt(() => request.get<Row[]>('/online/cgform/field/listByHeadId', { headId: head.id })),
      attempt(() => request.get<Row[]>('/online/cgform/index/listByHeadId', { headId: head.id })),
    ])
      .then(([f, i]) => {
        changeFields(f ?? []);
        changeIndexes(i ?? []);
      })
      .finally(() => setLoading(false));
  }, [head, form]);

  /** A tab change shows the rows with the new-field defaults filled in. */
  const refresh = () => {
    changeFields(withDefaults(latestFields.current));
    setIndexes(latestIndexes.current);
  };
  return { loading, fields, indexes, latestFields, latestIndexes, changeFields, changeIndexes, refresh };
}

/** The first problem the grid's own checks find, shown; true when there is none. */
async function gridValid(grid: EditableGridHandle | null, fallback: string): Promise<boolean> {
  if (!grid) return true;
  const checked = await grid.getValuesAsync({ validate: true });
  if (checked.error) feedback().message.error(checked.errors[0]?.message ?? fallback);
  return !checked.error;
}

/** 新增 / 编辑 of a form design: head settings and the field rows, edited in the grid tab by tab. */
export function DesignModal({ head, onClose, onSaved }: Props) {
  const [form] = Form.useForm<HeadValues>();
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState('db');
  const grid = useRef<EditableGridHandle>(null);
  const indexGrid = useRef<EditableGridHandle>(null);
  const { loading, fields, indexes, latestFields, latestIndexes, changeFields, changeIndexes, refresh } = useDesignRows(head, form);

  const switchTab = (key: string) => {
    refresh();
    setTab(key);
  };

  const save = async () => {
    let values: HeadValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!(await gridValid(grid.current, '请检查字段')) || !(await gridValid(indexGrid.current, '请检查索引'))) return;
    const body = {
      head: { ...(head ? { id: head.id } : {}), ...values },
      fields: withDefaults(latestFields.current).map((f, i) => ({ ...f, orderNum: i })),
      indexs: latestIndexes.current,
    };
    setSaving(true);
    try {
      const write = () => (head ? request.put('/online/cgform/api/editAll', body) : request.post('/online/cgform/api/addAll', body));
      if (await reported(write, head ? '保存成功，请同步数据库' : '添加成功，请同步数据库')) onSaved();
    } finally {
      setSaving(false);
    }
  };

  const fieldGrid = (columns: GridColumn[], editable: boolean) => (
    <EditableGrid
      ref={grid}
      columns={columns}
      value={fields}
      onChange={changeFields}
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
        <DesignHeadForm form={form} />
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
                  onChange={changeIndexes}
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
