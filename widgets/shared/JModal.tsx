import { useEffect, useState, type ReactNode } from 'react';
import { Button, Modal, type ModalProps } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';

export interface JModalProps extends Omit<ModalProps, 'title'> {
  title?: ReactNode;
  /** Initial fullscreen state; the dialog returns to it every time it opens. */
  fullscreen?: boolean;
  /** Show the fullscreen toggle in the title. */
  switchFullscreen?: boolean;
  onFullscreenChange?: (fullscreen: boolean) => void;
}

/** Share of the window height the dialog body may take. */
export const MODAL_BODY_HEIGHT_RATIO = 0.8;

/** antd Modal with a fullscreen toggle, body capped at 80% of the window, destroyed when hidden. */
export function JModal({
  open,
  fullscreen = false,
  switchFullscreen = true,
  onFullscreenChange,
  title,
  width,
  style,
  styles,
  children,
  ...rest
}: JModalProps) {
  const [isFull, setFull] = useState(fullscreen);
  useEffect(() => {
    if (open) setFull(fullscreen);
  }, [open, fullscreen]);

  const toggle = () => {
    setFull(!isFull);
    onFullscreenChange?.(!isFull);
  };
  const bodyStyle = isFull
    ? { height: 'calc(100vh - 110px)', overflow: 'auto' as const }
    : { maxHeight: Math.round(window.innerHeight * MODAL_BODY_HEIGHT_RATIO), overflowY: 'auto' as const };

  return (
    <Modal
      open={open}
      destroyOnHidden
      width={isFull ? '100%' : width}
      style={isFull ? { ...style, top: 0, paddingBottom: 0, maxWidth: '100%' } : style}
      className={isFull ? 'j-modal j-modal-fullscreen' : 'j-modal'}
      title={
        <div style={{ display: 'flex', alignItems: 'center', paddingRight: 32 }}>
          <span style={{ flex: 1 }}>{title}</span>
          {switchFullscreen && (
            <Button
              type="text"
              size="small"
              aria-label={isFull ? '退出全屏' : '全屏'}
              icon={isFull ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={toggle}
            />
          )}
        </div>
      }
      styles={{ ...styles, body: { ...bodyStyle, ...styles?.body } }}
      {...rest}
    >
      {children}
    </Modal>
  );
}
