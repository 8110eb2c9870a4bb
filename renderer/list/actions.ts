import type { Toolbar } from '@contract/schema-types.gen';

type Action = Toolbar['add'];

/**
 * Whether a toolbar button or row action shows: absent → `fallback` (on when the page
 * has what the action needs), false → off, `{auth}` → can(auth), `{hidden}` → off.
 */
export function actionAllowed(action: Action, can: (code: string) => boolean, fallback: boolean): boolean {
  if (action === undefined) return fallback;
  if (action === false) return false;
  if (action === true) return true;
  if (action.hidden) return false;
  return action.auth ? can(action.auth) : true;
}

export function actionText(action: Action, text: string): string {
  return typeof action === 'object' && action.text ? action.text : text;
}
