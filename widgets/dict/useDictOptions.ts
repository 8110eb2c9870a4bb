import { useEffect, useState } from 'react';
import { useRenderer } from '@renderer/context';
import { loadDictOptions, type DictOption } from './dict-api';

/** Options of a dictionary code, or the given options when present. */
export function useDictOptions(dictCode: string | undefined, given?: DictOption[]) {
  const { http } = useRenderer();
  const [options, setOptions] = useState<DictOption[]>(given ?? []);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (given) {
      setOptions(given);
      return;
    }
    let alive = true;
    loadDictOptions(http, dictCode).then(
      (items) => { if (alive) { setOptions(items); setError(null); } },
      (failure: Error) => { if (alive) setError(failure.message); },
    );
    return () => { alive = false; };
  }, [http, dictCode, given]);
  return { options, error };
}
