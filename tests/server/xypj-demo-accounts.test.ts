import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, seededPassword, startTestApp, type TestApp } from './support/app';
import { placeDemoReviewersInDepartment } from '../../server/modules/xypj/seed-scoring';

/** Every demo account signs in inside a department: the sign-in page warns 您尚未归属部门 when multi_depart is 0. */
describe.each(backends())('demo accounts on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  async function signIn(username: string): Promise<{ multi_depart: number; userInfo: { orgCode: string | null } }> {
    const { checkKey, answer } = await t.captcha();
    const res = await t.request({
      method: 'POST',
      url: `${t.config.apiBase}/sys/login`,
      payload: { username, password: seededPassword(username), captcha: answer, checkKey },
    });
    const body = res.json();
    expect(body.success, body.message).toBe(true);
    return body.result;
  }

  it.each(['staff', 'expert', 'reviewer2', 'reviewer3', 'company'])('%s belongs to a department', async (username) => {
    const result = await signIn(username);
    expect(result.multi_depart).not.toBe(0);
    expect(result.userInfo.orgCode).toBeTruthy();
  });

  it('a database seeded before the reviewers had a department gets it at start, once', async () => {
    await t.db.deleteFrom('sys_user_depart').where('user_id', '=', 'u_demo_expert3').execute();
    await t.db.updateTable('sys_user').set({ org_code: null }).where('id', '=', 'u_demo_expert3').execute();
    expect((await signIn('reviewer3')).multi_depart).toBe(0);
    await placeDemoReviewersInDepartment(t.db);
    await placeDemoReviewersInDepartment(t.db);
    expect((await signIn('reviewer3')).multi_depart).toBe(1);
    const rows = await t.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', 'u_demo_expert3').execute();
    expect(rows).toEqual([{ dep_id: 'd_a01a02' }]);
  });
});
