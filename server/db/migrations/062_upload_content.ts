import { sql, type Kysely } from 'kysely';

/**
 * The bytes of uploaded files, in the database every instance shares (several instances behind one address read
 * the same files; DATA_DIR is each instance's own). Files stored on disk by earlier versions are still served.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sys_upload_content (
    file_id varchar(32) primary key references sys_upload_file (id) on delete cascade,
    content bytea not null)`.execute(db);
}
