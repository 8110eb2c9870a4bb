import { useCallback, useState } from 'react';
import { useRenderer, type RendererServices } from '@renderer/context';
import { defaultNotifier, type Notifier } from '@renderer/data/notify';
import type { Row } from '@renderer/index';
import { runRequestAction } from './runAction';
import { ACTION_EFFECTS } from './effects';
import { isAdminRow, type AdminActionSpec } from './spec';

export interface OpenDialog {
  spec: AdminActionSpec;
  record?: Row;
  selectedIds?: string[];
}

export function notifierOf(services: RendererServices): Notifier {
  return services.notify ?? defaultNotifier;
}

/** Runs admin actions: local admin protection, selection check, request or dialog. */
export function useAdminAction(onChanged: () => void) {
  const services = useRenderer();
  const notify = notifierOf(services);
  const [dialog, setDialog] = useState<OpenDialog>();

  const run = useCallback(
    async (spec: AdminActionSpec, context: { record?: Row; selectedIds?: string[] }) => {
      const { record, selectedIds } = context;
      if (record && spec.protectAdmin && isAdminRow(record)) {
        notify.warning(spec.protectAdmin);
        return;
      }
      if ((spec.needsSelection && (!selectedIds || selectedIds.length === 0)) || (spec.needsOneRow && selectedIds?.length !== 1)) {
        notify.warning('请选择一条记录！');
        return;
      }
      if (spec.dialog) {
        setDialog({ spec, record, selectedIds });
        return;
      }
      const values = { ...(record ?? {}), selectedIds: selectedIds?.join(',') ?? '', count: selectedIds?.length ?? 0 };
      if (!(await runRequestAction(services.http, notify, spec, values))) return;
      const effect = spec.effect ? ACTION_EFFECTS[spec.effect] : undefined;
      if (effect) await effect(services.http);
      onChanged();
    },
    [services.http, notify, onChanged],
  );

  return { run, dialog, closeDialog: () => setDialog(undefined), can: services.can };
}
