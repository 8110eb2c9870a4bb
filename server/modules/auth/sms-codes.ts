import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/types';
import { newId } from '../../core/ids';

export type SmsMode = '0' | '1' | '2';
/** SMS codes by their purpose, and 'R': the one-time ticket a verified forgot-password code is exchanged for. */
export type CodeMode = SmsMode | 'R';
export const SMS_CODE_TTL_MS = 10 * 60 * 1000;
export const SMS_RESEND_MS = 60 * 1000;
const MAX_ATTEMPTS = 5;

const TEMPLATE: Record<SmsMode, string> = { '0': 'login', '1': 'register', '2': 'forgot' };

const hashCode = (mobile: string, mode: string, code: string) => createHash('sha256').update(`${mobile}:${mode}:${code}`).digest('hex');

/** True when a code for this mobile and mode was issued less than SMS_RESEND_MS ago. */
export async function sentRecently(db: Db, mobile: string, mode: SmsMode, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom('sys_sms_code')
    .select('create_time')
    .where('mobile', '=', mobile)
    .where('mode', '=', mode)
    .orderBy('create_time', 'desc')
    .executeTakeFirst();
  return !!row && now - row.create_time.getTime() < SMS_RESEND_MS;
}

/** Replaces any earlier code for mobile+mode; returns the 6 digits and the SMS template name. */
export async function issueSmsCode(db: Db, mobile: string, mode: SmsMode): Promise<{ code: string; template: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  await db.deleteFrom('sys_sms_code').where('mobile', '=', mobile).where('mode', '=', mode).execute();
  await db
    .insertInto('sys_sms_code')
    .values({
      id: newId(),
      mobile,
      mode,
      code_hash: hashCode(mobile, mode, code),
      attempts: 0,
      expire_time: new Date(now.getTime() + SMS_CODE_TTL_MS),
      create_time: now,
    })
    .execute();
  return { code, template: TEMPLATE[mode] };
}

/** A 32-character ticket for mobile, valid like an SMS code (10 minutes, one use, five wrong tries). */
export async function issueResetTicket(db: Db, mobile: string): Promise<string> {
  const ticket = randomBytes(16).toString('hex');
  const now = new Date();
  await db.deleteFrom('sys_sms_code').where('mobile', '=', mobile).where('mode', '=', 'R').execute();
  await db
    .insertInto('sys_sms_code')
    .values({
      id: newId(),
      mobile,
      mode: 'R',
      code_hash: hashCode(mobile, 'R', ticket),
      attempts: 0,
      expire_time: new Date(now.getTime() + SMS_CODE_TTL_MS),
      create_time: now,
    })
    .execute();
  return ticket;
}

/** Checks and, when right, consumes the code. Five wrong tries void it. */
export async function verifySmsCode(db: Db, mobile: string, mode: CodeMode, given: string): Promise<boolean> {
  const row = await db
    .selectFrom('sys_sms_code')
    .select(['id', 'code_hash', 'attempts', 'expire_time'])
    .where('mobile', '=', mobile)
    .where('mode', '=', mode)
    .orderBy('create_time', 'desc')
    .executeTakeFirst();
  if (!row || row.expire_time.getTime() <= Date.now() || row.attempts >= MAX_ATTEMPTS) return false;
  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = Buffer.from(hashCode(mobile, mode, given.trim()), 'hex');
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
    await db.deleteFrom('sys_sms_code').where('id', '=', row.id).execute();
    return true;
  }
  await db
    .updateTable('sys_sms_code')
    .set({ attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .execute();
  return false;
}
