import { useCallback, useState } from 'react';
import type { Notifier } from '../data/notify';
import { changeRule, hasEmptyCondition, type Condition, type FilterTree, type MatchType, type Rule } from './model';
import { readSavedQueries, removeSavedQuery, upsertSavedQuery, writeSavedQueries, type SavedQuery } from './saved';

const emptyTree = (): FilterTree => ({ matchType: 'and', conditions: [{ rule: 'eq' }] });

/** Advanced-query state and its messages; `onApply(undefined)` clears the query. */
export function useSuperQuery(saveCode: string, notify: Notifier, onApply: (tree: FilterTree | undefined) => void) {
  const [tree, setTree] = useState<FilterTree>(emptyTree);
  const [active, setActive] = useState(false);
  const [saved, setSaved] = useState<SavedQuery[]>(() => readSavedQueries(saveCode));

  const setMatchType = useCallback((matchType: MatchType) => setTree((t) => ({ ...t, matchType })), []);
  const addCondition = useCallback((after?: number) => {
    setTree((t) => {
      const conditions = [...t.conditions];
      conditions.splice(after === undefined ? conditions.length : after + 1, 0, { rule: 'eq' });
      return { ...t, conditions };
    });
  }, []);
  const removeCondition = useCallback((index: number) => {
    setTree((t) => ({ ...t, conditions: t.conditions.filter((_, i) => i !== index) }));
  }, []);
  const updateCondition = useCallback((index: number, patch: Partial<Condition>) => {
    setTree((t) => ({
      ...t,
      conditions: t.conditions.map((c, i) => {
        if (i !== index) return c;
        if (patch.rule && patch.rule !== c.rule) return changeRule(c, patch.rule as Rule);
        return { ...c, ...patch };
      }),
    }));
  }, []);

  const run = useCallback((): boolean => {
    if (hasEmptyCondition(tree)) {
      notify.warning('不能查询空条件');
      return false;
    }
    setActive(true);
    onApply(tree);
    return true;
  }, [tree, notify, onApply]);

  const reset = useCallback(() => {
    setTree(emptyTree());
    setActive(false);
    onApply(undefined);
  }, [onApply]);

  /** First step of saving: false when there is nothing to save. */
  const canSave = useCallback((): boolean => {
    if (hasEmptyCondition(tree)) {
      notify.warning('空条件不能保存');
      return false;
    }
    return true;
  }, [tree, notify]);

  const save = useCallback(
    async (name: string): Promise<boolean> => {
      const title = name.trim();
      if (!title) {
        notify.warning('保存名称不能为空');
        return false;
      }
      const current = readSavedQueries(saveCode);
      if (current.some((q) => q.title === title)) {
        const overwrite = await notify.confirm({ title: `${title} 已存在，是否覆盖？` });
        if (!overwrite) return false;
      }
      const next = upsertSavedQuery(current, { title, matchType: tree.matchType, records: tree.conditions });
      writeSavedQueries(saveCode, next);
      setSaved(next);
      notify.success('保存成功');
      return true;
    },
    [saveCode, tree, notify],
  );

  const restore = useCallback((query: SavedQuery) => {
    setTree({ matchType: query.matchType ?? 'and', conditions: query.records.map((r) => ({ ...r })) });
  }, []);

  const remove = useCallback(
    async (title: string) => {
      const ok = await notify.confirm({ title: '是否删除当前查询？' });
      if (!ok) return;
      const next = removeSavedQuery(readSavedQueries(saveCode), title);
      writeSavedQueries(saveCode, next);
      setSaved(next);
    },
    [saveCode, notify],
  );

  return { tree, active, saved, setMatchType, addCondition, removeCondition, updateCondition, run, reset, canSave, save, restore, remove };
}

export type SuperQueryController = ReturnType<typeof useSuperQuery>;
