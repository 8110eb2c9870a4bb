import { useCallback, useEffect, useRef, useState } from 'react';
import { useRenderer } from '@renderer/context';
import { errorMessage } from '../shared/errors';
import { itemsToValue, limitFiles, failedUpload, settleUpload, valueToItems, type UploadItem, type UploadValue } from './upload-rules';

export interface UploadListOptions {
  value?: UploadValue;
  onChange?: (value: UploadValue) => void;
  bizPath: string;
  returnUrl: boolean;
  /** 0 = unlimited. */
  limit: number;
  /** Extra multipart fields (e.g. jeditor=1). */
  extraFields?: Record<string, string>;
  onUploadError?: (item: UploadItem) => void;
}

let uploadSeq = 0;

/** The upload list state shared by JUpload, JImageUpload and the file pop-up. */
export function useUploadList({ value, onChange, bizPath, returnUrl, limit, extraFields, onUploadError }: UploadListOptions) {
  const { data } = useRenderer();
  const [items, setItems] = useState<UploadItem[]>(() => valueToItems(value));
  const lastEmitted = useRef<string>(JSON.stringify(value ?? ''));
  const changedHere = useRef(false);

  useEffect(() => {
    const incoming = JSON.stringify(value ?? '');
    if (incoming !== lastEmitted.current) {
      lastEmitted.current = incoming;
      setItems(valueToItems(value));
    }
  }, [value]);

  useEffect(() => {
    if (!changedHere.current) return;
    changedHere.current = false;
    const next = itemsToValue(items, returnUrl);
    if (next === undefined) return;
    const serialized = JSON.stringify(next);
    if (serialized === lastEmitted.current) return;
    lastEmitted.current = serialized;
    onChange?.(next);
  }, [items, returnUrl, onChange]);

  const update = useCallback((change: (prev: UploadItem[]) => UploadItem[]) => {
    changedHere.current = true;
    setItems(change);
  }, []);

  const upload = useCallback(
    async (file: File) => {
      uploadSeq += 1;
      const uid = `upload-${uploadSeq}`;
      const item: UploadItem = { uid, name: file.name, type: file.type, size: file.size, status: 'uploading', percent: 0 };
      update((prev) => [...prev, item]);
      const form = new FormData();
      form.append('file', file);
      form.append('biz', bizPath);
      for (const [key, fieldValue] of Object.entries(extraFields ?? {})) form.append(key, fieldValue);
      let settled: UploadItem;
      try {
        const done = await data.upload<unknown>(form, (percent) => {
          update((prev) => prev.map((entry) => (entry.uid === uid ? { ...entry, percent } : entry)));
        });
        settled = settleUpload(item, done);
      } catch (error) {
        settled = failedUpload(item, errorMessage(error));
      }
      update((prev) =>
        limitFiles(
          prev.map((entry) => (entry.uid === uid ? settled : entry)),
          limit,
        ),
      );
      if (settled.status === 'error') onUploadError?.(settled);
      return settled;
    },
    [data, bizPath, extraFields, limit, update, onUploadError],
  );

  const remove = useCallback(
    (uid: string) => {
      update((prev) => prev.filter((entry) => entry.uid !== uid));
    },
    [update],
  );

  const reorder = useCallback((next: UploadItem[]) => update(() => next), [update]);

  return { items, upload, remove, reorder };
}
