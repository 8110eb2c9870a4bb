import { App as AntApp } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { setFeedbackApi } from '../feedback';

/** Routes the app-level feedback (HTTP errors, expiry) through the themed antd instances. */
function FeedbackBridge() {
  const { notification, message, modal } = AntApp.useApp();
  useEffect(() => setFeedbackApi({ notification, message, modal }), [notification, message, modal]);
  return null;
}

/**
 * antd's App (contextual message, notification and modal) around the signed-in screens. The login pages stay
 * outside it and use the static functions of src/feedback.ts, so their first download has no dialog code.
 */
export function FeedbackApp({ children }: { children: ReactNode }) {
  return (
    <AntApp>
      <FeedbackBridge />
      {children}
    </AntApp>
  );
}
