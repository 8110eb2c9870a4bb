import { useEffect, useState } from 'react';
import { Spin } from 'antd';
import { loadPageSchema } from '../schema/load';
import { SchemaPage } from '../SchemaPage';

const PARENT_PLACEHOLDER = /\{parent\.(\w+)\}/g;

/**
 * Deep copy of a page schema placed for one record, with `{parent.field}` filled from that record
 * (e.g. a list url ending in `?dictId={parent.id}`).
 */
export function fillParent<T>(value: T, parent: Record<string, unknown>): T {
  if (typeof value === 'string') {
    return value.replace(PARENT_PLACEHOLDER, (_, name: string) => {
      const field = parent[name];
      return field === undefined || field === null ? '' : String(field);
    }) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => fillParent(item, parent)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillParent(item, parent)])) as T;
  }
  return value;
}

/** Loads `schemas/<page>.json` with its `{parent.field}` placeholders filled; undefined while loading. */
export function useSubPage(page: string, parent: Record<string, unknown>): unknown {
  const [schema, setSchema] = useState<unknown>();
  const parentKey = JSON.stringify(parent);
  useEffect(() => {
    let live = true;
    setSchema(undefined);
    void loadPageSchema(page).then((loaded) => {
      if (live) setSchema(loaded === undefined ? { missing: page } : fillParent(loaded, JSON.parse(parentKey) as Record<string, unknown>));
    });
    return () => {
      live = false;
    };
  }, [page, parentKey]);
  return schema;
}

/** Another page schema for one record, in place (a tab) or inside a dialog. */
export function SubPage({ page, parent }: { page: string; parent: Record<string, unknown> }) {
  const schema = useSubPage(page, parent);
  return schema === undefined ? <Spin /> : <SchemaPage schema={schema} source={`schemas/${page}.json`} />;
}
