import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { FILE_TYPES } from '../files/file-types';
import { saveUpload } from '../files/storage';
import { DEMO_FILES_DIR } from './seed-files';

const SEED_KEY = 'xypj:demo-evidence';
const SYSTEM = { id: 'system', username: 'system' };

/** What the demo data names before the files are stored; replaced by the stored paths once. */
export const EVIDENCE_PLACEHOLDER = {
  licence: 'xypj/evidence/licence.pdf',
  engineer: 'xypj/evidence/engineer.pdf',
  project: 'xypj/evidence/project.pdf',
  award: 'xypj/evidence/award.pdf',
} as const;

/** The demo evidence PDFs (made by `tools/make-demo-files.ts`) and the column each one fills. */
export const EVIDENCE_DEMO_FILES = [
  {
    name: '营业执照.pdf',
    lines: ['名称：（演示企业）', '类型：有限责任公司', '经营范围：工程监理、项目管理'],
    table: 'xypj_company',
    column: 'license_file',
    placeholder: EVIDENCE_PLACEHOLDER.licence,
  },
  {
    name: '注册监理工程师证书.pdf',
    lines: ['姓名、注册号、注册专业', '聘用企业、有效期'],
    table: 'xypj_engineer',
    column: 'cert_file',
    placeholder: EVIDENCE_PLACEHOLDER.engineer,
  },
  {
    name: '监理业绩证明.pdf',
    lines: ['项目名称、建设单位', '监理合同、竣工验收证明'],
    table: 'xypj_project',
    column: 'proof_file',
    placeholder: EVIDENCE_PLACEHOLDER.project,
  },
  {
    name: '获奖证书.pdf',
    lines: ['奖项名称、获奖项目', '颁发单位、颁发日期'],
    table: 'xypj_award',
    column: 'file',
    placeholder: EVIDENCE_PLACEHOLDER.award,
  },
] as const;

/**
 * Real files behind the demo companies' evidence (business licence, engineer certificates, project proof,
 * award documents), in the rows and in the application snapshots that copied them. Once, stored like any upload.
 */
export async function seedXypjDemoEvidence(db: Db): Promise<void> {
  const done = await db.selectFrom('sys_seed_applied').select('seed_key').where('seed_key', '=', SEED_KEY).executeTakeFirst();
  if (done) return;
  for (const file of EVIDENCE_DEMO_FILES) {
    const used = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(file.table)} where ${sql.ref(file.column)} = ${file.placeholder}`.execute(db);
    if (!used.rows[0]?.n) continue;
    const content = await readFile(join(DEMO_FILES_DIR, file.name));
    const path = await saveUpload(db, { biz: 'xypj', originalName: file.name, type: FILE_TYPES.pdf!, content, uploader: SYSTEM });
    await sql`update ${sql.table(file.table)} set ${sql.ref(file.column)} = ${path} where ${sql.ref(file.column)} = ${file.placeholder}`.execute(
      db,
    );
    await sql`update xypj_application set snapshot = replace(snapshot, ${file.placeholder}, ${path}) where snapshot like ${`%${file.placeholder}%`}`.execute(
      db,
    );
  }
  await db
    .insertInto('sys_seed_applied')
    .values({ seed_key: SEED_KEY, applied_time: new Date() })
    .onConflict((oc) => oc.column('seed_key').doNothing())
    .execute();
}
