import { sql, type Kysely } from 'kysely';

/**
 * sys_fill_rule_seq: the last number a fill rule gave in one period (day 20261127, month 202611,
 * year 2026, or '-' for never reset). The next number is taken under this row's lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sys_fill_rule_seq (
    rule_code varchar(100) not null,
    period varchar(16) not null,
    seq bigint not null,
    update_time timestamptz not null,
    primary key (rule_code, period))`.execute(db);
}
