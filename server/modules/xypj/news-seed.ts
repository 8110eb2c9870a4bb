import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { PUBLISHED } from './publishing-routes';

const SEED_KEY = 'xypj:demo-news';

const NEWS: Array<[string, string, string, string, string]> = [
  [
    '关于开展年度监理企业信用评价工作的通知',
    '1',
    PUBLISHED,
    '请各监理企业在申报期内完成单位信息维护和信用评价申报。',
    '<p>各有关单位：</p><p>为推进建筑市场信用体系建设，协会决定开展年度工程监理企业信用评价工作。请各企业在<strong>申报期</strong>内登录本系统，完善单位信息并提交申报材料。</p>',
  ],
  [
    '监理企业信用评价办法解读',
    '3',
    PUBLISHED,
    '评价指标、计分方法和等级划分的说明。',
    '<p>信用评价分为基本情况、工程业绩、企业管理、财务状况和社会信用五类，满分100分。</p><ul><li>90分以上为AAA级</li><li>80分以上为AA级</li><li>70分以上为A级</li><li>60分以上为B级</li></ul>',
  ],
  ['全省工程监理行业发展情况通报（草稿）', '2', '0', '', '<p>本文尚在编辑中。</p>'],
];

const FILES: Array<[string, string, string, string]> = [
  ['工程监理企业信用评价管理办法', '1', 'xypj/files/信用评价管理办法.pdf', '协会信用评价工作的依据'],
  ['信用评价申报表', '3', 'xypj/files/信用评价申报表.pdf', '申报时随材料一并上传'],
];

/** Two published news, one draft and two related files, once, on a database without news. */
export async function seedXypjNews(db: Db): Promise<void> {
  const done = await db.selectFrom('sys_seed_applied').select('seed_key').where('seed_key', '=', SEED_KEY).executeTakeFirst();
  if (done) return;
  const now = new Date();
  await db.transaction().execute(async (tx) => {
    const existing = await sql<{ n: number }>`select count(*)::int as n from xypj_news`.execute(tx);
    if (!existing.rows[0]?.n) {
      for (const [i, [title, category, state, summary, content]] of NEWS.entries()) {
        await sql`insert into xypj_news (id, title, category, state, summary, content, publish_time, create_by, create_time)
          values (${`xypj_news_${i + 1}`}, ${title}, ${category}, ${state}, ${summary}, ${content}, ${state === PUBLISHED ? now : null}, 'system', ${now})`.execute(
          tx,
        );
      }
      for (const [i, [title, category, files, description]] of FILES.entries()) {
        await sql`insert into xypj_related_file (id, title, category, files, description, state, publish_time, create_by, create_time)
          values (${`xypj_file_${i + 1}`}, ${title}, ${category}, ${files}, ${description}, ${PUBLISHED}, ${now}, 'system', ${now})`.execute(
          tx,
        );
      }
    }
    await tx.insertInto('sys_seed_applied').values({ seed_key: SEED_KEY, applied_time: now }).execute();
  });
}
