import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { caller, type Caller } from './support/xypj';

describe.each(backends())('news and related files on %s', (backend) => {
  let t: TestApp;
  let staff: Caller;
  let company: Caller;
  let expert: Caller;

  beforeAll(async () => {
    t = await startTestApp(backend);
    staff = caller(t, await t.login('staff'));
    company = caller(t, await t.login('company'));
    expert = caller(t, await t.login('expert'));
  });
  afterAll(() => t?.close());

  const titles = (records: Array<{ title: string }>) => records.map((r) => r.title);

  it('staff see every news item; a company and an expert only the published ones', async () => {
    const all = (await staff.get('/xypj/news/list?pageSize=50')).result.records;
    expect(all.length).toBe(3);
    expect(all.map((n: { state: string }) => n.state).sort()).toEqual(['0', '1', '1']);
    for (const reader of [company, expert]) {
      const seen = (await reader.get('/xypj/news/list?pageSize=50')).result.records;
      expect(seen.length).toBe(2);
      expect(seen.every((n: { state: string }) => n.state === '1')).toBe(true);
    }
    expect(await company.get('/xypj/news/queryById?id=xypj_news_3')).toMatchObject({
      success: false,
      message: '只能查看已发布的新闻',
      result: null,
    });
    expect((await company.get('/xypj/relatedFile/list')).result.total).toBe(2);
  });

  it('stored HTML keeps the formatting and loses scripts, handlers and javascript: links', async () => {
    const content =
      '<p style="text-align:center">通知<strong>正文</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a>';
    const res = await staff.post('/xypj/news/add', { title: '安全测试新闻', category: '1', content, state: '1' });
    expect(res).toMatchObject({ success: true });
    const [row] = (await staff.get('/xypj/news/list?title=安全测试新闻')).result.records;
    expect(row.content).toContain('<p style="text-align:center">通知<strong>正文</strong></p>');
    expect(row.content).not.toMatch(/script|onerror|javascript:/);
    expect(row.state).toBe('0');
    const edited = await staff.put('/xypj/news/edit', {
      id: row.id,
      title: '安全测试新闻',
      category: '1',
      content: '<p onclick="x()">改</p><iframe src="https://evil"></iframe>',
    });
    expect(edited).toMatchObject({ success: true });
    const again = (await staff.get(`/xypj/news/queryById?id=${row.id}`)).result;
    expect(again.content).toBe('<p>改</p>');
  });

  it('发布 shows a news item to companies and 撤回 hides it again; each move only once', async () => {
    const [draft] = (await staff.get('/xypj/news/list?title=全省工程监理行业发展情况通报*')).result.records;
    expect(await staff.post('/xypj/news/unpublish', { id: draft.id })).toMatchObject({ success: false, message: '该新闻未发布，不能撤回' });
    expect(await staff.post('/xypj/news/publish', { id: draft.id })).toMatchObject({ success: true, message: '发布成功' });
    expect(await staff.post('/xypj/news/publish', { id: draft.id })).toMatchObject({ success: false, message: '该新闻已发布' });
    const published = (await company.get(`/xypj/news/queryById?id=${draft.id}`)).result;
    expect(published).toMatchObject({ title: draft.title, state: '1' });
    expect(published.publishTime).toBeTruthy();
    expect(await staff.post('/xypj/news/unpublish', { id: draft.id })).toMatchObject({ success: true, message: '已撤回' });
    expect(titles((await company.get('/xypj/news/list?pageSize=50')).result.records)).not.toContain(draft.title);
  });

  it('a company can neither write nor publish news or files', async () => {
    expect(await company.status('POST', '/xypj/news/add', { title: '企业新闻', category: '1', content: '<p>x</p>' })).toBe(403);
    expect(await company.status('POST', '/xypj/news/publish', { id: 'xypj_news_3' })).toBe(403);
    expect(await expert.status('POST', '/xypj/relatedFile/publish', { id: 'xypj_file_1' })).toBe(403);
    expect(await company.status('POST', '/xypj/relatedFile/unpublish', { id: 'xypj_file_1' })).toBe(403);
  });

  it('related files publish and unpublish like news', async () => {
    expect(await staff.post('/xypj/relatedFile/unpublish', { id: 'xypj_file_2' })).toMatchObject({ success: true, message: '已撤回' });
    expect(titles((await expert.get('/xypj/relatedFile/list')).result.records)).toEqual(['工程监理企业信用评价管理办法']);
    expect(await expert.get('/xypj/relatedFile/queryById?id=xypj_file_2')).toMatchObject({
      success: false,
      message: '只能查看已发布的文件',
    });
  });

  it('the public pages read the published news and files without a token, and nothing else', async () => {
    const anonymous = caller(t);
    const news = (await anonymous.get('/xypj/public/news')).result as Array<Record<string, unknown>>;
    expect(news.map((n) => n.title)).toEqual(
      expect.arrayContaining(['关于开展年度监理企业信用评价工作的通知', '监理企业信用评价办法解读']),
    );
    expect(news.map((n) => n.title)).not.toContain('全省工程监理行业发展情况通报（草稿）');
    expect(Object.keys(news[0]!).sort()).toEqual(['category', 'categoryText', 'id', 'publishTime', 'summary', 'title']);
    expect(news.find((n) => n.title === '监理企业信用评价办法解读')?.categoryText).toBe('政策解读');
    const item = (await anonymous.get('/xypj/public/news/xypj_news_2')).result;
    expect(item.content).toContain('<li>90分以上为AAA级</li>');
    expect(await anonymous.get('/xypj/public/news/xypj_news_3')).toMatchObject({ success: false, message: '未找到该新闻' });
    const files = (await anonymous.get('/xypj/public/files')).result as Array<{ title: string; files: unknown[] }>;
    expect(files.map((f) => f.title)).toContain('工程监理企业信用评价管理办法');
    expect(await anonymous.status('GET', '/xypj/news/list')).toBe(401);
  });
});
