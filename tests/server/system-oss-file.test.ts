import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { multipart } from './support/forms';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest-of-a-png')]);

interface FileRow {
  id: string;
  fileName: string;
  url: string;
  fileExt: string;
  fileSize: number;
  createBy: string;
  createTime: string;
  usedIn: string | null;
}

describe.each(backends())('文件管理 /sys/oss/file on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const upload = async (name: string): Promise<string> => {
    const { payload, headers } = multipart({ biz: 'oss' }, [{ name, type: 'image/png', content: PNG }]);
    const res = (await t.request({ method: 'POST', url: '/api/sys/common/upload', payload, headers, token: admin })).json();
    expect(res).toMatchObject({ success: true });
    return String(res.message);
  };
  const list = async (query = ''): Promise<FileRow[]> =>
    (await t.request({ method: 'GET', url: `/api/sys/oss/file/list?pageSize=50${query}`, token: admin })).json().result.records;
  const remove = (id: string, confirmedUsage?: string) =>
    t.request({
      method: 'DELETE',
      url: `/api/sys/oss/file/delete?id=${id}${confirmedUsage ? `&confirmedUsage=${encodeURIComponent(confirmedUsage)}` : ''}`,
      token: admin,
    });

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('lists stored files with name, type, size, uploader and time; queries by name', async () => {
    const path = await upload('公章扫描.png');
    await upload('other.png');
    const rows = await list();
    const row = rows.find((r) => r.url === path);
    expect(row).toMatchObject({ fileName: '公章扫描.png', fileExt: 'png', fileSize: PNG.length, createBy: 'admin', usedIn: null });
    expect(row?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await list(`&fileName=${encodeURIComponent('公章')}`)).map((r) => r.url)).toEqual([path]);
    // paths held by entity records (the demo applications' materials) are found in any string column
    const material = rows.find((r) => r.fileName === '申报材料.pdf');
    expect(material?.usedIn).toMatch(/^申报·申报材料\(\d+条\)$/);
  });

  it('a referenced file is deleted only after the caller confirmed where it is used', async () => {
    const path = await upload('头像.png');
    await sql`update sys_user set avatar = ${path} where username = 'staff'`.execute(t.db);
    const row = (await list()).find((r) => r.url === path)!;
    expect(row.usedIn).toBe('用户·头像(1条)');
    const refused = (await remove(row.id)).json();
    expect(refused).toMatchObject({ success: false, message: '文件「头像.png」仍被 用户·头像(1条) 引用，请确认后再删除' });
    expect((await remove(row.id, '别处(1条)')).json()).toMatchObject({ success: false });
    expect((await remove(row.id, row.usedIn!)).json()).toMatchObject({ success: true });
    expect((await list()).some((r) => r.url === path)).toBe(false);
    expect(existsSync(join(t.config.dataDir, 'upload', ...path.split('/')))).toBe(false);
  });

  it('an unreferenced file is deleted at once; unknown ids and callers without the code are refused', async () => {
    const path = await upload('temp.png');
    const row = (await list()).find((r) => r.url === path)!;
    expect((await remove(row.id)).json()).toMatchObject({ success: true });
    expect((await remove(row.id)).json()).toMatchObject({ success: false, message: '未找到对应文件' });
    const staff = await t.login('staff');
    expect((await t.request({ method: 'GET', url: '/api/sys/oss/file/list', token: staff })).json()).toMatchObject({ success: false });
  });
});
