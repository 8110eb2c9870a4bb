import { sql, type Kysely } from 'kysely';

/** Uploaded files: one row per stored file; static downloads resolve only through this table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sys_upload_file (
    id varchar(32) primary key,
    file_path varchar(300) not null,
    biz varchar(32) not null,
    day_folder varchar(8) not null,
    stored_name varchar(200) not null,
    file_name varchar(255) not null,
    file_size bigint not null,
    file_ext varchar(10) not null,
    content_type varchar(120) not null,
    uploader_id varchar(32) not null,
    create_by varchar(100),
    create_time timestamptz not null)`.execute(db);
  await sql`create unique index uniq_sys_upload_file_path on sys_upload_file (file_path)`.execute(db);
}
