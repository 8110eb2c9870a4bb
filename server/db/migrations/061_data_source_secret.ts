import { sql, type Kysely } from 'kysely';

/** sys_data_source_secret: a data source's password, AES-256-GCM encrypted; kept apart so no list or export can carry it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sys_data_source_secret (
    source_id varchar(32) primary key,
    password_enc text not null,
    update_time timestamptz not null)`.execute(db);
}
