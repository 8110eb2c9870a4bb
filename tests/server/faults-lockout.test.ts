import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, seededPassword, startTestApp, type TestApp } from './support/app';

const LOCKED = '登录失败次数过多，账号已锁定，请10分钟后再试';
const WRONG = '用户名或密码错误';

describe.each(backends())('parallel wrong passwords on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { loginCaptcha: false });
  });
  afterAll(() => t?.close());

  const post = (username: string, password: string) =>
    t.request({ method: 'POST', url: '/api/sys/login', payload: { username, password } }).then((r) => r.json().message as string);

  it('checks exactly 5 of 30 parallel wrong passwords; the other 25 answer the lockout', async () => {
    const messages = await Promise.all(Array.from({ length: 30 }, (_, i) => post('expert', `Wrong#pass${i}`)));
    expect(messages.filter((m) => m === WRONG)).toHaveLength(5);
    expect(messages.filter((m) => m === LOCKED)).toHaveLength(25);
    expect(await post('expert', seededPassword('expert'))).toBe(LOCKED);
    const row = await t.db
      .selectFrom('sys_login_attempt')
      .select('locked_until')
      .where('username', '=', 'expert')
      .executeTakeFirstOrThrow();
    expect(row.locked_until!.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
  });

  it('counts unknown names the same way', async () => {
    const messages = await Promise.all(Array.from({ length: 12 }, (_, i) => post('ghost_parallel', `Wrong#pass${i}`)));
    expect(messages.filter((m) => m === WRONG)).toHaveLength(5);
    expect(messages.filter((m) => m === LOCKED)).toHaveLength(7);
  });

  it('a right password after fewer than 5 failures signs in and clears the count', async () => {
    for (let i = 0; i < 4; i++) expect(await post('staff', `Wrong#pass${i}`)).toBe(WRONG);
    expect(await post('staff', seededPassword('staff'))).toBe('登录成功');
    for (let i = 0; i < 4; i++) expect(await post('staff', `Wrong#pass${i}`)).toBe(WRONG);
    expect(await post('staff', seededPassword('staff'))).toBe('登录成功');
  });
});
