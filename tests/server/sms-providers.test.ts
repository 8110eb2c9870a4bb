import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { aliyunSignature, AliyunSmsProvider } from '../../server/core/sms/aliyun';
import { tc3Authorization, TencentSmsProvider } from '../../server/core/sms/tencent';
import type { SmsSettings } from '../../server/core/sms/types';
import { backends, startTestApp, type TestApp } from './support/app';
import { caller } from './support/xypj';

/*
 * The published examples:
 * - Alibaba Cloud SMS, "HTTP协议及签名" (RPC signature): AccessKeyId testId, AccessKeySecret testSecret, the SendSms
 *   request of 2017-07-12T02:42:19Z below; the documented signature is zJDF+Lrzhj/ThnlvIToysFRq6t4=.
 * - Tencent Cloud API 3.0, "签名方法 v3": SecretId AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE, SecretKey
 *   Gu5t9xGARNpq86cd98joQYCN3EXAMPLE, cvm DescribeInstances at 1551113065 with the payload below; the documented
 *   signature is 72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168.
 */
describe("signatures against the providers' published examples", () => {
  it('Alibaba Cloud RPC signature (HMAC-SHA1)', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(aliyunSignature(params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('Tencent Cloud TC3-HMAC-SHA256', () => {
    const authorization = tc3Authorization({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      timestamp: 1551113065,
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
    });
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, ' +
        'Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('SMS_PROVIDER names the provider and what it still needs', () => {
    expect(loadConfig({}).smsProvider.provider).toBe('outbox');
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent', SMS_ACCESS_KEY_ID: 'a', SMS_ACCESS_KEY_SECRET: 'b', SMS_SIGN_NAME: 'c' })).toThrow(
      'SMS_PROVIDER=tencent needs SMS_CODE_TEMPLATE, SMS_SDK_APP_ID',
    );
    const env = {
      SMS_PROVIDER: 'aliyun',
      SMS_ACCESS_KEY_ID: 'a',
      SMS_ACCESS_KEY_SECRET: 'b',
      SMS_SIGN_NAME: 'c',
      SMS_CODE_TEMPLATE: 'SMS_1',
    };
    expect(loadConfig(env).smsProvider).toMatchObject({ provider: 'aliyun', codeTemplate: 'SMS_1' });
  });
});

const KEY_ID = 'LTAI-test-key';
const SECRET = 'test-secret-for-the-local-endpoint';

/** RFC 3986 encoding written out here, apart from the product's code, so the endpoint checks it independently. */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

interface Received {
  provider: 'aliyun' | 'tencent';
  valid: boolean;
  phone: string;
  templateParam: string;
}

function verifyAliyun(req: IncomingMessage): Received {
  const url = new URL(req.url ?? '/', 'http://local');
  const params = Object.fromEntries(url.searchParams.entries());
  const { Signature: signature, ...rest } = params;
  const canonical = Object.keys(rest)
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(rest[k]!)}`)
    .join('&');
  const expected = createHmac('sha1', `${SECRET}&`)
    .update(`GET&%2F&${rfc3986(canonical)}`)
    .digest('base64');
  const valid =
    req.method === 'GET' &&
    signature === expected &&
    rest.AccessKeyId === KEY_ID &&
    rest.SignatureMethod === 'HMAC-SHA1' &&
    rest.Action === 'SendSms';
  return { provider: 'aliyun', valid, phone: rest.PhoneNumbers ?? '', templateParam: rest.TemplateParam ?? '' };
}

function verifyTencent(req: IncomingMessage, body: string): Received {
  const header = String(req.headers.authorization ?? '');
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  const timestamp = Number(req.headers['x-tc-timestamp']);
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');
  let valid = false;
  if (m && m[1] === KEY_ID && new Date(timestamp * 1000).toISOString().slice(0, 10) === m[2]) {
    const canonical = `POST\n/\n\ncontent-type:${String(req.headers['content-type'])}\nhost:${String(req.headers.host)}\n\ncontent-type;host\n${sha(body)}`;
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${m[2]}/sms/tc3_request\n${sha(canonical)}`;
    const k = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();
    const expected = createHmac('sha256', k(k(k(`TC3${SECRET}`, m[2]!), 'sms'), 'tc3_request'))
      .update(toSign)
      .digest('hex');
    valid = expected === m[3] && req.headers['x-tc-action'] === 'SendSms';
  }
  const json = JSON.parse(body) as { PhoneNumberSet: string[]; TemplateParamSet: string[] };
  return { provider: 'tencent', valid, phone: json.PhoneNumberSet[0] ?? '', templateParam: JSON.stringify(json.TemplateParamSet) };
}

