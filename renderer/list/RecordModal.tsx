import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Drawer, Modal, Popconfirm, Space, Tabs } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { createForm, type Form } from '@formily/core';
import { useRenderer } from '../context';
import type { EditForm, ListUrls } from '@contract/schema-types.gen';
import type { Notifier } from '../data/notify';
import { showRequestError } from '../data/requestError';
import { SchemaForm } from '../form/SchemaForm';
import { loadSubTableRows, subTableTabs } from '../form/SubTableTabs';
import type { Row } from './useListPage';

export type RecordMode = 'add' | 'edit' | 'detail';
const TITLES: Record<RecordMode, string> = { add: '新增', edit: '编辑', detail: '详情' };
/** The details modal is 1200 px wide. */
const DETAIL_WIDTH = 1200;
/** Key of the main fields' tab when the form has `mainTab`. */
const MAIN_TAB = '__main';

export interface RecordModalProps {
  mode: RecordMode | undefined;
  record?: Row;
  /** Values an add form starts with (another page opening this form with a preset). */
  initialValues?: Row;
  config: EditForm;
  urls: ListUrls;
  notify: Notifier;
  onClose(): void;
  /** After a successful save, with the values sent. */
  onSaved(saved?: Row): void;
}

/** Errors of the form grouped by sub-table: the first failing sub-table tab to activate. */
export function firstFailingSubTable(form: Form, keys: string[]): string | undefined {
  const failing = new Set(form.errors.map((e) => String(e.path ?? e.address ?? '').split('.')[0]));
  return keys.find((key) => failing.has(key));
}

export function RecordModal({ mode, record, initialValues, config, urls, notify, onClose, onSaved }: RecordModalProps) {
  const { data } = useRenderer();
  const open = mode !== undefined;
  const [fullscreen, setFullscreen] = useState(!!config.fullscreen);
  const [saving, setSaving] = useState(false);
  const subTables = config.subTables ?? [];
  const tabbed = !!config.mainTab && subTables.length > 0;
  const firstTab = tabbed ? MAIN_TAB : subTables[0]?.key;
  const [activeTab, setActiveTab] = useState(firstTab);
  const form = useMemo(
    () => createForm({ initialValues: mode === 'add' ? { ...initialValues } : { ...record }, readPretty: mode === 'detail' }),
    [mode, record, initialValues],
  );

  useEffect(() => {
    if (!open) return;
    setFullscreen(!!config.fullscreen);
    setActiveTab(firstTab);
    if (mode === 'add' || !record) return;
    loadSubTableRows(data, form, subTables, record.id, (error) => showRequestError(notify, error));
    // Only when the modal opens for a record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, form]);

  const save = async () => {
    try {
      await form.validate();
    } catch {
      const failing = firstFailingSubTable(
        form,
        subTables.map((s) => s.key),
      );
      if (failing) setActiveTab(failing);
      else if (tabbed) setActiveTab(MAIN_TAB);
      return;
    }
    const url = mode === 'add' ? urls.add : urls.edit;
    if (!url) {
      notify.error(mode === 'add' ? '请设置url.add属性!' : '请设置url.edit属性!');
      return;
    }
    setSaving(true);
    try {
      const body = { ...form.values };
      const done = mode === 'add' ? await data.create(url, body) : await data.update(url, body);
      notify.success(done.message || '操作成功');
      onSaved(body);
      onClose();
    } catch (error) {
      showRequestError(notify, error);
    } finally {
      setSaving(false);
    }
  };

  const width = fullscreen ? '100%' : mode === 'detail' ? DETAIL_WIDTH : (config.width ?? 800);
  const title = (
    <Space>
      <span>{config.title ?? (mode ? TITLES[mode] : '')}</span>
      <a aria-label={fullscreen ? '退出全屏' : '全屏'} onClick={() => setFullscreen(!fullscreen)}>
        {fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </a>
    </Space>
  );
  const subTabs = subTableTabs(form, subTables);
  const mainForm = (children?: ReactNode) => (
    <SchemaForm form={form} schema={config.schema} grid={config.grid} scope={{ $record: record }} pointer="/form/schema">
      {children}
    </SchemaForm>
  );
  // mainTab (online form theme "tab"): the main fields are the first tab, each sub table a tab after it.
  const body = !open ? null : tabbed ? (
    <Tabs
      activeKey={activeTab}
      onChange={setActiveTab}
      items={[{ key: MAIN_TAB, label: config.mainTab, forceRender: true, children: mainForm() }, ...subTabs]}
    />
  ) : (
    mainForm(subTables.length > 0 && <Tabs activeKey={activeTab} onChange={setActiveTab} items={subTabs} />)
  );
  const footer =
    mode === 'detail' ? (
      <Button onClick={onClose}>关闭</Button>
    ) : (
      <Space>
        {config.cancelConfirm ? (
          <Popconfirm title={config.cancelConfirm} okText="确定" cancelText="取消" onConfirm={onClose}>
            <Button>取消</Button>
          </Popconfirm>
        ) : (
          <Button onClick={onClose}>取消</Button>
        )}
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {config.okText ?? '确定'}
        </Button>
      </Space>
    );

  if (config.container === 'drawer') {
    return (
      <Drawer title={title} width={width} open={open} onClose={onClose} destroyOnClose footer={footer}>
        {body}
      </Drawer>
    );
  }
  return (
    <Modal
      title={title}
      width={width}
      open={open}
      onCancel={onClose}
      footer={footer}
      destroyOnClose
      style={fullscreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
    >
      {body}
    </Modal>
  );
}
