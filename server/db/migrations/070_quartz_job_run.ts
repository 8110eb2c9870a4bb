import { sql, type Kysely } from 'kysely';

/**
 * sys_quartz_job: created here with its id and the contract's del_flag only (never shown, exported or imported);
 * the entity engine adds the columns of schemas/entities/sys_quartz_job.json at start.
 *
 * sys_quartz_job_run: one row per run of a scheduled job.
 * The unique (job_id, fire_time) is the one-run guarantee: every instance sharing the database tries to
 * insert the row of a fire time, and only the one whose insert succeeds runs the job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists sys_quartz_job (id varchar(32) primary key, del_flag integer not null default 0)`.execute(db);
  await sql`alter table sys_quartz_job add column if not exists del_flag integer not null default 0`.execute(db);
  await sql`create table sys_quartz_job_run (
    id varchar(32) primary key,
    job_id varchar(32) not null,
    job_class_name varchar(255) not null,
    fire_time timestamptz not null,
    trigger_type varchar(10) not null,
    start_time timestamptz not null,
    end_time timestamptz,
    result varchar(10) not null,
    output varchar(500),
    error_text text,
    instance_id varchar(64) not null)`.execute(db);
  await sql`create unique index uniq_sys_quartz_job_run_fire on sys_quartz_job_run (job_id, fire_time)`.execute(db);
  await sql`create index idx_sys_quartz_job_run_start on sys_quartz_job_run (start_time)`.execute(db);
}
