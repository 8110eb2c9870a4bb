import { sql } from 'kysely';
import type { Db } from '../../db/types';

const SEED_KEY = 'records_message_templates_v1';

const TEMPLATES = [
  {
    id: 'seed_tpl_eval_result',
    code: 'eval_result_notice',
    name: '信用评价结果通知',
    type: '1',
    content: '${companyName}：贵单位${year}年度信用评价等级为${grade}，请登录系统查看详情。',
    test: '{"companyName":"某某监理有限公司","year":"2026","grade":"AAA"}',
  },
  {
    id: 'seed_tpl_material_mail',
    code: 'material_return_mail',
    name: '申报材料退回通知',
    type: '2',
    content: '<p>${companyName}：</p><p>贵单位提交的申报材料已被退回，原因：<b>${reason}</b>。</p><p>请在${deadline}前修改后重新提交。</p>',
    test: '{"companyName":"某某监理有限公司","reason":"财务报表缺少盖章页","deadline":"2026-12-31"}',
  },
] as const;

/** A couple of message templates on a fresh database, once (sys_seed_applied) and only while there are none. */
export async function seedMessageTemplates(db: Db): Promise<void> {
  const done = await db.selectFrom('sys_seed_applied').select('seed_key').where('seed_key', '=', SEED_KEY).executeTakeFirst();
  if (done) return;
  const now = new Date();
  await db.transaction().execute(async (tx) => {
    // the credit evaluation's notice templates (xypj_*) are seeded by their own module, in either order
    const any = await sql`select 1 as one from sys_sms_template where template_code not like 'xypj\_%' limit 1`.execute(tx);
    if (any.rows.length === 0) {
      for (const t of TEMPLATES) {
        await sql`insert into sys_sms_template (id, template_code, template_name, template_type, template_content, template_test_json, use_status, create_by, create_time)
          values (${t.id}, ${t.code}, ${t.name}, ${t.type}, ${t.content}, ${t.test}, '0', 'admin', ${now})`.execute(tx);
      }
    }
    await tx.insertInto('sys_seed_applied').values({ seed_key: SEED_KEY, applied_time: now }).execute();
  });
}
