import { message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * How the app talks to the user outside React trees (HTTP errors, session expiry).
 * Boot swaps the static antd functions for the themed instances of <App>.
 */
export interface FeedbackApi {
  notification: Pick<NotificationInstance, 'error' | 'success' | 'warning' | 'info' | 'open'>;
  message: Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info' | 'loading'>;
  modal: Record<ModalKind, (props: ModalFuncProps) => void>;
}

type ModalKind = 'error' | 'confirm' | 'warning' | 'info' | 'success';

/** antd's static dialogs, loaded on first use: the login page, which never needs one, does not download them. */
function lazyModal(kind: ModalKind) {
  return (props: ModalFuncProps) => {
    void import('antd/es/modal').then(({ default: Modal }) => Modal[kind](props));
  };
}

const staticModal: FeedbackApi['modal'] = {
  error: lazyModal('error'),
  confirm: lazyModal('confirm'),
  warning: lazyModal('warning'),
  info: lazyModal('info'),
  success: lazyModal('success'),
};

const staticApi: FeedbackApi = { notification, message, modal: staticModal };
let api: FeedbackApi = staticApi;

/** Routes feedback through `next`; without an argument, back to antd's static functions (e.g. once the signed-in layout has gone). */
export function setFeedbackApi(next: FeedbackApi = staticApi): void {
  api = next;
}

export function feedback(): FeedbackApi {
  return api;
}

export const SYSTEM_NOTICE = '系统提示';

/** Notification "系统提示" with a description, shown 4 s. */
export function notifySystem(description: string, durationSeconds = 4): void {
  api.notification.error({ message: SYSTEM_NOTICE, description, duration: durationSeconds });
}

/**
 * "系统提示" that must outlive the signed-in layout (why the session ended): antd's own holder, which
 * stays when the layout's <App> unmounts on the way to the login page.
 */
export function notifySystemAcrossSignOut(description: string, durationSeconds = 4): void {
  staticApi.notification.error({ message: SYSTEM_NOTICE, description, duration: durationSeconds });
}
