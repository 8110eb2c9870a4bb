import type { TestApp } from './app';

/** JSON of a call to the API as the holder of `token`. */
export function caller(t: TestApp, token?: string) {
  return {
    get: async (url: string) => (await t.request({ method: 'GET', url: `/api${url}`, ...(token ? { token } : {}) })).json(),
    post: async (url: string, payload: object) =>
      (await t.request({ method: 'POST', url: `/api${url}`, payload, ...(token ? { token } : {}) })).json(),
    put: async (url: string, payload: object) =>
      (await t.request({ method: 'PUT', url: `/api${url}`, payload, ...(token ? { token } : {}) })).json(),
    del: async (url: string) => (await t.request({ method: 'DELETE', url: `/api${url}`, ...(token ? { token } : {}) })).json(),
    status: async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (await t.request({ method, url: `/api${url}`, ...(payload ? { payload } : {}), ...(token ? { token } : {}) })).statusCode,
  };
}

export type Caller = ReturnType<typeof caller>;

/** The seeded ids (server/modules/xypj/seed.ts). */
export const seeded = {
  company: (n: number) => `xypj_company_${String(n).padStart(3, '0')}`,
  expert: (n: number) => `xypj_expert_${String(n).padStart(3, '0')}`,
  material: (expert: number, k: number) => `xypj_mat_${expert}_${String(k).padStart(3, '0')}`,
  engineer: (company: number, k: number) => `xypj_eng_${company}_${String(k).padStart(3, '0')}`,
  application: (year: number, n: number) => `xypj_app_${year}_${String(n).padStart(3, '0')}`,
  batch: (year: number) => `xypj_batch_${String(year).padStart(3, '0')}`,
};

/** The SMS code last sent to `mobile` (read from the outbox, as the SMS tests do). */
export async function lastSmsCode(t: TestApp, mobile: string): Promise<string> {
  const row = await t.db
    .selectFrom('sys_sms_outbox')
    .select('content')
    .where('mobile', '=', mobile)
    .orderBy('create_time', 'desc')
    .executeTakeFirstOrThrow();
  return /(\d{6})/.exec(row.content)![1]!;
}
