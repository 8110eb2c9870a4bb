import { sql, type Kysely } from 'kysely';

const AUDIT = `create_by varchar(100), create_time timestamptz, update_by varchar(100), update_time timestamptz`;

/** Seed check rules (JeecgBoot's `common`, plus a code rule of our own). */
const CHECK_RULES: Array<{ id: string; name: string; code: string; json: unknown; description: string }> = [
  {
    id: 'cr_common',
    name: '通用编码规则',
    code: 'common',
    json: [
      { digits: '1', pattern: '^[a-zA-Z]$', message: '第一位只能是字母' },
      { digits: '*', pattern: '^[0-9a-zA-Z_]*$', message: '只能填写数字、大小写字母、下划线' },
      { digits: '*', pattern: '^.{3,}$', message: '最少输入3位数' },
      { digits: '*', pattern: '^.{3,12}$', message: '最多输入12位数' },
    ],
    description: '首位字母，只含数字、字母、下划线，3到12位',
  },
  {
    id: 'cr_credit_code',
    name: '统一社会信用代码',
    code: 'credit_code',
    json: [
      { digits: '*', pattern: '^.{18}$', message: '统一社会信用代码应为18位' },
      { digits: '*', pattern: '^[0-9A-HJ-NPQRTUWXY]{18}$', message: '统一社会信用代码只能包含数字和大写字母（不含I、O、Z、S、V）' },
    ],
    description: '18位统一社会信用代码',
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table sys_entity_schema (
      table_name varchar(64) primary key,
      definition_hash varchar(64) not null,
      definition text not null,
      update_time timestamptz not null default now())`,
    `create table sys_entity_migration (
      id varchar(32) primary key,
      table_name varchar(64) not null,
      definition_hash varchar(64) not null,
      statements text not null,
      applied_time timestamptz not null default now())`,
    `create index idx_sys_entity_migration_table on sys_entity_migration (table_name, applied_time)`,
    `create table sys_check_rule (
      id varchar(32) primary key,
      rule_name varchar(100),
      rule_code varchar(100) not null,
      rule_json varchar(1024),
      rule_description varchar(200),
      ${AUDIT})`,
    `create unique index uniq_sys_check_rule_code on sys_check_rule (rule_code)`,
    `create table sys_import_error_report (
      id varchar(64) primary key,
      user_id varchar(32) not null,
      file_name varchar(200) not null,
      content text not null,
      create_time timestamptz not null default now())`,
    `create index idx_sys_import_error_report_time on sys_import_error_report (create_time)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  for (const rule of CHECK_RULES) {
    await sql`insert into sys_check_rule (id, rule_name, rule_code, rule_json, rule_description, create_by, create_time)
      values (${rule.id}, ${rule.name}, ${rule.code}, ${JSON.stringify(rule.json)}, ${rule.description}, 'system', now())`.execute(db);
  }
}
