import { useEffect, useState } from 'react';
import { useRenderer } from '@renderer/context';
import { loadDictLabels } from './search-dict';
import { loadCategoryNames } from './tree-api';

function useLabels(value: string | undefined, text: string | undefined, load: (keys: string) => Promise<string[]>) {
  const [label, setLabel] = useState<string | undefined>(text);
  useEffect(() => {
    if (text !== undefined || !value) return;
    let alive = true;
    load(value).then((names) => {
      if (alive) setLabel(names.length ? names.join(',') : value);
    });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load is an inline function of the caller; value and text decide
  }, [value, text]);
  return label ?? value ?? '';
}

export function CategoryPretty({ value, text }: { value?: string; text?: string }) {
  const { data } = useRenderer();
  return <span>{useLabels(value, text, (ids) => loadCategoryNames(data, ids))}</span>;
}

export function TreeSelectPretty({ value, text, dict = '' }: { value?: string; text?: string; dict?: string }) {
  const { data } = useRenderer();
  return <span>{useLabels(value, text, (keys) => loadDictLabels(data, dict, keys))}</span>;
}
