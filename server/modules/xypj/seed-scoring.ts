import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { unitSnapshot } from './application-routes';
import { assignExperts } from './assignment';
import { officeToday } from './caller';
import { reviewApplication } from './results';
import { seedId } from './seed';
import { DEMO_EXPERT_ACCOUNTS } from './demo-accounts';

const SEED_KEY = 'xypj:demo-data-2';
const DEMO_EXPERT_USER = 'u_demo_expert';
/** The demo experts' department (专家委员会): every demo reviewer belongs to it, so none is told 未归属部门 at sign-in. */
const EXPERT_DEPART = { id: 'd_a01a02', orgCode: 'A01A02' };

/** Which seeded experts score which of this year's applications, and how far they got. */
const PLAN: Array<{ app: number; experts: number[]; stage: 'assigned' | 'partly' | 'scored' | 'reviewed' }> = [
  { app: 13, experts: [1, 2, 3], stage: 'assigned' },
  { app: 14, experts: [1, 4, 5], stage: 'partly' },
  { app: 17, experts: [2, 6, 7], stage: 'scored' },
  { app: 18, experts: [3, 4, 8], stage: 'scored' },
  { app: 19, experts: [5, 6, 7], stage: 'reviewed' },
  { app: 20, experts: [2, 3, 8], stage: 'reviewed' },
];

/** A plausible score of one item: 70–99 % of its maximum, one decimal. */
const demoScore = (max: number, app: number, expert: number, i: number) =>
  Math.round(max * (0.7 + ((app * 7 + expert * 5 + i * 3) % 30) / 100) * 10) / 10;

async function expertAccounts(db: Db, now: Date): Promise<void> {
  const demo = await db.selectFrom('sys_user').select(['password']).where('id', '=', DEMO_EXPERT_USER).executeTakeFirst();
  const role = await db.selectFrom('sys_role').select('id').where('role_code', '=', 'xypj_expert').executeTakeFirst();
  if (!demo || !role) return;
  for (const a of DEMO_EXPERT_ACCOUNTS) {
    const taken = await db
      .selectFrom('sys_user')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', a.userId), eb('username', '=', a.username)]))
      .executeTakeFirst();
    if (taken) continue;
    const expert = await sql<{
      name: string;
      mobile: string;
      user_id: string | null;
    }>`select name, mobile, user_id from xypj_expert where id = ${seedId('expert', a.n)}`.execute(db);
    const row = expert.rows[0];
    if (!row || row.user_id) continue;
    await db
      .insertInto('sys_user')
      .values({
        id: a.userId,
        username: a.username,
        realname: row.name,
        password: demo.password,
        salt: null,
        avatar: null,
        birthday: null,
        sex: null,
        email: `${a.username}@example.com`,
        phone: row.mobile,
        org_code: EXPERT_DEPART.orgCode,
        status: 1,
        del_flag: 0,
        third_id: null,
        third_type: null,
        activiti_sync: 0,
        work_no: null,
        post: null,
        telephone: null,
        user_identity: 1,
        depart_ids: null,
        rel_tenant_ids: '',
        client_id: null,
        create_by: 'system',
        create_time: now,
        update_by: null,
        update_time: null,
      })
      .execute();
    await db
      .insertInto('sys_user_role')
      .values({ id: `ur_${a.userId}`, user_id: a.userId, role_id: role.id })
      .execute();
    await db
      .insertInto('sys_user_depart')
      .values({ id: `ud_${a.username}_${EXPERT_DEPART.id}`, user_id: a.userId, dep_id: EXPERT_DEPART.id })
      .execute();
    await sql`update xypj_expert set user_id = ${a.userId}, username = ${a.username} where id = ${seedId('expert', a.n)}`.execute(db);
  }
}

/** Databases seeded before the demo reviewers had a department get it (once each; a department the office gave them stays). */
export async function placeDemoReviewersInDepartment(db: Db): Promise<void> {
  const depart = await db.selectFrom('sys_depart').select('id').where('id', '=', EXPERT_DEPART.id).executeTakeFirst();
  if (!depart) return;
  for (const a of DEMO_EXPERT_ACCOUNTS) {
    const user = await db.selectFrom('sys_user').select('id').where('id', '=', a.userId).executeTakeFirst();
    const placed = await db.selectFrom('sys_user_depart').select('id').where('user_id', '=', a.userId).executeTakeFirst();
    if (!user || placed) continue;
    await db
      .insertInto('sys_user_depart')
      .values({ id: `ud_${a.username}_${EXPERT_DEPART.id}`, user_id: a.userId, dep_id: EXPERT_DEPART.id })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await db
      .updateTable('sys_user')
      .set({ org_code: EXPERT_DEPART.orgCode })
      .where('id', '=', a.userId)
      .where('org_code', 'is', null)
      .execute();
  }
}

