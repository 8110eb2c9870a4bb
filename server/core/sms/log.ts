import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { newId } from '../ids';
import type { SmsMessage } from './types';

export type SmsLogStatus = 'outbox' | 'sent' | 'failed';

/** Runs of 4 to 8 digits: the verification codes a text carries. */
const CODE = /\d{4,8}/g;

export function maskCodes(text: string): string {
  return text.replace(CODE, (d) => '*'.repeat(d.length));
}

/**
 * One row of sys_sms_outbox per message: the development outbox keeps the text as it is (that is where
 * its codes are read); a message a provider sent keeps only the masked text and the provider's answer.
 */
export async function logSms(
  db: Db,
  entry: { message: SmsMessage; provider: string; status: SmsLogStatus; result: string | null; keepContent: boolean },
): Promise<void> {
  const { message } = entry;
  await sql`insert into sys_sms_outbox (id, mobile, template_code, content, create_time, provider, status, result)
    values (${newId()}, ${message.mobile}, ${message.templateCode.slice(0, 64)}, ${entry.keepContent ? message.content : maskCodes(message.content)},
      ${new Date()}, ${entry.provider}, ${entry.status}, ${entry.result?.slice(0, 500) ?? null})`.execute(db);
}
