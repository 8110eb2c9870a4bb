import { sql, type Kysely } from 'kysely';

/**
 * sys_data_log: one version per add or edit of an entity-engine record (the record as saved, as JSON).
 * Versions of one record count 1, 2, 3 …; the unique index keeps two writers from taking the same number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sys_data_log (
    id varchar(32) primary key,
    data_table varchar(64) not null,
    data_id varchar(64) not null,
    data_version integer not null,
    data_content text not null,
    create_by varchar(100),
    create_time timestamptz not null,
    update_by varchar(100),
    update_time timestamptz)`.execute(db);
  await sql`create unique index uniq_sys_data_log_version on sys_data_log (data_table, data_id, data_version)`.execute(db);
  await sql`create index idx_sys_data_log_time on sys_data_log (create_time)`.execute(db);
}
