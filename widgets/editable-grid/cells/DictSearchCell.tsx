import { useEffect, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import { defaultNotifier } from '@renderer/data/notify';
import { showRequestError } from '@renderer/data/requestError';
import { GRID_Z_INDEX } from '../parts/layout';
import type { CellRenderProps } from './registry';
import { controlSize } from './size';
import { useGridContext, useGridServices } from '../parts/gridContext';
import { cachedDictLabel, loadDictLabel, searchDict } from '../adapters/dictSearch';
import { optionLabel } from './text';

const SEARCH_DEBOUNCE_MS = 300;
export const LOADING_TEXT = '加载中…';

/** Dictionary search select: remote search by keyword, stale answers dropped. */
export function DictSearchCell({ value, column, disabled, size, onCommit, initialSearch }: CellRenderProps) {
  const { data, notify = defaultNotifier } = useGridServices();
  const dict = column.dict ?? column.dictCode ?? '';
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => () => clearTimeout(timer.current), []);

  const onSearch = (text: string) => {
    setKeyword(text);
    clearTimeout(timer.current);
    if (!text) {
      setOptions([]);
      return;
    }
    const mine = ++seq.current;
    setLoading(true);
    timer.current = setTimeout(() => {
      searchDict(data, dict, text)
        .then((list) => {
          if (mine === seq.current) setOptions(list.map((o) => ({ value: String(o.value), label: optionLabel(o) })));
        })
        .catch((error: unknown) => showRequestError(notify, error))
        .finally(() => mine === seq.current && setLoading(false));
    }, SEARCH_DEBOUNCE_MS);
  };

  useEffect(() => {
    if (initialSearch) onSearch(initialSearch);
    // only the key that opened the editor
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const current = value == null || value === '' ? undefined : String(value);
  const shown =
    current && !options.some((o) => o.value === current)
      ? [{ value: current, label: cachedDictLabel(dict, current) ?? current }, ...options]
      : options;

  return (
    <Select
      autoFocus
      defaultOpen
      showSearch
      allowClear
      style={{ width: '100%' }}
      size={controlSize(size)}
      disabled={disabled}
      filterOption={false}
      styles={{ popup: { root: { zIndex: GRID_Z_INDEX } } }}
      value={current}
      options={shown}
      searchValue={keyword}
      onSearch={onSearch}
      onChange={(v: string | undefined) => onCommit(v ?? '')}
      onBlur={() => onCommit()}
      notFoundContent={
        loading ? (
          <span>
            <Spin size="small" /> {LOADING_TEXT}
          </span>
        ) : keyword ? (
          '没有查询到任何数据'
        ) : (
          (column.tipsContent ?? '请输入搜索内容')
        )
      }
    />
  );
}

/** Read-only face: the dictionary label of the stored value, fetched once. */
export function DictSearchDisplay({ value, column }: CellRenderProps) {
  const { services } = useGridContext();
  const dict = column.dict ?? column.dictCode ?? '';
  const raw = value == null ? '' : String(value);
  const [label, setLabel] = useState(() => cachedDictLabel(dict, raw) ?? raw);
  useEffect(() => {
    if (!raw || !services) return;
    let live = true;
    loadDictLabel(services.data, dict, raw).then(
      (l) => live && setLabel(l),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [services, dict, raw]);
  return <span>{raw ? label : ''}</span>;
}
