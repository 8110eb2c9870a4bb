import { request } from '../api/request';

/** One of the caller's announcements (the server's AnnouncementSendModel). */
export interface MyAnnouncement {
  id: string;
  anntId: string;
  titile: string;
  msgContent: string | null;
  msgAbstract: string | null;
  sender: string | null;
  priority: string;
  readFlag: string;
  sendTime: string | null;
  createTime: string | null;
  msgCategory: string;
  openType: string | null;
  openPage: string | null;
}

export interface UnreadNotices {
  anntMsgList: MyAnnouncement[];
  anntMsgTotal: number;
  sysMsgList: MyAnnouncement[];
  sysMsgTotal: number;
}

export const fetchUnread = () => request.get<UnreadNotices | null>('/sys/annountCement/listByUser', { pageSize: 5 });
export const markRead = (anntId: string) => request.put<unknown>('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId });
export const fetchSocketTicket = () => request.get<{ ticket: string } | null>('/sys/socket/ticket');

/** L/M/H → the bell's tag text and colour. */
export const PRIORITY_TAGS: Record<string, { text: string; color: string }> = {
  L: { text: '一般消息', color: 'blue' },
  M: { text: '重要消息', color: 'orange' },
  H: { text: '紧急消息', color: 'red' },
};
