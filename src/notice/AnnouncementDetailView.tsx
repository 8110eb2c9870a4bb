import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ViewProps } from '@renderer/views/registry';
import { AnnouncementDetailModal } from './AnnouncementDetailModal';
import { markRead } from './noticeApi';

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * AnnouncementDetail view: 通知消息 for the row of 通告公告 or 我的消息. With `props.markRead` the caller's
 * copy (`record.anntId`) is marked read when the dialog opens and the list reloads.
 */
export default function AnnouncementDetailView({ record, props, onClose, onChanged }: ViewProps) {
  const navigate = useNavigate();
  const anntId = str(record?.anntId);
  const shouldMark = props.markRead === true && !!anntId && record?.readFlag !== '1';
  useEffect(() => {
    // marking read is a side effect of opening: a failure leaves the row unread and says nothing
    if (shouldMark && anntId)
      markRead(anntId).then(
        () => onChanged(),
        () => undefined,
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened row, not when onChanged changes
  }, [anntId, shouldMark]);
  const notice = {
    titile: str(record?.titile) ?? '',
    sender: str(record?.sender),
    sendTime: str(record?.sendTime),
    msgContent: str(record?.msgContent),
    openType: str(record?.openType),
    openPage: str(record?.openPage),
  };
  return <AnnouncementDetailModal notice={notice} onClose={onClose} onGo={(path) => navigate(path)} />;
}
