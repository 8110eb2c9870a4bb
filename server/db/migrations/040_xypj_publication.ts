import { sql, type Kysely } from 'kysely';

/**
 * Bookkeeping of the credit evaluation's publication (the records themselves are entity tables):
 * - xypj_cert_counter: the last certificate sequence issued per evaluation year; publication locks the
 *   year's row (SELECT … FOR UPDATE) so numbers stay unique and gap-free when two batches publish at once.
 * - xypj_push_nonce: nonces of platform push sign-ins already used (single use across server instances).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table xypj_cert_counter (year integer primary key, last_no integer not null default 0)`.execute(db);
  await sql`create table xypj_push_nonce (nonce varchar(64) primary key, used_time timestamptz not null)`.execute(db);
  await sql`create index idx_xypj_push_nonce_time on xypj_push_nonce (used_time)`.execute(db);
}
