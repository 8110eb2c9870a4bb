import { useState } from 'react';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Card, Modal } from 'antd';
import DOMPurify from 'dompurify';

/** What the 通知消息 dialog shows of an announcement. */
export interface AnnouncementDetail {
  titile: string;
  sender?: string | null;
  sendTime?: string | null;
  msgContent?: string | null;
  openType?: string | null;
  openPage?: string | null;
}

export interface AnnouncementDetailModalProps {
  notice: AnnouncementDetail;
  onClose(): void;
  /** 去处理 (only when openType is url): close and go to openPage. */
  onGo?(path: string): void;
}

/** 通知消息: sender, time and the (sanitised) HTML content; normal 60% wide, fullscreen 100%. */
export function AnnouncementDetailModal({ notice, onClose, onGo }: AnnouncementDetailModalProps) {
  const [fullscreen, setFullscreen] = useState(false);
  // only pages of this system: a path, never another site
  const canGo = notice.openType === 'url' && !!notice.openPage && /^\/(?!\/)/.test(notice.openPage);
  const Toggle = fullscreen ? FullscreenExitOutlined : FullscreenOutlined;
  const footer = [
    <Button key="close" onClick={onClose}>
      关闭
    </Button>,
    ...(canGo
      ? [
          <Button
            key="go"
            type="primary"
            onClick={() => {
              onClose();
              onGo?.(notice.openPage ?? '/');
            }}
          >
            去处理
          </Button>,
        ]
      : []),
  ];
  return (
    <Modal
      open
      title={
        <span style={{ display: 'flex', justifyContent: 'space-between', paddingRight: 32 }}>
          通知消息
          <Toggle aria-label={fullscreen ? '退出全屏' : '全屏'} onClick={() => setFullscreen(!fullscreen)} style={{ cursor: 'pointer' }} />
        </span>
      }
      width={fullscreen ? '100%' : '60%'}
      style={fullscreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      styles={{ body: { height: fullscreen ? 'calc(100vh - 140px)' : '60vh', overflowY: 'auto' } }}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      data-testid="announcement-detail"
    >
      <Card variant="borderless" className="announcement-detail">
        <Card.Meta title={notice.titile} description={`发布人：${notice.sender ?? ''} 发布时间： ${notice.sendTime ?? ''}`} />
        <div style={{ marginTop: 16 }} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(notice.msgContent ?? '') }} />
      </Card>
    </Modal>
  );
}
