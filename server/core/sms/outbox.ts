import type { Db } from '../../db/types';
import { logSms } from './log';
import type { SmsMessage, SmsProvider } from './types';

/**
 * Development channel without a provider: the message is only stored in sys_sms_outbox, where an
 * administrator reads it in 系统管理 → 消息中心 → 短信记录 (and tests read it).
 */
export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';
  readonly sendsNotices = true;

  constructor(private readonly db: Db) {}

  async send(message: SmsMessage): Promise<void> {
    await logSms(this.db, { message, provider: this.name, status: 'outbox', result: null, keepContent: true });
  }
}
