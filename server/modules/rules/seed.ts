import { sql } from 'kysely';
import type { Db } from '../../db/types';

const SEED_KEY = 'rules_fill_rules_v1';

const FILL_RULES = [
  {
    id: 'seed_fill_order_num',
    code: 'shop_order_num',
    name: '订单号',
    params: '{"prefix":"CN","dateFormat":"yyyyMMdd","seqLength":4,"reset":"day"}',
  },
  {
    id: 'seed_fill_cert_no',
    code: 'xypj_cert_no',
    name: '信用评价证书编号',
    params: '{"prefix":"XYPJ","dateFormat":"yyyy","seqLength":5,"reset":"year","separator":"-"}',
  },
  { id: 'seed_fill_org_code', code: 'org_num_role', name: '机构编码', params: '{"prefix":"A","seqLength":3,"reset":"never"}' },
] as const;

/** A few fill rules on a fresh database, once (sys_seed_applied), skipping codes that exist. */
export async function seedRules(db: Db): Promise<void> {
  const done = await db.selectFrom('sys_seed_applied').select('seed_key').where('seed_key', '=', SEED_KEY).executeTakeFirst();
  if (done) return;
  const now = new Date();
  await db.transaction().execute(async (tx) => {
    for (const r of FILL_RULES) {
      await sql`insert into sys_fill_rule (id, rule_name, rule_code, rule_params, create_by, create_time)
        select ${r.id}, ${r.name}, ${r.code}, ${r.params}, 'admin', ${now}
        where not exists (select 1 from sys_fill_rule where rule_code = ${r.code})`.execute(tx);
    }
    await tx.insertInto('sys_seed_applied').values({ seed_key: SEED_KEY, applied_time: now }).execute();
  });
}
