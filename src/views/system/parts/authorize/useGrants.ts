import { useCallback, useEffect, useState } from 'react';
import { useNotifier } from '@renderer/data/useNotifier';
import { listOf } from '@renderer/index';
import { attempt, request } from '../../../../api/request';
import { fillRecord } from '../placeholders';
import { allKeys, idsText, type AuthorizeConfig, type PermissionNode } from './model';

/** Loads the permission tree and one owner's grants; saves the difference. */
export function useGrants(config: AuthorizeConfig, values: Record<string, unknown>) {
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
      attempt(() =>
        request.get<{ treeList?: PermissionNode[] } | PermissionNode[]>(config.treeUrl, fillRecord(config.treeParams, current)),
      ),
      attempt(() => request.get<string[]>(config.grantedUrl, fillRecord(config.grantedParams, current))),
    ])
      .then(([treeReply, grantedReply]) => {
        if (!live) return;
        const nodes = Array.isArray(treeReply) ? treeReply : (treeReply?.treeList ?? []);
        const ids = listOf(grantedReply).map(String);
        setTree(nodes);
        setGranted(ids);
        setChecked(ids);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // the config comes from the schema
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config.treeUrl, config.grantedUrl, valuesKey]);

  const save = useCallback(async (): Promise<boolean> => {
    setSaving(true);
    try {
      const body = { ...fillRecord(config.saveBody, values), permissionIds: idsText(checked), lastpermissionIds: idsText(granted) };
      const done = await attempt(() => request.post(config.saveUrl, body));
      if (!done) return false;
      notify.success(done.message || '保存成功！');
      setGranted(checked);
      return true;
    } finally {
      setSaving(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- notify is stable; valuesKey stands for values
  }, [config.saveUrl, config.saveBody, valuesKey, checked, granted]);

  const saved = new Set(granted);
  const changed = checked.length !== saved.size || checked.some((key) => !saved.has(key));
  return { tree, checked, setChecked, loading, saving, save, changed, everyKey: () => allKeys(tree) };
}
