import { sql, type Kysely } from 'kysely';

/**
 * sys_sms_outbox becomes the log of every text message (短信记录): which channel took it (outbox, aliyun,
 * tencent), whether it went out, and the provider's answer or the reason it failed. Earlier rows were
 * development outbox messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sys_sms_outbox add column provider varchar(20) not null default 'outbox'`.execute(db);
  await sql`alter table sys_sms_outbox add column status varchar(10) not null default 'outbox'`.execute(db);
  await sql`alter table sys_sms_outbox add column result varchar(500)`.execute(db);
  await sql`create index idx_sys_sms_outbox_time on sys_sms_outbox (create_time)`.execute(db);
}
