import { Drawer, Spin } from 'antd';
import { SchemaPage } from '@renderer/SchemaPage';
import { fillParent } from '../actions/spec';
import type { AdminDialogProps } from './registry';
import { useSubPage } from './useSubPage';

export interface SubPageProps {
  /** Page schema file under schemas/, e.g. "system/modals/DictItemList"; `{parent.field}` placeholders are filled from the row. */
  page: string;
  /** Drawer title; `{parent.field}` placeholders allowed. */
  title?: string;
  width?: number;
}

/** Another schema page for one row, in place (tabs) or in a drawer. */
export function SubPage({ page, parent }: { page: string; parent: Record<string, unknown> }) {
  const schema = useSubPage(page, parent);
  return schema === undefined ? <Spin /> : <SchemaPage schema={schema} source={`schemas/${page}.json`} />;
}

/** A drawer holding another schema page for one row (dictionary items of a dictionary, data rules of a menu, users of a role). */
export default function SubPageDrawer({ record, props, onClose }: AdminDialogProps) {
  const config = props as unknown as SubPageProps;
  const parent = record ?? {};
  return (
    <Drawer open title={fillParent(config.title ?? '', parent)} width={config.width ?? 800} onClose={onClose} destroyOnClose>
      <SubPage page={config.page} parent={parent} />
    </Drawer>
  );
}
