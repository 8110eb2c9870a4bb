import type { Db } from '../db/types';
import { newId } from './ids';

export interface SmsMessage {
  mobile: string;
  /** e.g. "login", "register", "forgot" */
  templateCode: string;
  /** the full text; contains the code, so it is never logged */
  content: string;
}

/** Sends text messages. Implementations must not log the content. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** Default provider: stores messages in sys_sms_outbox, where administrators and tests read them. */
export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';

  constructor(private readonly db: Db) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db
      .insertInto('sys_sms_outbox')
      .values({
        id: newId(),
        mobile: message.mobile,
        template_code: message.templateCode,
        content: message.content,
        create_time: new Date(),
      })
      .execute();
  }
}

export function createSmsProvider(name: 'outbox', db: Db): SmsProvider {
  switch (name) {
    case 'outbox':
      return new OutboxSmsProvider(db);
  }
}
