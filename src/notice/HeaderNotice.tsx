import { useCallback, useEffect, useRef, useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { App, Badge, Button, List, Popover, Spin, Tabs, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { API_BASE } from '../config';
import { getAction } from '../api/http';
import { AnnouncementDetailModal } from './AnnouncementDetailModal';
import { fetchSocketTicket, fetchUnread, markRead, PRIORITY_TAGS, type MyAnnouncement, type UnreadNotices } from './noticeApi';
import { NoticeSocket, noticeSocketUrl, type NoticeFrame } from './noticeSocket';
import { signalListReload } from '@renderer/list/reloadSignal';

const EMPTY: UnreadNotices = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

function NoticeItems({ items, onOpen }: { items: MyAnnouncement[]; onOpen(item: MyAnnouncement): void }) {
  return (
    <List
      size="small"
      dataSource={items}
      locale={{ emptyText: '暂无消息' }}
      renderItem={(item) => {
        const tag = PRIORITY_TAGS[item.priority] ?? PRIORITY_TAGS.L!;
        return (
          <List.Item extra={<Tag color={tag.color}>{tag.text}</Tag>} style={{ alignItems: 'flex-start' }}>
            <List.Item.Meta
              title={<a onClick={() => onOpen(item)}>{item.titile}</a>}
              description={<span style={{ color: '#999', fontSize: 12 }}>{item.sendTime ?? item.createTime} 发布</span>}
            />
          </List.Item>
        );
      }}
    />
  );
}

/** Asks for the unread notices; a failure stops asking until a socket frame says something changed. */
function useUnread() {
  const [data, setData] = useState<UnreadNotices>(EMPTY);
  const stopped = useRef(false);
  const load = useCallback(async (): Promise<UnreadNotices | null> => {
    if (stopped.current) return null;
    try {
      const fresh = await fetchUnread();
      if (!fresh) throw new Error('no notices');
      setData(fresh);
      return fresh;
    } catch {
      // the bell is a background view: a refused or failed request stops it quietly
      stopped.current = true;
      return null;
    }
  }, []);
  const resume = useCallback(() => {
    stopped.current = false;
  }, []);
  return { data, load, resume };
}

type Notification = ReturnType<typeof App.useApp>['notification'];

/** 消息提醒 for an announcement that has just arrived, with 查看详情. */
function announce(notification: Notification, frame: NoticeFrame, item: MyAnnouncement, open: (item: MyAnnouncement) => void) {
  const key = `notice-${frame.msgId}`;
  notification.info({
    key,
    message: '消息提醒',
    description: frame.msgTxt,
    placement: 'bottomRight',
    btn: (
      <Button
        type="primary"
        size="small"
        onClick={() => {
          notification.destroy(key);
          open(item);
        }}
      >
        查看详情
      </Button>
    ),
  });
}

/** One notice socket per signed-in user: reloads the bell and the lists it names, and announces what arrived. */
function useNoticeSocket(userId: string, unread: ReturnType<typeof useUnread>, openItem: (item: MyAnnouncement) => void) {
  const { notification } = App.useApp();
  const latest = useRef({ unread, openItem, notification });
  latest.current = { unread, openItem, notification };
  useEffect(() => {
    latest.current.unread.resume();
    void latest.current.unread.load();
    const socket = new NoticeSocket({
      url: async () => {
        const ticket = await fetchSocketTicket();
        if (!ticket) throw new Error('no socket ticket');
        return noticeSocketUrl(API_BASE, userId, ticket.ticket, window.location);
      },
      onMessage: (frame) => {
        if (frame.cmd !== 'topic' && frame.cmd !== 'user') return;
        if (Array.isArray(frame.reload)) signalListReload(frame.reload.filter((k): k is string => typeof k === 'string'));
        const { unread: current, openItem: open, notification: notify } = latest.current;
        current.resume();
        void current.load().then((fresh) => {
          const arrived = fresh && frame.msgId && [...fresh.anntMsgList, ...fresh.sysMsgList].find((m) => m.anntId === frame.msgId);
          if (arrived && frame.msgTxt) announce(notify, frame, arrived, open);
        });
      },
      // The session was forced out: any call now answers 401, which signs out to the login page.
      onRevoked: () => void getAction('/sys/annountCement/listByUser').catch(() => undefined),
    });
    socket.start();
    return () => socket.stop();
  }, [userId]);
}

function NoticeContent({
  data,
  loading,
  onOpen,
  onMore,
}: {
  data: UnreadNotices;
  loading: boolean;
  onOpen(item: MyAnnouncement): void;
  onMore(): void;
}) {
  return (
    <Spin spinning={loading}>
      <Tabs
        centered
        items={[
          {
            key: 'annt',
            label: `通知(${data.anntMsgTotal})`,
            children: <NoticeItems items={data.anntMsgList} onOpen={onOpen} />,
          },
          {
            key: 'sys',
            label: `系统消息(${data.sysMsgTotal})`,
            children: <NoticeItems items={data.sysMsgList} onOpen={onOpen} />,
          },
        ]}
      />
      <Button type="dashed" block onClick={onMore}>
        查看更多
      </Button>
    </Spin>
  );
}

/**
 * The header bell: unread count, a 300 px popover with 通知 / 系统消息, the 通知消息 dialog (marks read),
 * and one notice socket that reloads the list and shows a notification when an announcement arrives.
 */
export function HeaderNotice({ userId, color }: { userId: string; color?: string }) {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const unread = useUnread();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [detail, setDetail] = useState<MyAnnouncement | null>(null);

  const openItem = (item: MyAnnouncement) => {
    setOpen(false);
    notification.destroy(`notice-${item.anntId}`);
    setDetail(item);
    // a copy that cannot be marked read stays in the bell, as it is
    markRead(item.anntId).then(unread.load, () => undefined);
  };
  useNoticeSocket(userId, unread, openItem);

  const toggle = (next: boolean) => {
    setOpen(next);
    if (next) {
      setLoading(true);
      setTimeout(() => setLoading(false), 200);
    }
  };

  const { data } = unread;
  const total = data.anntMsgTotal + data.sysMsgTotal;
  const content = (
    <NoticeContent
      data={data}
      loading={loading}
      onOpen={openItem}
      onMore={() => {
        setOpen(false);
        navigate('/isps/userAnnouncement');
      }}
    />
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={toggle}
        content={content}
        styles={{ root: { width: 300 } }}
        arrow={false}
      >
        <span
          role="button"
          tabIndex={0}
          aria-label="消息通知"
          data-testid="notice-bell"
          style={{ cursor: 'pointer', padding: '0 6px', display: 'inline-flex' }}
        >
          <Badge count={total} size="small" data-testid="notice-count">
            <BellOutlined style={{ fontSize: 16, color }} />
          </Badge>
        </span>
      </Popover>
      {detail && <AnnouncementDetailModal notice={detail} onClose={() => setDetail(null)} onGo={(path) => navigate(path)} />}
    </>
  );
}
