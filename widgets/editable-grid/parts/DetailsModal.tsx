import { useState, type ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { GRID_Z_INDEX } from './layout';

export const DETAILS_WIDTH = 1200;

/** 详细信息 modal (1200 wide, fullscreen toggle); OK closes only when the confirm callback reports success. */
export function DetailsModal({
  open,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  onConfirm: (done: (success: boolean) => void) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const [fullscreen, setFullscreen] = useState(false);
  return (
    <Modal
      open={open}
      zIndex={GRID_Z_INDEX}
      width={fullscreen ? '100%' : DETAILS_WIDTH}
      style={fullscreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      title={
        <div style={{ display: 'flex', justifyContent: 'space-between', paddingRight: 32 }}>
          <span>详细信息</span>
          <Button
            type="text"
            size="small"
            aria-label={fullscreen ? '退出全屏' : '全屏'}
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFullscreen((f) => !f)}
          />
        </div>
      }
      onCancel={onCancel}
      onOk={() => onConfirm((success) => success && onCancel())}
      destroyOnClose
    >
      {children}
    </Modal>
  );
}
