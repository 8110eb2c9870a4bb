import { sql, type Kysely } from 'kysely';

/**
 * Online reports: a chart per report (bar | line | pie, its category column and value columns), and
 * v_user_brief, the user columns a report may read (sys_user itself holds password hashes and salts,
 * which the report SQL guard never lets a report read). The seeded user picker reads the view.
 * A later migration that changes the type of one of these sys_user columns must drop and recreate the view.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table onl_cgreport_head add column chart_type varchar(10)`.execute(db);
  await sql`alter table onl_cgreport_head add column chart_x varchar(100)`.execute(db);
  await sql`alter table onl_cgreport_head add column chart_y varchar(500)`.execute(db);
  await sql`create view v_user_brief as
    select id, username, realname, sex, phone, email, org_code, post, status, del_flag, create_time from sys_user`.execute(db);
  await sql`update onl_cgreport_head set cgr_sql = replace(cgr_sql, 'from sys_user', 'from v_user_brief')
    where id = 'rpt_user' and cgr_sql like '%from sys_user %'`.execute(db);
}
