import { useEffect, useState } from 'react';
import { Drawer, Spin } from 'antd';
import { SchemaPage } from '@renderer/SchemaPage';
import { loadPageSchema } from '@renderer/schema/load';
import { fillParent } from '../actions/spec';
import type { AdminDialogProps } from './registry';

export interface SubPageProps {
  /** Page schema file under schemas/, e.g. "system/modals/DictItemList"; `{parent.field}` placeholders are filled from the row. */
  page: string;
  /** Drawer title; `{parent.field}` placeholders allowed. */
  title?: string;
  width?: number;
}

/** A drawer holding another schema page for one row (dictionary items of a dictionary, data rules of a menu, users of a role). */
export default function SubPageDrawer({ record, props, onClose }: AdminDialogProps) {
  const config = props as unknown as SubPageProps;
  const [schema, setSchema] = useState<unknown>();
  const values = record ?? {};

  useEffect(() => {
    let live = true;
    void loadPageSchema(config.page).then((loaded) => live && setSchema(loaded === undefined ? { missing: config.page } : fillParent(loaded, values)));
    return () => {
      live = false;
    };
    // once per opened row
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config.page]);

  return (
    <Drawer open title={fillParent(config.title ?? '', values)} width={config.width ?? 800} onClose={onClose} destroyOnClose>
      {schema === undefined ? <Spin /> : <SchemaPage schema={schema} source={`schemas/${config.page}.json`} />}
    </Drawer>
  );
}
