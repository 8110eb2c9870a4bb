import { sql } from 'kysely';
import type { Db } from '../../db/types';

/** Who a notice is for and which lists it concerns (component names of the menus, reloaded on arrival). */
export type NoticeAudience = 'company' | 'expert';

export interface NoticeEventDefinition {
  /** the 消息模板 code; its title (模板标题) and content render the bell message, e-mail and SMS */
  code: string;
  audience: NoticeAudience;
  name: string;
  content: string;
  /** page the bell message's 去处理 opens */
  openPage: string;
  reload: string[];
  test: Record<string, string>;
}

const COMPANY_LISTS = ['xypj/ApplicationList', 'xypj/EvaluationHistoryList', 'xypj/MyCertificateList'];
const EXPERT_LISTS = ['xypj/ScoreSheetList'];
const COMPANY = { companyName: '某某监理有限公司', batchName: '2026年度信用评价' };

export const NOTICE_EVENTS = {
  applicationReturned: {
    code: 'xypj_application_returned',
    audience: 'company',
    name: '信用评价申报已退回',
    openPage: '/xypj/application',
    reload: COMPANY_LISTS,
    content: '${companyName}：贵单位在${batchName}中的信用评价申报已被退回，退回原因：${reason}。请登录系统修改后重新提交。',
    test: { ...COMPANY, reason: '财务报表缺少盖章页' },
  },
  applicationAccepted: {
    code: 'xypj_application_accepted',
    audience: 'company',
    name: '信用评价申报已受理',
    openPage: '/xypj/application',
    reload: COMPANY_LISTS,
    content: '${companyName}：贵单位在${batchName}中的信用评价申报已通过形式审查并受理，将进入专家评审。',
    test: COMPANY,
  },
  expertAssigned: {
    code: 'xypj_expert_assigned',
    audience: 'expert',
    name: '新的评审任务',
    openPage: '/xypj/scoring',
    reload: EXPERT_LISTS,
    content: '${expertName}专家：${batchName}中${companyName}的信用评价申报已分配给您评审，请登录系统在「评审打分」中完成打分。',
    test: { ...COMPANY, expertName: '张三' },
  },
  sheetReturned: {
    code: 'xypj_sheet_returned',
    audience: 'expert',
    name: '评分表已退回',
    openPage: '/xypj/scoring',
    reload: EXPERT_LISTS,
    content: '${expertName}专家：您对${companyName}的评分表已被退回，退回原因：${reason}。请修改后重新提交。',
    test: { ...COMPANY, expertName: '张三', reason: '第3项得分与说明不符' },
  },
  publicityStarted: {
    code: 'xypj_publicity_started',
    audience: 'company',
    name: '信用评价结果公示',
    openPage: '/xypj/history',
    reload: COMPANY_LISTS,
    content: '${companyName}：${batchName}的评价结果开始公示，贵单位最终得分${finalScore}分，信用等级${grade}。如有异议请在公示期内提出。',
    test: { ...COMPANY, finalScore: '92.5', grade: 'AAA' },
  },
  resultPublished: {
    code: 'xypj_result_published',
    audience: 'company',
    name: '信用评价结果已发布',
    openPage: '/xypj/history',
    reload: COMPANY_LISTS,
    content: '${companyName}：${batchName}的评价结果已正式发布，贵单位信用等级为${grade}。',
    test: { ...COMPANY, grade: 'AAA' },
  },
  certificateIssued: {
    code: 'xypj_certificate_issued',
    audience: 'company',
    name: '信用等级证书已颁发',
    openPage: '/xypj/myCertificate',
    reload: COMPANY_LISTS,
    content: '${companyName}：贵单位的信用等级证书（编号${certNo}，等级${grade}）已颁发，有效期至${validUntil}，可在「我的证书」中下载。',
    test: { ...COMPANY, certNo: 'XYPJ-2026-00001', grade: 'AAA', validUntil: '2028-12-31' },
  },
  certificateRevoked: {
    code: 'xypj_certificate_revoked',
    audience: 'company',
    name: '信用等级证书已撤销',
    openPage: '/xypj/myCertificate',
    reload: COMPANY_LISTS,
    content: '${companyName}：贵单位的信用等级证书（编号${certNo}）已被撤销，撤销原因：${reason}。',
    test: { ...COMPANY, certNo: 'XYPJ-2026-00001', reason: '存在严重失信行为' },
  },
  objectionAnswered: {
    code: 'xypj_objection_answered',
    audience: 'company',
    name: '异议处理结果',
    openPage: '/xypj/history',
    reload: COMPANY_LISTS,
    content: '${companyName}：贵单位对${batchName}评价结果提出的异议已处理，处理意见：${answer}。',
    test: { ...COMPANY, answer: '经复核，维持原评价结果' },
  },
} as const satisfies Record<string, NoticeEventDefinition>;

export type NoticeEvent = keyof typeof NOTICE_EVENTS;

const SEED_KEY = 'xypj:notice-templates-1';

/**
 * The notice templates, once per database (sys_seed_applied), each only when its code is free. They are
 * seeded 应用 (in use); an administrator 停用s one to edit it, and a 停用 template sends no e-mail or SMS.
 */
export async function seedNoticeTemplates(db: Db): Promise<void> {
  const done = await db.selectFrom('sys_seed_applied').select('seed_key').where('seed_key', '=', SEED_KEY).executeTakeFirst();
  if (done) return;
  const now = new Date();
  await db.transaction().execute(async (tx) => {
    for (const e of Object.values(NOTICE_EVENTS)) {
      await sql`insert into sys_sms_template (id, template_code, template_name, template_type, template_content, template_test_json, use_status, create_by, create_time)
        select ${`seed_tpl_${e.code}`.slice(0, 32)}, ${e.code}, ${e.name}, '1', ${e.content}, ${JSON.stringify(e.test)}, '1', 'admin', ${now}
        where not exists (select 1 from sys_sms_template where template_code = ${e.code})`.execute(tx);
    }
    await tx.insertInto('sys_seed_applied').values({ seed_key: SEED_KEY, applied_time: now }).execute();
  });
}
