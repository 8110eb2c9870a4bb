import { createHash, createHmac } from 'node:crypto';
import type { Db } from '../../db/types';
import { e164, requestJson } from './http';
import { logSms } from './log';
import { SmsSendError, type SmsMessage, type SmsProvider, type SmsSettings } from './types';

export const TENCENT_ENDPOINT = 'https://sms.tencentcloudapi.com/';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  /** seconds since the epoch */
  timestamp: number;
  payload: string;
}

/** The date of the credential scope: the UTC day of the timestamp. */
export const tc3Date = (timestamp: number) => new Date(timestamp * 1000).toISOString().slice(0, 10);

/**
 * TC3-HMAC-SHA256 of a POST to "/" with the headers content-type and host signed: canonical request,
 * string to sign over its SHA-256, key chain TC3+key → date → service → tc3_request. Answers the
 * Authorization header.
 */
export function tc3Authorization(input: Tc3Input): string {
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${CONTENT_TYPE}\nhost:${input.host}\n`,
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n');
  const date = tc3Date(input.timestamp);
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

interface TencentAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: Array<{ Code?: string; Message?: string; SerialNo?: string }>;
    RequestId?: string;
  };
}

/** Tencent Cloud SMS (SendSms, API version 2021-01-11), signed with TC3-HMAC-SHA256. */
export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  readonly sendsNotices: boolean;

  constructor(
    private readonly db: Db,
    private readonly settings: SmsSettings,
  ) {
    this.sendsNotices = Boolean(settings.noticeTemplate);
  }

  /** The URL, headers and body of one SendSms call (exposed for the tests that check it). */
  signedRequest(message: SmsMessage, now = new Date()): { url: string; headers: Record<string, string>; body: string } {
    const s = this.settings;
    const notice = message.templateCode === 'message';
    const template = notice ? s.noticeTemplate : s.codeTemplate;
    if (!template)
      throw new SmsSendError(notice ? '未配置短信通知模板（SMS_NOTICE_TEMPLATE）' : '未配置验证码短信模板（SMS_CODE_TEMPLATE）');
    const url = s.endpoint ?? TENCENT_ENDPOINT;
    const value = notice ? message.params?.title : message.params?.code;
    const body = JSON.stringify({
      PhoneNumberSet: [e164(message.mobile)],
      SmsSdkAppId: s.sdkAppId ?? '',
      SignName: s.signName ?? '',
      TemplateId: template,
      TemplateParamSet: value === undefined ? [] : [value],
    });
    const timestamp = Math.floor(now.getTime() / 1000);
    const authorization = tc3Authorization({
      secretId: s.keyId ?? '',
      secretKey: s.keySecret ?? '',
      service: 'sms',
      host: new URL(url).host,
      timestamp,
      payload: body,
    });
    return {
      url,
      body,
      headers: {
        Authorization: authorization,
        'Content-Type': CONTENT_TYPE,
        'X-TC-Action': 'SendSms',
        'X-TC-Version': '2021-01-11',
        'X-TC-Timestamp': String(timestamp),
        'X-TC-Region': s.region ?? 'ap-guangzhou',
      },
    };
  }

  async send(message: SmsMessage): Promise<void> {
    let result: string | null = null;
    try {
      const { url, headers, body } = this.signedRequest(message);
      const answer = (await requestJson(url, { method: 'POST', headers, body })) as TencentAnswer;
      const error = answer.Response?.Error;
      if (error) throw new SmsSendError(`短信发送失败：${error.Code ?? ''} ${error.Message ?? ''}`.trim());
      const status = answer.Response?.SendStatusSet?.[0];
      result = `${status?.Code ?? ''} ${status?.Message ?? ''} ${status?.SerialNo ?? answer.Response?.RequestId ?? ''}`.trim();
      if (status?.Code !== 'Ok') throw new SmsSendError(`短信发送失败：${result}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await logSms(this.db, { message, provider: this.name, status: 'failed', result: reason, keepContent: false });
      throw error instanceof SmsSendError ? error : new SmsSendError(reason);
    }
    await logSms(this.db, { message, provider: this.name, status: 'sent', result, keepContent: false });
  }
}
