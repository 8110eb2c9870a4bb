import type { Db } from '../../db/types';
import { AliyunSmsProvider } from './aliyun';
import { OutboxSmsProvider } from './outbox';
import { TencentSmsProvider } from './tencent';
import type { SmsProvider, SmsSettings } from './types';

export { OutboxSmsProvider } from './outbox';
export { maskCodes } from './log';
export type { SmsMessage, SmsProvider, SmsProviderName, SmsSettings } from './types';
export { SmsSendError } from './types';

/** The provider SMS_PROVIDER names; every one records what it sent in sys_sms_outbox (短信记录). */
export function createSmsProvider(settings: SmsSettings, db: Db): SmsProvider {
  switch (settings.provider) {
    case 'aliyun':
      return new AliyunSmsProvider(db, settings);
    case 'tencent':
      return new TencentSmsProvider(db, settings);
    case 'outbox':
      return new OutboxSmsProvider(db);
  }
}