/**
 * Scoring demo data, once (sys_seed_applied `xypj:demo-data-2`) on a database with the first demo
 * data and no score sheets: login accounts reviewer2 / reviewer3 for experts 2 and 3, and this year's
 * applications 13–20: two assigned (sheets draft, one partly filled), two accepted (left for
 * 一键分配), two scored (all sheets submitted) and two reviewed (results computed by the review).
 * The six applications given experts get a full snapshot (company and sub-lists).
 */
export async function seedXypjScoringData(db: Db, today = officeToday()): Promise<boolean> {
  const done = await db.selectFrom('sys_seed_applied').select('seed_key').where('seed_key', '=', SEED_KEY).executeTakeFirst();
  if (done) return false;
  const year = Number(today.slice(0, 4));
  const batch = await sql`select 1 as one from xypj_batch where id = ${seedId('batch', year)}`.execute(db);
  const sheets = await sql`select 1 as one from xypj_score_sheet limit 1`.execute(db);
  if (!batch.rows.length || sheets.rows.length) return false;
  const now = new Date();
  await db.transaction().execute(async (tx) => {
    await expertAccounts(tx, now);
    await tx.insertInto('sys_seed_applied').values({ seed_key: SEED_KEY, applied_time: now }).execute();
    const apps = await sql<{
      id: string;
    }>`select id from xypj_application where id in (${sql.join(PLAN.map((p) => seedId(`app_${year}`, p.app)))}) and state = 'accepted'`.execute(
      tx,
    );
    if (apps.rows.length !== PLAN.length) return;
    // one bad-behaviour record of the evaluation year, so a reviewed result shows a deduction
    await sql`insert into xypj_bad_record (id, company_id, description, record_date, authority, penalty, deduction, create_by, create_time)
      values (${seedId('bad_y', 19)}, ${seedId('company', 19)}, '监理日志记录不完整', ${`${year}-01-15`}, '省住房和城乡建设厅', '责令改正', 3, 'system', ${now})`.execute(
      tx,
    );
    for (const p of PLAN) {
      const appId = seedId(`app_${year}`, p.app);
      // the first demo data keeps only the company row as the snapshot; the experts read the sub-lists too
      await sql`update xypj_application set snapshot = ${await unitSnapshot(tx, seedId('company', p.app))} where id = ${appId}`.execute(tx);
      await assignExperts(
        tx,
        appId,
        p.experts.map((n) => seedId('expert', n)),
        'system',
        now,
      );
      if (p.stage === 'assigned') continue;
      const rows = await sql<{
        id: string;
        sheetId: string;
        maxScore: string | number;
        expertId: string;
        orderNum: number;
      }>`select i.id, i.sheet_id as "sheetId",
        i.max_score as "maxScore", s.expert_id as "expertId", i.order_num as "orderNum" from xypj_score_item i join xypj_score_sheet s on s.id = i.sheet_id
        where s.application_id = ${appId}`.execute(tx);
      const firstSheet = rows.rows.map((r) => r.sheetId).sort()[0];
      for (const r of rows.rows) {
        if (p.stage === 'partly' && (r.sheetId !== firstSheet || r.orderNum > 4)) continue;
        const expert = Number(r.expertId.slice(-3));
        await sql`update xypj_score_item set score = ${demoScore(Number(r.maxScore), p.app, expert, r.orderNum)} where id = ${r.id}`.execute(
          tx,
        );
      }
      await sql`update xypj_score_sheet s set total = (select sum(score) from xypj_score_item i where i.sheet_id = s.id) where s.application_id = ${appId}`.execute(
        tx,
      );
      if (p.stage === 'partly') continue;
      await sql`update xypj_score_sheet set state = 'submitted', submit_time = ${now} where application_id = ${appId}`.execute(tx);
      await sql`update xypj_application set state = 'scored' where id = ${appId}`.execute(tx);
      if (p.stage === 'reviewed') await reviewApplication(tx, appId, 'system', now);
    }
  });
  return true;
}
