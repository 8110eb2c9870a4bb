import { createElement, type ReactNode } from 'react';
import { message, Modal } from 'antd';

/** How the renderer talks to the user. The app may supply its own (e.g. from antd's App context). */
export interface Notifier {
  success(text: string): void;
  info(text: string): void;
  warning(text: ReactNode): void;
  error(text: ReactNode): void;
  /** Resolves true when the user confirms. */
  confirm(options: { title: string; content?: ReactNode }): Promise<boolean>;
  /** A warning dialog with rich content (import with errors). */
  warningDialog(options: { title: string; content: ReactNode }): void;
}

export const defaultNotifier: Notifier = {
  success: (text) => void message.success(text),
  info: (text) => void message.info(text),
  warning: (text) => void message.warning(text),
  error: (text) => void message.error(text),
  confirm: ({ title, content }) =>
    new Promise((resolve) => {
      Modal.confirm({
        title,
        content,
        okText: '确定',
        cancelText: '取消',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    }),
  warningDialog: ({ title, content }) => {
    Modal.warning({ title, content: createElement('div', null, content), okText: '确定' });
  },
};
