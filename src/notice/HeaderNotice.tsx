import { useCallback, useEffect, useRef, useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { App, Badge, Button, List, Popover, Spin, Tabs, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { API_BASE } from '../config';
import { getAction } from '../api/http';
import { AnnouncementDetailModal } from './AnnouncementDetailModal';
import { fetchSocketTicket, fetchUnread, markRead, PRIORITY_TAGS, type MyAnnouncement, type UnreadNotices } from './noticeApi';
import { NoticeSocket, noticeSocketUrl } from './noticeSocket';
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

/**
 * The header bell: unread count, a 300 px popover with 通知 / 系统消息, the 通知消息 dialog (marks read),
 * and one notice socket that reloads the list and shows a notification when an announcement arrives.
 */
export function HeaderNotice({ userId, color }: { userId: string; color?: string }) {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [data, setData] = useState<UnreadNotices>(EMPTY);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [detail, setDetail] = useState<MyAnnouncement | null>(null);
  const stopped = useRef(false);

  const load = useCallback(async (): Promise<UnreadNotices | null> => {
    if (stopped.current) return null;
    try {
      const res = await fetchUnread();
      if (!res.success || !res.result) {
        stopped.current = true;
        return null;
      }
      setData(res.result);
      return res.result;
    } catch {
      stopped.current = true;
      return null;
    }
  }, []);

  useEffect(() => {
    stopped.current = false;
    void load();
    const socket = new NoticeSocket({
      url: async () => {
        const res = await fetchSocketTicket();
        if (!res.success || !res.result) throw new Error(res.message);
        return noticeSocketUrl(API_BASE, userId, res.result.ticket, window.location);
      },
      onMessage: (frame) => {
        if (frame.cmd !== 'topic' && frame.cmd !== 'user') return;
        if (Array.isArray(frame.reload)) signalListReload(frame.reload.filter((k): k is string => typeof k === 'string'));
        stopped.current = false;
        void load().then((fresh) => {
          const arrived = fresh && frame.msgId && [...fresh.anntMsgList, ...fresh.sysMsgList].find((m) => m.anntId === frame.msgId);
          if (arrived && frame.msgTxt) {
            notification.info({
              key: `notice-${frame.msgId}`,
              message: '消息提醒',
              description: frame.msgTxt,
              placement: 'bottomRight',
              btn: (
                <Button
                  type="primary"
                  size="small"
                  onClick={() => {
                    notification.destroy(`notice-${frame.msgId}`);
                    void openItem(arrived);
                  }}
                >
                  查看详情
                </Button>
              ),
            });
          }
        });
      },
      // The session was forced out: any call now answers 401, which signs out to the login page.
      onRevoked: () => void getAction('/sys/annountCement/listByUser').catch(() => undefined),
    });
    socket.start();
    return () => socket.stop();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one socket per signed-in user, not a new one on every render
  }, [userId]);

  const openItem = async (item: MyAnnouncement) => {
    setOpen(false);
    notification.destroy(`notice-${item.anntId}`);
    setDetail(item);
    const res = await markRead(item.anntId);
    if (res.success) await load();
  };

  const toggle = (next: boolean) => {
    setOpen(next);
    if (next) {
      setLoading(true);
      setTimeout(() => setLoading(false), 200);
    }
  };

  const total = data.anntMsgTotal + data.sysMsgTotal;
  const content = (
    <Spin spinning={loading}>
      <Tabs
        centered
        items={[
          {
            key: 'annt',
            label: `通知(${data.anntMsgTotal})`,
            children: <NoticeItems items={data.anntMsgList} onOpen={(i) => void openItem(i)} />,
          },
          {
            key: 'sys',
            label: `系统消息(${data.sysMsgTotal})`,
            children: <NoticeItems items={data.sysMsgList} onOpen={(i) => void openItem(i)} />,
          },
        ]}
      />
      <Button
        type="dashed"
        block
        onClick={() => {
          setOpen(false);
          navigate('/isps/userAnnouncement');
        }}
      >
        查看更多
      </Button>
    </Spin>
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
