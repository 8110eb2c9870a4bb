import { Modal, message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';

/**
 * How the app talks to the user outside React trees (HTTP errors, session expiry).
 * Boot swaps the static antd functions for the themed instances of <App>.
 */
export interface FeedbackApi {
  notification: Pick<NotificationInstance, 'error' | 'success' | 'warning' | 'info' | 'open'>;
  message: Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info' | 'loading'>;
  modal: Pick<ModalStaticFunctions, 'error' | 'confirm' | 'warning' | 'info' | 'success'>;
}

let api: FeedbackApi = { notification, message, modal: Modal };

export function setFeedbackApi(next: FeedbackApi): void {
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
