import type { RendererServices } from '../context';
import type { Notifier } from '../data/notify';
import { downloadThroughProvider, type SaveFile } from '../data/download';
import { errorText } from '../data/errors';
import { showRequestError } from '../data/requestError';
import type { DialogAction, ListAction } from '@contract/schema-types.gen';
import { getAction } from './registry';
import { prepareRequest } from './request';
import { refusal, reloadsAfter, selectionProblem } from './rules';
import type { ActionScope } from './scope';
import { fillText, fillValues, savedFileName } from './template';

type Row = Record<string, unknown>;

/** A dialog action with its `values` and `findBy` filled for the record it opens for. */
export type FilledDialog = Omit<DialogAction, 'values' | 'findBy'> & { values?: Row; findBy?: Row };

export interface OpenDialog {
  action: ListAction;
  dialog: FilledDialog;
  record?: Row;
  selection: Row[];
}

export interface ActionRunContext {
  services: RendererServices;
  notify: Notifier;
  scope: ActionScope;
  reload(): void;
  openDialog(dialog: OpenDialog): void;
  /** Asks the user for one file; undefined when they cancel. */
  pickFile(accept?: string): Promise<File | undefined>;
  saveFile?: SaveFile;
}

function navigateTo(services: RendererServices, url: string, newWindow: boolean | undefined): void {
  if (newWindow) window.open(url, '_blank', 'noopener');
  else if (services.navigate) services.navigate(url);
  else window.location.assign(url);
}

async function request(action: ListAction, context: ActionRunContext): Promise<boolean> {
  const spec = action.request!;
  const { notify } = context;
  try {
    const done = await context.services.data.send(prepareRequest(spec, context.scope));
    notify.success(done.message || spec.success || '操作成功');
    return true;
  } catch (error) {
    if (spec.failure) notify.warning(spec.failure);
    else showRequestError(notify, error);
    return false;
  }
}

async function upload(action: ListAction, context: ActionRunContext): Promise<boolean> {
  const spec = action.upload!;
  const file = await context.pickFile(spec.accept);
  if (!file) return false;
  const form = new FormData();
  form.append(spec.fieldName ?? 'file', file);
  for (const [key, value] of Object.entries(fillValues(spec.data, context.scope) ?? {}))
    form.append(key, value === undefined || value === null ? '' : String(value));
  try {
    const done = await context.services.data.upload(form, undefined, fillText(spec.url, context.scope));
    context.notify.success((spec.preferSuccess ? spec.success : undefined) || done.message || spec.success || '上传成功');
    return true;
  } catch (error) {
    showRequestError(context.notify, error);
    return false;
  }
}

async function custom(action: ListAction, context: ActionRunContext): Promise<boolean> {
  const name = action.custom!.name;
  const handler = getAction(name);
  if (!handler) {
    context.notify.error(`未知的操作 ${name}`);
    return false;
  }
  const { scope } = context;
  const result = await handler({
    services: context.services,
    notify: context.notify,
    record: scope.$record,
    selection: scope.$selection.rows,
    query: scope.$query,
    props: action.custom!.props ?? {},
    reload: context.reload,
  });
  return result !== false;
}

async function perform(action: ListAction, context: ActionRunContext): Promise<boolean> {
  const { scope, services } = context;
  if (action.request) return request(action, context);
  if (action.upload) return upload(action, context);
  if (action.custom) return custom(action, context);
  if (action.navigate) {
    navigateTo(services, fillText(action.navigate.url, scope), action.navigate.newWindow);
    return true;
  }
  if (action.download) {
    const spec = action.download;
    const params = fillValues(spec.params, scope);
    return downloadThroughProvider(
      services.data,
      context.notify,
      fillText(spec.url, scope),
      (server) => savedFileName(spec.fileName, scope, server),
      { params, save: context.saveFile },
    );
  }
  if (action.dialog) {
    const dialog: FilledDialog = {
      ...action.dialog,
      values: fillValues(action.dialog.values, scope),
      findBy: fillValues(action.dialog.findBy, scope),
    };
    context.openDialog({ action, dialog, record: scope.$record, selection: scope.$selection.rows });
    return true;
  }
  return false;
}

/**
 * Runs one schema action: checks the selection it needs and its `refuseWhen` rules, asks `confirm`,
 * then acts. After success the list reloads as `reload` says (default: requests and uploads do); a dialog
 * reloads it when it reports a change. Resolves true when the action happened.
 */
export async function runAction(action: ListAction, context: ActionRunContext): Promise<boolean> {
  const { notify } = context;
  const selection = context.scope.$selection;
  const problem = selectionProblem(action, selection.count);
  if (problem) {
    notify.warning(problem);
    return false;
  }
  const scope = action.selection === 'one' ? { ...context.scope, $record: selection.rows[0] } : context.scope;
  const run = { ...context, scope };
  try {
    const refused = refusal(action, scope);
    if (refused) {
      notify.warning(refused);
      return false;
    }
    if (action.confirm && !(await notify.confirm({ title: fillText(action.confirm, scope) }))) return false;
    const done = await perform(action, run);
    if (done && !action.dialog && reloadsAfter(action)) context.reload();
    return done;
  } catch (error) {
    notify.error(errorText(error));
    return false;
  }
}
