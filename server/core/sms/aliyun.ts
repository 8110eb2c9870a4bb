import { createHmac, randomUUID } from 'node:crypto';
import type { Db } from '../../db/types';
import { requestJson } from './http';
import { logSms } from './log';
import { SmsSendError, type SmsMessage, type SmsProvider, type SmsSettings } from './types';

export const ALIYUN_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

/** RFC 3986 percent-encoding as the RPC signature wants it: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonicalized query: parameters sorted by name, each name and value percent-encoded. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

/** RPC signature (SignatureVersion 1.0): base64 HMAC-SHA1 keyed by `secret&` over `GET&%2F&` + the encoded canonical query. */
export function aliyunSignature(params: Record<string, string>, secret: string, method = 'GET'): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** Timestamp in the form the API takes: 2017-07-12T02:42:19Z. */
export function aliyunTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Alibaba Cloud SMS (dysmsapi SendSms, API version 2017-05-25) with a signed GET. */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  readonly sendsNotices: boolean;

  constructor(
    private readonly db: Db,
    private readonly settings: SmsSettings,
  ) {
    this.sendsNotices = Boolean(settings.noticeTemplate);
  }

  /** The signed query of one SendSms call (exposed for the tests that check it). */
  signedQuery(message: SmsMessage, now = new Date(), nonce: string = randomUUID()): string {
    const s = this.settings;
    const notice = message.templateCode === 'message';
    const template = notice ? s.noticeTemplate : s.codeTemplate;
    if (!template)
      throw new SmsSendError(notice ? '未配置短信通知模板（SMS_NOTICE_TEMPLATE）' : '未配置验证码短信模板（SMS_CODE_TEMPLATE）');
    const params: Record<string, string> = {
      AccessKeyId: s.keyId ?? '',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.mobile,
      RegionId: s.region ?? 'cn-hangzhou',
      SignName: s.signName ?? '',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: template,
      TemplateParam: JSON.stringify(message.params ?? {}),
      Timestamp: aliyunTimestamp(now),
      Version: '2017-05-25',
    };
    return `Signature=${percentEncode(aliyunSignature(params, s.keySecret ?? ''))}&${canonicalQuery(params)}`;
  }

  async send(message: SmsMessage): Promise<void> {
    let result: string | null = null;
    try {
      const body = await requestJson(`${this.settings.endpoint ?? ALIYUN_ENDPOINT}?${this.signedQuery(message)}`, { method: 'GET' });
      result = `${String(body.Code ?? '')} ${String(body.Message ?? '')} ${String(body.BizId ?? body.RequestId ?? '')}`.trim();
      if (body.Code !== 'OK') throw new SmsSendError(`短信发送失败：${result}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await logSms(this.db, { message, provider: this.name, status: 'failed', result: reason, keepContent: false });
      throw error instanceof SmsSendError ? error : new SmsSendError(reason);
    }
    await logSms(this.db, { message, provider: this.name, status: 'sent', result, keepContent: false });
  }
}
