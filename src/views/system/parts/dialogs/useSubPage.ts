import { useEffect, useState } from 'react';
import { loadPageSchema } from '@renderer/schema/load';
import { fillParent } from '../actions/spec';

/** Loads a sub-page schema and fills its `{parent.field}` placeholders; undefined while loading. */
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
