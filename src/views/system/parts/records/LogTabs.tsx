import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { SubPage } from '@renderer/index';
import type { ViewProps } from '@renderer/views/registry';

interface LogTab {
  key: string;
  title: string;
  page: string;
}

function readTabs(props: Record<string, unknown>): LogTab[] {
  const raw = Array.isArray(props.tabs) ? (props.tabs as unknown[]) : [];
  return raw.flatMap((t) => {
    if (!t || typeof t !== 'object') return [];
    const { key, title, page } = t as Record<string, unknown>;
    return typeof key === 'string' && typeof title === 'string' && typeof page === 'string' ? [{ key, title, page }] : [];
  });
}

const NO_PARENT = {};

/** 日志管理: one tab per log list page (登录日志 / 操作日志); each tab is a page schema of its own. */
export default function LogTabs({ props }: ViewProps) {
  const tabs = readTabs(props);
  const [active, setActive] = useState(tabs[0]?.key);
  return (
    <Card variant="borderless">
      <Tabs
        activeKey={active}
        onChange={setActive}
        destroyOnHidden
        items={tabs.map((t) => ({ key: t.key, label: t.title, children: <SubPage page={t.page} parent={NO_PARENT} /> }))}
      />
    </Card>
  );
}
