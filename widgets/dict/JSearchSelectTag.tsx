import { useEffect, useRef, useState } from 'react';
import { Select } from 'antd';
import { showRequestError } from '@renderer/data/requestError';
import { useNotifier } from '@renderer/data/useNotifier';
import { useRenderer } from '@renderer/context';
import { useDictOptions, type DictItem } from '@renderer/index';
import { SEARCH_DEBOUNCE_MS, SEARCH_PAGE_SIZE, loadDictLabels, searchDict } from './search-dict';

export interface JSearchSelectTagProps {
  /** Dictionary code; async mode needs a table dictionary "table,text,code[,condition]". */
  dict?: string;
  /** Sync mode options given directly. */
  dictOptions?: DictItem[];
  async?: boolean;
  pageSize?: number;
  value?: string | number;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Searchable dictionary select: local filtering, or server search debounced 800 ms (10 per page). */
export function JSearchSelectTag(props: JSearchSelectTagProps) {
  return props.async ? <AsyncSearchSelect {...props} /> : <SyncSearchSelect {...props} />;
}

function SyncSearchSelect({ dict, dictOptions, value, onChange, placeholder = '请选择', disabled }: JSearchSelectTagProps) {
  const { options } = useDictOptions(dictOptions ? undefined : dict, dictOptions);
  return (
    <Select
      showSearch
      allowClear
      value={isSet(value) ? String(value) : undefined}
      placeholder={placeholder}
      disabled={disabled}
      filterOption={(input, option) =>
        String(option?.label ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
      notFoundContent="没有查询到任何数据"
      onChange={(next?: string) => onChange?.(next)}
      options={options.map((option) => ({ value: option.value, label: option.text, disabled: option.disabled }))}
      style={{ width: '100%' }}
    />
  );
}

function AsyncSearchSelect({
  dict = '',
  pageSize = SEARCH_PAGE_SIZE,
  value,
  onChange,
  placeholder = '请选择',
  disabled,
}: JSearchSelectTagProps) {
  const { data } = useRenderer();
  const notify = useNotifier();
  const [options, setOptions] = useState<DictItem[]>([]);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const [label, setLabel] = useState<string | undefined>();
  const sequence = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    if (!isSet(value)) {
      setLabel(undefined);
      return;
    }
    const known = options.find((option) => option.value === String(value));
    if (known) {
      setLabel(known.text);
      return;
    }
    let alive = true;
    loadDictLabels(data, dict, String(value)).then((labels) => {
      if (alive) setLabel(labels[0] ?? String(value));
    });
    return () => {
      alive = false;
    };
    // Options only matter for a freshly chosen value, which sets the label itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, dict, value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (text: string) => {
    setKeyword(text);
    clearTimeout(timer.current);
    sequence.current += 1;
    const mine = sequence.current;
    setLoading(true);
    timer.current = setTimeout(() => {
      searchDict(data, dict, text, pageSize)
        .then(
          (items) => {
            if (mine === sequence.current) setOptions(items);
          },
          (error: unknown) => {
            if (mine === sequence.current) showRequestError(notify, error);
          },
        )
        .finally(() => {
          if (mine === sequence.current) setLoading(false);
        });
    }, SEARCH_DEBOUNCE_MS);
  };

  const notFound = loading ? '加载中…' : keyword === '' && options.length === 0 ? '请输入搜索内容' : '没有查询到任何数据';
  const current = isSet(value) ? { value: String(value), label: label ?? String(value) } : undefined;
  return (
    <Select
      showSearch
      allowClear
      labelInValue
      filterOption={false}
      value={current}
      placeholder={placeholder}
      disabled={disabled}
      notFoundContent={notFound}
      onSearch={search}
      onChange={(next?: { value: string; label?: unknown }) => {
        if (!next) {
          onChange?.(undefined);
          search('');
          return;
        }
        setLabel(typeof next.label === 'string' ? next.label : undefined);
        onChange?.(next.value);
      }}
      options={options.map((option) => ({ value: option.value, label: option.text, disabled: option.disabled }))}
      style={{ width: '100%' }}
    />
  );
}

/** Read-pretty: the label of the stored key. */
export function SearchSelectPretty({
  value,
  text,
  dict,
  dictOptions,
}: {
  value?: string;
  text?: string;
  dict?: string;
  dictOptions?: DictItem[];
}) {
  const { data } = useRenderer();
  const [label, setLabel] = useState<string | undefined>(text);
  useEffect(() => {
    if (text !== undefined || !isSet(value)) return;
    const local = dictOptions?.find((option) => option.value === String(value));
    if (local) {
      setLabel(local.text);
      return;
    }
    if (!dict) return;
    let alive = true;
    loadDictLabels(data, dict, String(value)).then((labels) => {
      if (alive) setLabel(labels.join(',') || String(value));
    });
    return () => {
      alive = false;
    };
  }, [data, dict, dictOptions, text, value]);
  return <span>{label ?? (isSet(value) ? String(value) : '')}</span>;
}
