import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileUrlSigner } from '../../server/modules/files/signed-urls';
import { backends, startTestApp, type TestApp } from './support/app';
import { multipart, type FilePart } from './support/forms';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest-of-a-png')]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const TYPE_REFUSED = '不支持的文件类型，只允许上传pdf、jpg、jpeg、png、gif、bmp、doc、docx、xls、xlsx、txt、zip格式的文件';

describe.each(backends())('uploads and static files on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  let staff: string;
  let company: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'xypj-files-'));
    t = await startTestApp(backend, { dataDir });
    staff = await t.login('staff');
    company = await t.login('company');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (token: string | undefined, fields: Record<string, string>, files: FilePart[]) => {
    const { payload, headers } = multipart(fields, files);
    return t.request({ method: 'POST', url: '/api/sys/common/upload', payload, headers, token });
  };
  const download = (path: string, token?: string) => t.request({ method: 'GET', url: `/api/sys/common/static/${path}`, token });

  it('stores an upload in the database (readable from every instance), records it and answers the path', async () => {
    const res = await upload(staff, { biz: 'temp' }, [{ name: '营业执照 (副本).png', type: 'image/png', content: PNG }]);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/^temp\/\d{8}\/营业执照\(副本\)_\d{13}[0-9a-f]{20}\.png$/);
    expect(body.result).toBe(body.message);
    const row = await t.db.selectFrom('sys_upload_file').selectAll().where('file_path', '=', body.message).executeTakeFirstOrThrow();
    const stored = await t.db.selectFrom('sys_upload_content').select('content').where('file_id', '=', row.id).executeTakeFirstOrThrow();
    expect(Buffer.from(stored.content).equals(PNG)).toBe(true);
    expect(existsSync(join(dataDir, 'upload'))).toBe(false);
    expect(row).toMatchObject({ file_name: '营业执照 (副本).png', file_size: PNG.length, biz: 'temp', create_by: 'staff' });

    const info = await t.request({
      method: 'GET',
      url: `/api/sys/common/fileInfo?paths=${encodeURIComponent(body.message)},temp/x`,
      token: staff,
    });
    expect(info.json().result).toEqual([{ fileName: '营业执照 (副本).png', filePath: body.message, fileSize: PNG.length }]);
  });

  it('downloads a private image inline with nosniff for a signed-in user only', async () => {
    const path = (await upload(company, {}, [{ name: 'photo.png', type: 'image/png', content: PNG }])).json().message as string;
    expect(path.startsWith('temp/')).toBe(true);
    const res = await download(encodeURI(path), staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`inline; filename="photo.png"; filename*=UTF-8''photo.png`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    const anonymous = await download(encodeURI(path));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Token失效，请重新登录!');
  });

  it('gives short-lived signed addresses for places that cannot send the token header', async () => {
    const first = (await upload(company, {}, [{ name: 'licence.png', type: 'image/png', content: PNG }])).json().message as string;
    const second = (await upload(company, {}, [{ name: 'other.pdf', type: 'application/pdf', content: PDF }])).json().message as string;
    const res = await t.request({
      method: 'GET',
      url: `/api/sys/common/fileUrls?paths=${first},${second},temp/20240101/missing_1700000000000${'b'.repeat(20)}.png`,
      token: staff,
    });
    const urls = res.json().result as Array<{ filePath: string; url: string; expireTime: number }>;
    expect(urls.map((u) => u.filePath)).toEqual([first, second]);
    expect(urls[0].url).toMatch(new RegExp(`^/api/sys/common/static/${first}\\?exp=\\d{13}&sig=[A-Za-z0-9_-]{43}$`));
    const viaSignature = await t.request({ method: 'GET', url: urls[0].url });
    expect(viaSignature.statusCode).toBe(200);
    expect(viaSignature.rawPayload.equals(PNG)).toBe(true);
    expect(viaSignature.headers['cache-control']).toBe('private, no-store');
    const query = urls[0].url.split('?')[1];
    expect((await t.request({ method: 'GET', url: `/api/sys/common/static/${second}?${query}` })).statusCode).toBe(401);
    const tampered = urls[0].url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.request({ method: 'GET', url: tampered })).statusCode).toBe(401);
    const signer = await FileUrlSigner.create(t.db, t.config.tokenSecret);
    const old = signer.sign(first, Date.now() - 11 * 60 * 1000);
    expect(signer.verify(first, String(old.exp), old.sig)).toBe(false);
    expect((await t.request({ method: 'GET', url: `/api/sys/common/static/${first}?exp=${old.exp}&sig=${old.sig}` })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/sys/common/fileUrls?paths=' + first })).statusCode).toBe(401);
  });

  it('serves PDFs inline and other files as attachments with our own content type', async () => {
    const pdf = (await upload(staff, { biz: 'xypj' }, [{ name: 'report.pdf', type: 'application/pdf', content: PDF }])).json().message;
    const pdfRes = await download(pdf, staff);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.headers['content-disposition']).toMatch(/^inline;/);
    const txt = (
      await upload(staff, { biz: 'xypj' }, [{ name: '说明.txt', type: 'text/plain', content: Buffer.from('<script>alert(1)</script>') }])
    ).json().message;
    const txtRes = await download(encodeURI(txt), staff);
    expect(txtRes.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(txtRes.headers['content-disposition']).toBe(`attachment; filename="__.txt"; filename*=UTF-8''%E8%AF%B4%E6%98%8E.txt`);
    expect(txtRes.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves avatar and rich-text images without sign-in, but not other files of those folders', async () => {
    const avatar = (await upload(staff, { biz: 'user' }, [{ name: 'a.png', type: 'image/png', content: PNG }])).json().message;
    const res = await download(avatar);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const editorImage = (await upload(staff, { jeditor: '1' }, [{ name: 'e.png', type: 'image/png', content: PNG }])).json().message;
    expect(editorImage.startsWith('jeditor/')).toBe(true);
    expect((await download(editorImage)).statusCode).toBe(200);
    const pdf = (await upload(staff, { biz: 'news' }, [{ name: 'n.pdf', type: 'application/pdf', content: PDF }])).json().message;
    expect((await download(pdf)).statusCode).toBe(401);
    expect((await download(pdf, staff)).statusCode).toBe(200);
  });

  it('refuses types outside the allowlist, disguised content and mismatched declared types', async () => {
    const cases: FilePart[] = [
      { name: 'run.exe', type: 'application/octet-stream', content: Buffer.from('MZ') },
      { name: 'page.html', type: 'text/html', content: Buffer.from('<html></html>') },
      { name: 'logo.svg', type: 'image/svg+xml', content: Buffer.from('<svg onload="alert(1)"/>') },
      { name: 'x.jsp', type: 'text/plain', content: Buffer.from('<%@ page %>') },
      { name: 'fake.png', type: 'image/png', content: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'real.png', type: 'text/html', content: PNG },
      { name: 'noext', type: 'image/png', content: PNG },
    ];
    for (const file of cases) {
      const body = (await upload(staff, {}, [file])).json();
      expect(body, file.name).toMatchObject({ success: false, message: TYPE_REFUSED });
    }
    const count = await t.db
      .selectFrom('sys_upload_file')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'file_name',
        'in',
        cases.map((c) => c.name),
      )
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses folders outside the allowlist', async () => {
    for (const biz of ['../etc', '..\\..\\windows', '/tmp', 'temp/../../x', 'TEMP', 'foo', 'temp/sub', '%2e%2e']) {
      const body = (await upload(staff, { biz }, [{ name: 'a.png', type: 'image/png', content: PNG }])).json();
      expect(body, biz).toMatchObject({ success: false, message: '上传目录bizPath，格式非法！' });
    }
    expect(existsSync(join(dataDir, 'etc'))).toBe(false);
  });

  it('refuses uploads without sign-in, without a file, or over 10 MB', async () => {
    const anonymous = await upload(undefined, {}, [{ name: 'a.png', type: 'image/png', content: PNG }]);
    expect(anonymous.statusCode).toBe(401);
    expect((await upload(staff, {}, [{ name: 'a.png', type: 'image/png', content: PNG, field: 'other' }])).json().message).toBe(
      '请选择要上传的文件',
    );
    expect((await upload(staff, {}, [{ name: 'a.txt', type: 'text/plain', content: Buffer.alloc(0) }])).json().message).toBe(
      '上传文件不能为空',
    );
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = (await upload(staff, {}, [{ name: 'big.png', type: 'image/png', content: big }])).json();
    expect(tooBig).toMatchObject({ success: false, message: '文件大小超出10MB限制, 请压缩或降低文件质量! ' });
  });

  it('never lets a request path reach the file system', async () => {
    writeFileSync(join(dataDir, 'secret.txt'), 'top secret');
    mkdirSync(join(dataDir, 'upload', 'temp', '20240101'), { recursive: true });
    const planted = `planted_1700000000000${'a'.repeat(20)}.png`;
    writeFileSync(join(dataDir, 'upload', 'temp', '20240101', planted), PNG);
    const attempts = [
      '../secret.txt',
      '../../secret.txt',
      'temp/../../secret.txt',
      '..%2f..%2fsecret.txt',
      '%2e%2e/%2e%2e/secret.txt',
      'temp%2f20240101%2f' + planted,
      '..%5c..%5csecret.txt',
      '/etc/passwd',
      encodeURIComponent(join(dataDir, 'secret.txt')),
      'C:%5Cwindows%5Cwin.ini',
      `temp/20240101/${planted}`,
      'temp/20240101/secret.txt%00.png',
    ];
    for (const attempt of attempts) {
      const res = await t.request({ method: 'GET', url: `/api/sys/common/static/${attempt}`, token: staff });
      expect([400, 404], attempt).toContain(res.statusCode);
      expect(res.body, attempt).not.toContain('top secret');
      expect(res.rawPayload.includes(PNG), attempt).toBe(false);
    }
  });
});
