import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { PROJECT_ROOT } from '../../paths';
import { FILE_TYPES } from '../files/file-types';
import { saveUpload } from '../files/storage';

const SEED_KEY = 'xypj:demo-files';
const SYSTEM = { id: 'system', username: 'system' };

/** The demo PDFs (made by `tools/make-demo-files.ts`) and the seeded rows that name them. */
export const DEMO_FILES_DIR = join(PROJECT_ROOT, 'server/modules/xypj/demo-files');

export const DEMO_FILES = [
  {
    name: '申报材料.pdf',
    lines: ['一、单位基本情况', '二、注册监理工程师名单及证书', '三、近三年监理业绩证明', '四、获奖证书', '五、近两年财务报表'],
    update: (path: string) => sql`update xypj_application set materials = ${path} where materials like 'xypj/application/%'`,
  },
  {
    name: '专家证书.pdf',
    lines: ['职称证书 / 注册监理工程师证书', '姓名、证书编号、发证机关、有效期'],
    update: (path: string) => sql`update xypj_expert_material set file_url = ${path} where file_url like 'xypj/expert/%'`,
  },
  {
    name: '信用评价管理办法.pdf',
    lines: ['第一章 总则', '第二章 评价内容与标准', '第三章 评价程序', '第四章 结果公示与发布', '第五章 附则'],
    update: (path: string) => sql`update xypj_related_file set files = ${path} where files like 'xypj/files/%'`,
  },
] as const;

/**
 * Real files behind the demo data's materials (applications, expert certificates, related files), so the
 * PDF viewer and downloads show something on a fresh start. Once, stored in the database like any upload.
 */
export async function seedXypjDemoFiles(db: Db): Promise<void> {
  const done = await db.selectFrom('sys_seed_applied').select('seed_key').where('seed_key', '=', SEED_KEY).executeTakeFirst();
  if (done) return;
  for (const file of DEMO_FILES) {
    const pending = await sql<{ n: number }>`select (
        (select count(*) from xypj_application where materials like 'xypj/application/%') +
        (select count(*) from xypj_expert_material where file_url like 'xypj/expert/%') +
        (select count(*) from xypj_related_file where files like 'xypj/files/%'))::int as n`.execute(db);
    if (!pending.rows[0]?.n) break;
    const content = await readFile(join(DEMO_FILES_DIR, file.name));
    const path = await saveUpload(db, { biz: 'xypj', originalName: file.name, type: FILE_TYPES.pdf!, content, uploader: SYSTEM });
    await file.update(path).execute(db);
  }
  await db
    .insertInto('sys_seed_applied')
    .values({ seed_key: SEED_KEY, applied_time: new Date() })
    .onConflict((oc) => oc.column('seed_key').doNothing())
    .execute();
}