/** A local stand-in of both providers' APIs that re-computes each request's signature and answers as they do. */
async function startProviderEndpoint(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET') {
        const r = verifyAliyun(req);
        received.push(r);
        res.end(
          JSON.stringify(
            r.valid
              ? { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'F655A8D5' }
              : { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' },
          ),
        );
        return;
      }
      const r = verifyTencent(req, body);
      received.push(r);
      res.end(
        JSON.stringify(
          r.valid
            ? {
                Response: {
                  SendStatusSet: [{ Code: 'Ok', Message: 'send success', SerialNo: '5000:1045710669157053657849499619' }],
                  RequestId: 'a0aabda6',
                },
              }
            : {
                Response: {
                  Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' },
                  RequestId: 'b1',
                },
              },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function settings(provider: 'aliyun' | 'tencent', endpoint: string, secret = SECRET): SmsSettings {
  return {
    provider,
    keyId: KEY_ID,
    keySecret: secret,
    signName: '信用评价',
    codeTemplate: 'SMS_CODE_1',
    noticeTemplate: 'SMS_NOTICE_1',
    sdkAppId: '1400000000',
    endpoint,
  };
}

interface LogRow {
  provider: string;
  status: string;
  content: string;
  result: string | null;
}

describe.each(backends())('SMS providers against a local signed endpoint on %s', (backend) => {
  let endpoint: Awaited<ReturnType<typeof startProviderEndpoint>>;
  const apps = new Map<'aliyun' | 'tencent', TestApp>();

  beforeAll(async () => {
    endpoint = await startProviderEndpoint();
    for (const provider of ['aliyun', 'tencent'] as const)
      apps.set(provider, await startTestApp(backend, { smsProvider: settings(provider, endpoint.url) }));
  }, 120_000);

  afterAll(async () => {
    for (const t of apps.values()) await t.close();
    await endpoint?.close();
  });

  const lastLog = async (t: TestApp, mobile: string) =>
    (
      await sql<LogRow>`select provider, status, content, result from sys_sms_outbox where mobile = ${mobile} order by create_time desc limit 1`.execute(
        t.db,
      )
    ).rows[0];

  for (const provider of ['aliyun', 'tencent'] as const) {
    it(`${provider}: a login code goes out signed, the endpoint accepts it, 短信记录 keeps the answer and no code`, async () => {
      const t = apps.get(provider)!;
      const mobile = '13800000004'; // the demo company account
      const res = await caller(t).post('/sys/sms', { mobile, smsmode: '0' });
      expect(res).toMatchObject({ success: true, message: '验证码已发送' });
      const got = endpoint.received.at(-1)!;
      expect(got).toMatchObject({ provider, valid: true, phone: provider === 'tencent' ? `+86${mobile}` : mobile });
      const code =
        provider === 'aliyun' ? (JSON.parse(got.templateParam) as { code: string }).code : (JSON.parse(got.templateParam) as string[])[0]!;
      expect(code).toMatch(/^\d{6}$/);
      const log = await lastLog(t, mobile);
      expect(log).toMatchObject({ provider, status: 'sent' });
      expect(log!.result).toMatch(provider === 'aliyun' ? /^OK OK 900619746936498440/ : /^Ok send success 5000:/);
      expect(log!.content).not.toContain(code);
      expect(log!.content).toContain('******');
    });

    it(`${provider}: a notice signed with the wrong secret is refused by the endpoint and logged as failed`, async () => {
      const t = apps.get(provider)!;
      const sms =
        provider === 'aliyun'
          ? new AliyunSmsProvider(t.db, settings(provider, endpoint.url, 'wrong-secret'))
          : new TencentSmsProvider(t.db, settings(provider, endpoint.url, 'wrong-secret'));
      const message = { mobile: '13900000001', templateCode: 'message', content: '测试通知', params: { title: '测试' } };
      await expect(sms.send(message)).rejects.toThrow(provider === 'aliyun' ? /SignatureDoesNotMatch/ : /AuthFailure.SignatureFailure/);
      expect(endpoint.received.at(-1)).toMatchObject({
        provider,
        valid: false,
        templateParam: provider === 'aliyun' ? '{"title":"测试"}' : '["测试"]',
      });
      expect(await lastLog(t, '13900000001')).toMatchObject({ provider, status: 'failed', content: '测试通知' });
    });

    it(`${provider}: a code the provider refuses answers a plain failure`, async () => {
      const t = await startTestApp(backend, { smsProvider: settings(provider, endpoint.url, 'wrong-secret') });
      try {
        expect(await caller(t).post('/sys/sms', { mobile: '13800000004', smsmode: '0' })).toMatchObject({
          success: false,
          message: '短信发送失败，请稍后再试',
        });
        expect(await lastLog(t, '13800000004')).toMatchObject({ provider, status: 'failed' });
      } finally {
        await t.close();
      }
    }, 60_000);
  }
});

describe.each(backends())('短信记录 of the development outbox on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('a new company registers with the code an administrator reads in 短信记录; anyone else granted the screen sees it masked', async () => {
    const mobile = '13700002222';
    expect(await caller(t).post('/sys/sms', { mobile, smsmode: '1' })).toMatchObject({ success: true, message: '验证码已发送' });
    const admin = caller(t, await t.login('admin'));
    const page = await admin.get(`/sys/smsLog/list?mobile=${mobile}`);
    expect(page.result.records).toHaveLength(1);
    const row = page.result.records[0] as Record<string, string>;
    expect(row).toMatchObject({
      mobile,
      templateCode_dictText: '注册验证码',
      provider_dictText: '开发发件箱（未发出）',
      status_dictText: '仅存发件箱',
    });
    const code = /验证码是(\d{6})/.exec(row.content!)![1]!;

    const form = {
      companyName: '短信注册监理有限公司',
      creditCode: '91350100M000100Y43',
      contact: '王五',
      mobile,
      username: 'smsco01',
      password: 'Smsco#2024',
      smscode: code,
    };
    expect(await caller(t).post('/sys/user/register', form)).toMatchObject({
      success: true,
      result: { username: 'smsco01', status: 'pending' },
    });

    const staff = caller(t, await t.login('staff'));
    expect(await staff.status('GET', `/sys/smsLog/list?mobile=${mobile}`)).toBe(403);
    const role = (await sql<{ id: string }>`select id from sys_role where role_code = 'xypj_staff'`.execute(t.db)).rows[0]!;
    await sql`insert into sys_role_permission (id, role_id, permission_id) values ('rp_test_smslog', ${role.id}, 'm_system_sms_log')`.execute(
      t.db,
    );
    const masked = (await staff.get(`/sys/smsLog/list?mobile=${mobile}`)).result.records[0] as Record<string, string>;
    expect(masked.content).toContain('您的验证码是******');
    expect(masked.content).not.toContain(code);
  });
});
