import { useCallback, useEffect, useState } from 'react';
import { useRenderer } from '@renderer/context';
import { fillRecord } from '../placeholders';
import { useNotifier } from '@renderer/data/useNotifier';
import { allKeys, idsText, type AuthorizeConfig, type PermissionNode } from './model';
import { listOf } from '@renderer/index';

/** Loads the permission tree and one owner's grants; saves the difference. */
export function useGrants(config: AuthorizeConfig, values: Record<string, unknown>) {
  const services = useRenderer();
  const notify = useNotifier();
  const [tree, setTree] = useState<PermissionNode[]>([]);
  const [granted, setGranted] = useState<string[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const valuesKey = JSON.stringify(values);

  useEffect(() => {
    let live = true;
    const current = JSON.parse(valuesKey) as Record<string, unknown>;
    setLoading(true);
    void Promise.all([
      services.http.get<{ treeList?: PermissionNode[] } | PermissionNode[]>(config.treeUrl, fillRecord(config.treeParams, current)),
      services.http.get<string[]>(config.grantedUrl, fillRecord(config.grantedParams, current)),
    ])
      .then(([treeRes, grantedRes]) => {
        if (!live) return;
        if (!treeRes.success) notify.warning(treeRes.message);
        if (!grantedRes.success) notify.warning(grantedRes.message);
        const nodes = Array.isArray(treeRes.result) ? treeRes.result : (treeRes.result?.treeList ?? []);
        const ids = listOf(grantedRes.result).map(String);
        setTree(nodes);
        setGranted(ids);
        setChecked(ids);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // notify is stable; the config comes from the schema
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [services.http, config.treeUrl, config.grantedUrl, valuesKey]);

  const save = useCallback(async (): Promise<boolean> => {
    setSaving(true);
    try {
      const body = { ...fillRecord(config.saveBody, values), permissionIds: idsText(checked), lastpermissionIds: idsText(granted) };
      const res = await services.http.post(config.saveUrl, body);
      if (!res.success) {
        notify.warning(res.message);
        return false;
      }
      notify.success(res.message || '保存成功！');
      setGranted(checked);
      return true;
    } finally {
      setSaving(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- notify is stable; valuesKey stands for values
  }, [services.http, config.saveUrl, config.saveBody, valuesKey, checked, granted]);

  const saved = new Set(granted);
  const changed = checked.length !== saved.size || checked.some((key) => !saved.has(key));
  return { tree, checked, setChecked, loading, saving, save, changed, everyKey: () => allKeys(tree) };
}
