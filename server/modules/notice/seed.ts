import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { SENT } from './announcements';

const SEED_KEY = 'sys:demo-announcements';

/** [title, category, priority, abstract, content, published] */
const ANNOUNCEMENTS: Array<[string, string, string, string, string, boolean]> = [
  [
    '关于年度信用评价申报工作的通知',
    '1',
    'H',
    '申报期内请各监理企业及时提交信用评价申报材料。',
    '<p>各有关单位：</p><p>年度工程监理企业信用评价工作已经开始，请在<strong>申报期</strong>内登录系统完成申报。</p>',
    true,
  ],
  [
    '系统维护公告',
    '2',
    'M',
    '本周六 22:00 至 24:00 系统维护，期间暂停服务。',
    '<p>为提升服务质量，系统将于本周六 22:00 至 24:00 进行维护，届时暂停访问，给您带来的不便敬请谅解。</p>',
    true,
  ],
  ['信用评价专家培训安排（草稿）', '1', 'L', '评审专家年度培训的时间与地点。', '<p>培训安排待定。</p>', false],
];

/** Two published announcements to all users and one draft, once, on a database without announcements. */
export async function seedAnnouncements(db: Db): Promise<void> {
  const done = await db.selectFrom('sys_seed_applied').select('seed_key').where('seed_key', '=', SEED_KEY).executeTakeFirst();
  if (done) return;
  const now = new Date();
  const end = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
  await db.transaction().execute(async (tx) => {
    const existing = await sql<{ n: number }>`select count(*)::int as n from sys_announcement`.execute(tx);
    if (!existing.rows[0]?.n) {
      for (const [i, [title, category, priority, abstract, content, published]] of ANNOUNCEMENTS.entries()) {
        await sql`insert into sys_announcement (id, titile, msg_category, priority, msg_abstract, msg_content, msg_type, start_time, end_time,
            send_status, sender, send_time, create_by, create_time)
          values (${`sys_annt_${i + 1}`}, ${title}, ${category}, ${priority}, ${abstract}, ${content}, 'ALL', ${now}, ${end},
            ${published ? SENT : '0'}, ${published ? '管理员' : null}, ${published ? now : null}, 'admin', ${now})`.execute(tx);
      }
    }
    await tx.insertInto('sys_seed_applied').values({ seed_key: SEED_KEY, applied_time: now }).execute();
  });
}
