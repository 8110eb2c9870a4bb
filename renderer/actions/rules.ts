import type { ListAction } from '@contract/schema-types.gen';
import { conditionHolds } from './template';
import type { ActionScope } from './scope';

/** Shown when the user holds `auth` (if any) and `visibleWhen` (if any) holds. */
export function actionShown(action: ListAction, scope: ActionScope, can: (code: string) => boolean): boolean {
  if (action.auth && !can(action.auth)) return false;
  return !action.visibleWhen || conditionHolds(action.visibleWhen, scope);
}

export function actionDisabled(action: ListAction, scope: ActionScope): boolean {
  return !!action.disabledWhen && conditionHolds(action.disabledWhen, scope);
}

/** The message of the first `refuseWhen` rule that holds, else undefined. */
export function refusal(action: ListAction, scope: ActionScope): string | undefined {
  return action.refuseWhen?.find((rule) => conditionHolds(rule.when, scope))?.message;
}

export const SELECT_ONE_RECORD = '请选择一条记录！';

/** The selection warning when a toolbar action needs rows that are not selected. */
export function selectionProblem(action: ListAction, count: number): string | undefined {
  if (action.selection === 'some' && count === 0) return SELECT_ONE_RECORD;
  if (action.selection === 'one' && count !== 1) return SELECT_ONE_RECORD;
  return undefined;
}

/** Whether the list reloads after the action succeeded. */
export function reloadsAfter(action: ListAction): boolean {
  if (action.reload !== undefined) return action.reload;
  return !!(action.request || action.upload || action.dialog);
}
