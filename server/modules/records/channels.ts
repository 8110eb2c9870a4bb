import type { AppDeps } from '../../core/deps';

export type Channel = 'sms' | 'email' | 'system';
export const CHANNELS: readonly Channel[] = ['sms', 'email', 'system'];

export interface OutgoingMessage {
  channel: Channel;
  receiver: string;
  title: string;
  content: string;
  html: boolean;
}

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const MOBILE = /^1[3-9]\d{9}$/;
const SEND_TIMEOUT_MS = 15_000;

/** Checks the receiver for the channel; the answer is the plain reason, or null when it fits. */
export function receiverProblem(channel: Channel, receiver: string): string | null {
  if (channel === 'email' && !receiver.split(',').every((r) => EMAIL.test(r.trim()))) return '接收人不是有效的邮箱地址';
  if (channel === 'sms' && !MOBILE.test(receiver.trim())) return '接收人不是有效的手机号';
  if (channel === 'system' && receiver.trim() === '') return '请填写接收人';
  return null;
}

/**
 * Delivers one message. SMS goes through the configured SmsProvider, e-mail through SMTP_URL with
 * nodemailer, a system message is only stored (its row in sys_sms is the message). Throws with a
 * plain reason on failure.
 */
export async function deliver(deps: AppDeps, message: OutgoingMessage): Promise<void> {
  const problem = receiverProblem(message.channel, message.receiver);
  if (problem) throw new Error(problem);
  if (message.channel === 'system') {
    const user = await deps.db.selectFrom('sys_user').select('id').where('username', '=', message.receiver.trim()).executeTakeFirst();
    if (!user) throw new Error('接收用户不存在');
    return;
  }
  if (message.channel === 'sms') {
    await deps.sms.send({
      mobile: message.receiver.trim(),
      templateCode: 'message',
      content: message.content,
      params: { title: message.title },
    });
    return;
  }
  if (!deps.config.smtpUrl) throw new Error('未配置邮件服务器（SMTP_URL）');
  const { default: nodemailer } = await import('nodemailer'); // loaded on the first e-mail, not at start
  const transport = nodemailer.createTransport(deps.config.smtpUrl, {
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      from: deps.config.smtpFrom ?? 'noreply@localhost',
      to: message.receiver,
      subject: message.title,
      ...(message.html ? { html: message.content } : { text: message.content }),
    });
  } finally {
    transport.close();
  }
}

/** A failure's reason for esResult, without the SMTP credentials the address may carry. */
export function failureText(error: unknown, smtpUrl: string | undefined): string {
  let text = error instanceof Error ? error.message : String(error);
  if (smtpUrl) text = text.split(smtpUrl).join('SMTP_URL');
  text = text.replace(/\/\/[^/@\s]*@/g, '//***@');
  return text.slice(0, 500) || '发送失败';
}
