import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { importUpload, workbook } from './support/forms';

const ROWS = 5_000;

describe.each(backends())('an import is all or nothing on %s', (backend) => {
  let t: TestApp;
  let token = '';
  beforeAll(async () => {
    t = await startTestApp(backend);
    token = await t.login('admin');
    // the injected failure: the database refuses the row whose code is "boom", as a constraint would
    await sql`create function faults_refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.code like '%boom' then raise exception 'refused' using errcode = '23514'; end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger faults_refuse_boom before insert on sys_position for each row execute function faults_refuse_boom()`.execute(
      t.db,
    );
    await sql`create function faults_refuse_boom_depart() returns trigger language plpgsql as $$
      begin
        if new.depart_name like '%boom' then raise exception 'refused' using errcode = '23514'; end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger faults_refuse_boom_depart before insert on sys_depart for each row execute function faults_refuse_boom_depart()`.execute(
      t.db,
    );
  });
  afterAll(() => t?.close());

  const file = (prefix: string, last: string) =>
    workbook([
      ['职务编码', '职务名称', '职级'],
      ...Array.from({ length: ROWS }, (_, i) => [i === ROWS - 1 ? last : `${prefix}${i}`, `职务${i}`, '员级']),
    ]);
  const post = async (content: Buffer) =>
    (await t.request({ method: 'POST', url: '/api/sys/position/importExcel', token, ...importUpload('positions.xlsx', content) })).json();
  const count = async (prefix: string) =>
    Number((await sql<{ n: number }>`select count(*) as n from sys_position where code like ${`${prefix}%`}`.execute(t.db)).rows[0]!.n);
  const lastLog = async () =>
    (
      await sql<{
        log_content: string;
      }>`select log_content from sys_log where log_content like '职务导入%' order by create_time desc, id desc limit 1`.execute(t.db)
    ).rows[0]?.log_content;

  it(`saves none of ${ROWS} rows when the last one fails in the database, and logs the rollback`, async () => {
    const body = await post(await file('atomic', 'atomic-boom'));
    expect(body.success).toBe(false);
    expect(body.message).toBe('执行数据库异常,违反了完整性例如：违反惟一约束、违反非空限制、字段内容超出长度等');
    expect(await count('atomic')).toBe(0);
    expect(await lastLog()).toBe('职务导入失败：写入数据库时出错，已全部回滚，未导入任何数据');
  }, 120_000);

  it(`saves all ${ROWS} rows and their log entry together when none fails`, async () => {
    const body = await post(await file('whole', 'whole-last'));
    expect(body).toMatchObject({ success: true, message: `共${ROWS}行数据全部导入成功！` });
    expect(await count('whole')).toBe(ROWS);
    expect(await lastLog()).toBe(`职务导入：成功${ROWS}行，错误0行`);
  }, 120_000);

  it('saves none of a department file when its last row fails in the database, and logs the rollback', async () => {
    const content = await workbook([
      ['部门信息'],
      ['导出人:管理员'],
      ['部门名称', '上级部门编码', '机构编码', '机构类型', '排序'],
      ['原子部门甲', 'A01'],
      ['原子部门乙', 'A01'],
      ['原子部门boom', 'A01'],
    ]);
    const body = (
      await t.request({ method: 'POST', url: '/api/sys/sysDepart/importExcel', token, ...importUpload('depart.xlsx', content) })
    ).json();
    expect(body.success).toBe(false);
    const saved = await sql<{ n: number }>`select count(*) as n from sys_depart where depart_name like '原子部门%'`.execute(t.db);
    expect(Number(saved.rows[0]!.n)).toBe(0);
    const log = await sql<{
      log_content: string;
    }>`select log_content from sys_log where log_content like '部门导入%' order by create_time desc, id desc limit 1`.execute(t.db);
    expect(log.rows[0]?.log_content).toBe('部门导入失败：已全部回滚，未导入任何数据');
  });
});
