import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/types';

export const CAPTCHA_TTL_MS = 60_000;
const CAPTCHA_CHARS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';

export type CaptchaCheck = 'ok' | 'invalid' | 'wrong';

function randomAnswer(): string {
  let out = '';
  for (let i = 0; i < 4; i++) out += CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)];
  return out;
}

type CaptchaOptions = NonNullable<Parameters<typeof import('svg-captcha').create>[0]>;
type RenderText = (text: string, options?: CaptchaOptions) => string;

/** svg-captcha's module export is itself the text→SVG function; its typings omit that. */
async function loadRenderer(): Promise<RenderText> {
  const mod = (await import('svg-captcha')) as unknown as { default: RenderText };
  return mod.default;
}

/** A new captcha for the check key (replacing any earlier one) as an SVG data URL. */
export async function createCaptcha(db: Db, checkKey: string): Promise<string> {
  const answer = randomAnswer();
  const svg = (await loadRenderer())(answer, { width: 105, height: 35, fontSize: 40, noise: 2, color: true, background: '#f0f2f5' });
  const expire = new Date(Date.now() + CAPTCHA_TTL_MS);
  await db
    .deleteFrom('sys_captcha')
    .where('expire_time', '<', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('sys_captcha')
    .values({ check_key: checkKey, answer: answer.toLowerCase(), expire_time: expire })
    .onConflict((oc) => oc.column('check_key').doUpdateSet({ answer: answer.toLowerCase(), expire_time: expire }))
    .execute();
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Single use: the captcha is removed by any attempt, right or wrong. */
export async function consumeCaptcha(db: Db, checkKey: string, given: string): Promise<CaptchaCheck> {
  const row = await db.deleteFrom('sys_captcha').where('check_key', '=', checkKey).returning(['answer', 'expire_time']).executeTakeFirst();
  if (!row || row.expire_time.getTime() <= Date.now()) return 'invalid';
  return row.answer === given.trim().toLowerCase() ? 'ok' : 'wrong';
}
